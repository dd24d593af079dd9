// The File Manager tab: every uploaded file with its analysis status and metrics, a 3-D preview,
// download, and delete (with a confirmation). Polls while any analysis is still running.

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type ProjectFile, projectFileQueries, useDeleteProjectFile } from '../../api/projectFiles.ts';
import { errorMessage } from '../../api/request.ts';
import { DataAge } from '../../components/DataAge.tsx';
import { AnalysisBadge, formatBytes, formatNumber } from '../../components/dashboard/fileFormat.tsx';
import { FindingsList } from '../../components/findings/Findings.tsx';
import { FILE_DELETED } from '../../components/outcomes.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { autoPreviewed, isPreviewFormat } from '../../components/viewer/formats.ts';
import { FileViewer } from '../request/FilePreview.tsx';

/** Previews open by themselves for the first few ready files; browsers cap live WebGL contexts. */
const AUTO_PREVIEWS = 4;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Metrics({ file }: { file: ProjectFile }) {
  const analysis = file.analysis;
  if (!analysis || file.analysisStatus !== 'ready') return null;
  const box = analysis.boundingBoxMm;
  const fits = Object.entries(analysis.fitsBuildVolume ?? {});
  const fitting = fits.filter(([, fitsIt]) => fitsIt).map(([technology]) => technology);
  const metadata = analysis.metadata;
  const printTime =
    typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata)
      ? metadata.estimatedTimeSeconds
      : undefined;
  return (
    <dl className="file-metrics">
      {analysis.triangleCount !== null && (
        <div>
          <dt>Triangles</dt>
          <dd>{formatNumber(analysis.triangleCount, 0)}</dd>
        </div>
      )}
      {box && (
        <div>
          <dt>Bounding box</dt>
          <dd>
            {formatNumber(box.x, 1)} × {formatNumber(box.y, 1)} × {formatNumber(box.z, 1)} mm
          </dd>
        </div>
      )}
      {analysis.volumeCm3 !== null && (
        <div>
          <dt>Volume</dt>
          <dd>{analysis.volumeCm3.toFixed(3)} cm³</dd>
        </div>
      )}
      {analysis.surfaceAreaCm2 !== null && (
        <div>
          <dt>Surface area</dt>
          <dd>{analysis.surfaceAreaCm2.toFixed(2)} cm²</dd>
        </div>
      )}
      {analysis.watertight !== null && (
        <div>
          <dt>Watertight</dt>
          <dd>
            {analysis.watertight ? 'Yes' : 'No'}
            {analysis.openEdgeCount ? ` (${formatNumber(analysis.openEdgeCount, 0)} open edges)` : ''}
          </dd>
        </div>
      )}
      {analysis.invertedNormals && (
        <div>
          <dt>Normals</dt>
          <dd>Inverted</dd>
        </div>
      )}
      {typeof printTime === 'number' && (
        <div>
          <dt>Estimated print time</dt>
          <dd>{formatNumber(printTime / 3600, 1)} h</dd>
        </div>
      )}
      {fits.length > 0 && (
        <div className="file-metrics__wide">
          <dt>Fits</dt>
          <dd>
            {fitting.length > 0 ? (
              <ul
                className="file-metrics__fits"
                aria-label="Technologies whose typical build volume fits this model"
              >
                {fitting.map((technology) => (
                  <li key={technology}>{technology}</li>
                ))}
              </ul>
            ) : (
              'Too large for a typical build volume'
            )}
          </dd>
        </div>
      )}
    </dl>
  );
}

function FileCard({
  file,
  previewByDefault,
  onDelete,
}: {
  file: ProjectFile;
  previewByDefault: boolean;
  onDelete: (file: ProjectFile) => void;
}) {
  const [previewChoice, setPreviewChoice] = useState<boolean | null>(null);
  const canPreview = file.analysisStatus === 'ready' && isPreviewFormat(file.fileType);
  const showPreview = canPreview && (previewChoice ?? previewByDefault);
  return (
    <li className="file-card" data-file-name={file.fileName} data-status={file.analysisStatus}>
      <div className="file-card__header">
        <div>
          <p className="file-card__name">{file.fileName}</p>
          <p className="file-card__meta">
            {file.fileType.toUpperCase()} · {formatBytes(file.fileSize)} · Uploaded{' '}
            {dateFormat.format(new Date(file.uploadedAt))}
          </p>
        </div>
        <AnalysisBadge status={file.analysisStatus} />
      </div>
      {(file.analysisStatus === 'pending' || file.analysisStatus === 'analyzing') && (
        <p className="file-card__note" aria-live="polite">
          Checking and measuring your model...
        </p>
      )}
      {file.analysisStatus === 'rejected' && (
        <p className="file-card__reason" role="status">
          {file.analysis?.rejectReason ?? 'This file could not be read.'}
        </p>
      )}
      <Metrics file={file} />
      {file.analysisStatus === 'ready' && file.analysis && <FindingsList findings={file.analysis.findings} />}
      {showPreview && <FileViewer file={file} />}
      <div className="file-card__actions">
        {canPreview && (
          <Button variant="ghost" size="sm" onClick={() => setPreviewChoice(!showPreview)}>
            {showPreview ? 'Hide 3D preview' : 'Show 3D preview'}
          </Button>
        )}
        <a className={buttonClass({ variant: 'outline', size: 'sm' })} href={file.downloadUrl} download>
          Download
        </a>
        <Button variant="ghost" size="sm" className="file-card__delete" onClick={() => onDelete(file)}>
          Delete
        </Button>
      </div>
    </li>
  );
}

export function FileManager({ onUpload }: { onUpload: () => void }) {
  const files = useQuery(projectFileQueries.list());
  const deleteFile = useDeleteProjectFile(FILE_DELETED);
  const [confirming, setConfirming] = useState<ProjectFile | null>(null);

  if (files.isPending) {
    return (
      <div className="file-grid" aria-busy="true">
        <Skeleton className="file-card__skeleton" />
        <Skeleton className="file-card__skeleton" />
      </div>
    );
  }
  if (files.isError) {
    return (
      <p className="dash-error" role="alert">
        {errorMessage(files.error)}
      </p>
    );
  }
  const previewed = autoPreviewed(files.data, AUTO_PREVIEWS);
  return (
    <>
      <DataAge data={files.data} className="file-grid__age" />
      {files.data.length === 0 ? (
        <div className="dash-empty-block">
          <p className="dash-empty">No files uploaded yet.</p>
          <Button onClick={onUpload}>Upload 3D Design Files</Button>
        </div>
      ) : (
        <ul className="file-grid" aria-label="Uploaded files">
          {files.data.map((file) => (
            <FileCard
              key={file.id}
              file={file}
              previewByDefault={previewed.has(file)}
              onDelete={setConfirming}
            />
          ))}
        </ul>
      )}
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Delete this file?"
        description={
          confirming
            ? `${confirming.fileName} and its analysis will be removed. This cannot be undone.`
            : undefined
        }
        size="sm"
        dismissible={!deleteFile.isPending}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(null)} disabled={deleteFile.isPending}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              loading={deleteFile.isPending}
              onClick={() => {
                if (!confirming) return;
                deleteFile.mutate(confirming, { onSettled: () => setConfirming(null) });
              }}
            >
              Delete File
            </Button>
          </>
        }
      />
    </>
  );
}
