// The request's files: a 3-D preview (three.js loads only when one is shown), the measured size next to
// something familiar, volume and watertightness, the file's unit (with the suggestion made obvious when
// the size is implausible) and how many of each to print. Unit and quantity save as soon as they change.

import { UNIT_LABELS, UNITS, type Units } from '@printfarm/domain/units';
import { useState } from 'react';
import { type RequestFile, useUpdatePrintRequest } from '../../api/printRequests.ts';
import { useDeleteProjectFile } from '../../api/projectFiles.ts';
import { AnalysisBadge, formatBytes } from '../../components/dashboard/fileFormat.tsx';
import { FindingsList, hasWarnings, WarningChoice } from '../../components/findings/Findings.tsx';
import { FILE_DELETED } from '../../components/outcomes.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  TermList,
} from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { UploadDialog } from '../../components/upload/UploadDialog.tsx';
import { autoPreviewed, isPreviewFormat } from '../../components/viewer/formats.ts';
import { Metrics, QuantityStepper, UnitSuggestion } from './FileMeasures.tsx';
import { FilePreview } from './FilePreview.tsx';

/** Browsers cap live WebGL contexts; previews beyond the first few open on request. */
const AUTO_PREVIEWS = 3;

const UNIT_OPTIONS = UNITS.map((units) => ({ value: units, label: `${units} · ${UNIT_LABELS[units]}` }));

function FileCard({
  requestId,
  file,
  editable,
  answerable,
  previewByDefault,
}: {
  requestId: string;
  file: RequestFile;
  editable: boolean;
  /** The customer may still answer its warnings (before ordering; it leaves the offers standing). */
  answerable: boolean;
  previewByDefault: boolean;
}) {
  const update = useUpdatePrintRequest(requestId, toastOnFailure('Could not save your choices'));
  const retire = useDeleteProjectFile(FILE_DELETED);
  const [previewChoice, setPreviewChoice] = useState<boolean | null>(null);
  const [fixing, setFixing] = useState(false);
  const analysis = file.analysis;
  const ready = file.analysisStatus === 'ready' && analysis !== null;
  const canPreview = ready && isPreviewFormat(file.fileType);
  const showPreview = canPreview && (previewChoice ?? previewByDefault);
  const saveFile = (change: { units?: Units; quantity?: number; printAsIs?: boolean }) =>
    update.mutate({ files: [{ id: file.id, ...change }] });

  return (
    <li
      className="request-file"
      data-file-name={file.fileName}
      data-status={file.analysisStatus}
      data-print-as-is={file.printAsIs}
    >
      <FilePreview
        file={file}
        showPreview={showPreview}
        canPreview={canPreview}
        onShow={() => setPreviewChoice(true)}
      />
      <div className="request-file__body">
        <div className="request-file__header">
          <div>
            <p className="request-file__name">{file.fileName}</p>
            <p className="request-file__meta">
              {file.fileType.toUpperCase()} · {formatBytes(file.fileSize)}
            </p>
          </div>
          <AnalysisBadge status={file.analysisStatus} />
        </div>
        {file.analysisStatus === 'rejected' && (
          <p className="file-card__reason" role="status">
            {analysis?.rejectReason ?? 'This file could not be read, so it cannot be printed.'}
          </p>
        )}
        {ready && analysis && (
          <>
            <Metrics analysis={analysis} />
            <FindingsList findings={analysis.findings} />
            {answerable && hasWarnings(analysis) && (
              <WarningChoice
                printAsIs={file.printAsIs}
                busy={update.isPending}
                onPrintAsIs={(printAsIs) => saveFile({ printAsIs })}
                onUploadFixed={() => setFixing(true)}
              />
            )}
            {!answerable && file.printAsIs && hasWarnings(analysis) && (
              <p className="request-file__answer">You chose to print this file as it is.</p>
            )}
            {editable && (
              <UnitSuggestion
                analysis={analysis}
                onUse={(units) => saveFile({ units })}
                busy={update.isPending}
              />
            )}
            {!editable && (
              <TermList
                className="file-metrics request-file__metrics"
                terms={[
                  { term: 'Units in the file', detail: UNIT_LABELS[analysis.units] },
                  { term: 'Quantity', detail: file.quantity },
                ]}
              />
            )}
            {editable && (
              <div className="request-file__controls">
                <FormField label="Units in the file" className="request-file__control">
                  <Select
                    value={analysis.units}
                    options={UNIT_OPTIONS}
                    disabled={update.isPending}
                    onChange={(event) => saveFile({ units: event.target.value as Units })}
                  />
                </FormField>
                <div className="request-file__control">
                  <span className="label">Quantity</span>
                  <QuantityStepper
                    value={file.quantity}
                    label={file.fileName}
                    disabled={update.isPending}
                    onCommit={(quantity) => saveFile({ quantity })}
                  />
                </div>
              </div>
            )}
          </>
        )}
        {canPreview && showPreview && (
          <Button
            variant="ghost"
            size="sm"
            className="request-file__toggle"
            onClick={() => setPreviewChoice(false)}
          >
            Hide 3D preview
          </Button>
        )}
      </div>
      {fixing && (
        <UploadDialog
          open
          onOpenChange={setFixing}
          printRequestId={requestId}
          title={`Upload a fixed ${file.fileName}`}
          // The fixed file takes the place of this one in the request.
          onUploaded={() => retire.mutate(file)}
        />
      )}
    </li>
  );
}

export function FilesSection({
  requestId,
  title,
  files,
  editable,
  answerable = editable,
}: {
  requestId: string;
  title: string;
  files: RequestFile[];
  editable: boolean;
  /** Before ordering: the customer may answer the files' warnings even where editing waits. */
  answerable?: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const previewed = autoPreviewed(files, AUTO_PREVIEWS);
  return (
    <Card className="request-files">
      <CardHeader className="request-card-header">
        <div>
          <CardTitle>Files</CardTitle>
          <CardDescription>
            {editable
              ? 'Check each part’s size and unit, and how many you need.'
              : 'The parts in this order.'}
          </CardDescription>
        </div>
        {editable && (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            Add files
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {files.length === 0 ? (
          <p className="dash-empty">No files in this request.</p>
        ) : (
          <ul className="request-file-list">
            {files.map((file) => (
              <FileCard
                key={file.id}
                requestId={requestId}
                file={file}
                editable={editable}
                answerable={answerable}
                previewByDefault={previewed.has(file)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <UploadDialog
        open={adding}
        onOpenChange={setAdding}
        printRequestId={requestId}
        title={`Add files to ${title}`}
      />
    </Card>
  );
}
