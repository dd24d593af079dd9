// The customer's files as the farm judges them: a 3-D preview as the part prints (three.js loads only
// when one is shown), the download, the measured size in real millimetres, volume and whether the mesh
// is watertight, and the printability checks with the customer's answer to their warnings.
import { formatSizeMm } from '@printfarm/domain/units';
import { useState } from 'react';
import type { JobFile } from '../../api/operator.ts';
import { FindingsList, hasWarnings } from '../../components/findings/Findings.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { TermList, TitledCard } from '../../components/ui/card.tsx';
import { isPreviewFormat } from '../../components/viewer/formats.ts';
import { FileViewer } from '../request/FilePreview.tsx';
import { cubicCm } from './format.ts';

function Metrics({ file }: { file: JobFile }) {
  const analysis = file.analysis;
  if (!analysis || file.analysisStatus !== 'ready') {
    return (
      <p className="field__hint">Not measured{analysis?.rejectReason ? `: ${analysis.rejectReason}` : '.'}</p>
    );
  }
  const box = analysis.boundingBoxMm;
  return (
    <TermList
      className="op-facts op-facts--files"
      terms={[
        {
          term: 'Size',
          detail: (
            <>
              {box ? formatSizeMm(box) : '—'}
              {analysis.familiarSize && <span className="op-facts__note">{analysis.familiarSize}</span>}
            </>
          ),
        },
        { term: 'Volume', detail: cubicCm(analysis.volumeCm3) },
        {
          term: 'Surface',
          detail: analysis.surfaceAreaCm2 === null ? '—' : `${analysis.surfaceAreaCm2.toFixed(1)} cm²`,
        },
        {
          term: 'Mesh',
          detail: analysis.watertight ? (
            <Badge variant="green">Watertight</Badge>
          ) : (
            <Badge variant="yellow">Not watertight</Badge>
          ),
        },
        { term: 'Units', detail: analysis.units },
      ]}
    />
  );
}

function FileItem({ file, previewFirst }: { file: JobFile; previewFirst: boolean }) {
  const canPreview = file.analysisStatus === 'ready' && isPreviewFormat(file.fileType);
  const [preview, setPreview] = useState(previewFirst);
  return (
    <li className="op-file">
      <div className="op-file__preview">
        {canPreview && preview ? (
          <FileViewer file={file} />
        ) : (
          <div className="op-file__placeholder">
            {canPreview ? (
              <Button variant="outline" size="sm" onClick={() => setPreview(true)}>
                Show 3D preview
              </Button>
            ) : (
              <span>{file.fileType.toUpperCase()}</span>
            )}
          </div>
        )}
      </div>
      <div className="op-file__body">
        <div className="op-file__head">
          <p className="op-file__name">{file.fileName}</p>
          <span className="op-file__quantity">× {file.quantity}</span>
        </div>
        <Metrics file={file} />
        {file.analysis && <FindingsList findings={file.analysis.findings} />}
        {file.printAsIs && hasWarnings(file.analysis) && (
          <p className="op-file__answer">The customer chose to print it as it is.</p>
        )}
        <a href={file.downloadUrl} download className={buttonClass({ variant: 'outline', size: 'sm' })}>
          Download {file.fileType.toUpperCase()}
        </a>
      </div>
    </li>
  );
}

export function JobFiles({ files }: { files: JobFile[] }) {
  return (
    <TitledCard title="Files" className="op-files-card">
      {files.length === 0 ? (
        <p className="op-empty op-empty--plain">No files are attached to this job.</p>
      ) : (
        <ul className="op-files">
          {files.map((file, index) => (
            <FileItem key={file.id} file={file} previewFirst={index === 0} />
          ))}
        </ul>
      )}
    </TitledCard>
  );
}
