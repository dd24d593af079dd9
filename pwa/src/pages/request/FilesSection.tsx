// The request's files: a 3-D preview (three.js loads only when one is shown), the measured size next to
// something familiar, volume and watertightness, the file's unit (with the suggestion made obvious when
// the size is implausible) and how many of each to print. Unit and quantity save as soon as they change.
import { MM_PER_UNIT, UNIT_LABELS, UNITS, type Units } from '@printfarm/domain/units';
import { useEffect, useState } from 'react';
import { type FileAnalysis, type RequestFile, useUpdatePrintRequest } from '../../api/printRequests.ts';
import { useDeleteProjectFile } from '../../api/projectFiles.ts';
import { AnalysisBadge, formatBytes } from '../../components/dashboard/fileFormat.tsx';
import { FindingsList, hasWarnings, WarningChoice } from '../../components/findings/Findings.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { UploadDialog } from '../../components/upload/UploadDialog.tsx';
import { isPreviewFormat } from '../../components/viewer/formats.ts';
import { ModelViewer, type PreviewMarker } from '../../components/viewer/ModelViewer.tsx';

/** Browsers cap live WebGL contexts; previews beyond the first few open on request. */
const AUTO_PREVIEWS = 3;
const MAX_QUANTITY = 1_000;

const UNIT_OPTIONS = UNITS.map((units) => ({ value: units, label: `${units} · ${UNIT_LABELS[units]}` }));

const ORIENTATION_CAPTIONS: Record<string, string> = {
  'z-': 'Shown as it prints: as uploaded',
  'z+': 'Shown as it prints: upside down, the side needing least support',
  'x-': 'Shown as it prints: on its side, needing least support',
  'x+': 'Shown as it prints: on its side, needing least support',
  'y-': 'Shown as it prints: on its side, needing least support',
  'y+': 'Shown as it prints: on its side, needing least support',
  face: 'Shown as it prints: on its largest flat face, needing least support',
};

/** The places the findings point at, back in the file's own units for the preview. */
function markersOf(analysis: FileAnalysis): PreviewMarker[] {
  const mmPerUnit = MM_PER_UNIT[analysis.units];
  return analysis.findings.flatMap((finding) =>
    (finding.points ?? []).map(
      ([x, y, z]): PreviewMarker => ({
        at: [x / mmPerUnit, y / mmPerUnit, z / mmPerUnit],
        severity: finding.severity,
      }),
    ),
  );
}

/** '0.16 mm', '20 mm', '1.2 m': a length a person reads at a glance. */
export function lengthText(mm: number): string {
  if (mm >= 1000) return `${(mm / 1000).toFixed(mm >= 10_000 ? 0 : 1)} m`;
  if (mm >= 10) return `${Math.round(mm)} mm`;
  if (mm >= 1) return `${mm.toFixed(1)} mm`;
  return `${Number(mm.toPrecision(2))} mm`;
}

const wholeNumber = new Intl.NumberFormat();

/** '0.000001 cm³', '8.0 cm³', '1,000 cm³'. */
function volumeText(cm3: number): string {
  if (cm3 < 0.1) return `${Number(cm3.toPrecision(2))} cm³`;
  return cm3 < 100 ? `${cm3.toFixed(1)} cm³` : `${wholeNumber.format(Math.round(cm3))} cm³`;
}

function sizeText({ x, y, z }: { x: number; y: number; z: number }): string {
  return `${lengthText(x)} × ${lengthText(y)} × ${lengthText(z)}`.replace(/ mm × /g, ' × ');
}

function Metrics({ analysis }: { analysis: FileAnalysis }) {
  const box = analysis.boundingBoxMm;
  return (
    <dl className="file-metrics request-file__metrics">
      {box && (
        <div className="file-metrics__wide">
          <dt>Size</dt>
          <dd>
            {sizeText(box)}
            {analysis.familiarSize && (
              <span className="request-file__familiar"> · {analysis.familiarSize}</span>
            )}
          </dd>
        </div>
      )}
      {analysis.volumeCm3 !== null && (
        <div>
          <dt>Volume</dt>
          <dd>{volumeText(analysis.volumeCm3)}</dd>
        </div>
      )}
      {analysis.watertight !== null && (
        <div>
          <dt>Watertight</dt>
          <dd title={analysis.watertight ? undefined : 'The mesh has holes; the farm may have to repair it.'}>
            {analysis.watertight ? 'Yes' : 'No, has holes'}
          </dd>
        </div>
      )}
    </dl>
  );
}

function UnitSuggestion({
  analysis,
  onUse,
  busy,
}: {
  analysis: FileAnalysis;
  onUse: (units: Units) => void;
  busy: boolean;
}) {
  const suggested = analysis.suggestedUnits;
  const box = analysis.boundingBoxMm;
  if (!suggested || !box) return null;
  const largest = Math.max(box.x, box.y, box.z);
  const unitName = UNIT_LABELS[suggested].toLowerCase();
  return (
    <div className="unit-suggestion" role="status">
      <p>
        This part is <strong>{lengthText(largest)}</strong> wide — was it made in {unitName}?
      </p>
      <Button size="sm" onClick={() => onUse(suggested)} loading={busy}>
        Use {unitName}
      </Button>
    </div>
  );
}

function QuantityStepper({
  value,
  onCommit,
  disabled,
  label,
}: {
  value: number;
  onCommit: (quantity: number) => void;
  disabled: boolean;
  label: string;
}) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const commit = (next: number) => {
    const clamped = Math.min(MAX_QUANTITY, Math.max(1, Math.round(next)));
    setDraft(String(clamped));
    if (clamped !== value) onCommit(clamped);
  };
  return (
    <div className="quantity-stepper">
      <Button
        variant="outline"
        size="icon"
        aria-label={`One fewer ${label}`}
        disabled={disabled || value <= 1}
        onClick={() => commit(value - 1)}
      >
        −
      </Button>
      <input
        className="input quantity-stepper__input"
        inputMode="numeric"
        aria-label={`Quantity of ${label}`}
        value={draft}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value.replace(/\D/g, ''))}
        onBlur={() => commit(Number(draft) || value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit(Number(draft) || value);
          }
        }}
      />
      <Button
        variant="outline"
        size="icon"
        aria-label={`One more ${label}`}
        disabled={disabled || value >= MAX_QUANTITY}
        onClick={() => commit(value + 1)}
      >
        +
      </Button>
    </div>
  );
}

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
  const update = useUpdatePrintRequest(requestId);
  const retire = useDeleteProjectFile();
  const [previewChoice, setPreviewChoice] = useState<boolean | null>(null);
  const [fixing, setFixing] = useState(false);
  const analysis = file.analysis;
  const ready = file.analysisStatus === 'ready' && analysis !== null;
  const canPreview = ready && isPreviewFormat(file.fileType);
  const showPreview = canPreview && (previewChoice ?? previewByDefault);
  const orientation = analysis?.printOrientation ?? null;
  const saveFile = (change: { units?: Units; quantity?: number; printAsIs?: boolean }) =>
    update.mutate({ files: [{ id: file.id, ...change }] });

  return (
    <li
      className="request-file"
      data-file-name={file.fileName}
      data-status={file.analysisStatus}
      data-print-as-is={file.printAsIs}
    >
      <div className="request-file__preview">
        {showPreview ? (
          <>
            <ModelViewer
              downloadUrl={file.downloadUrl}
              fileType={file.fileType}
              label={file.fileName}
              orientation={orientation?.rotation ?? null}
              markers={analysis ? markersOf(analysis) : []}
            />
            {orientation && (
              <p className="request-file__orientation">{ORIENTATION_CAPTIONS[orientation.key]}</p>
            )}
          </>
        ) : (
          <div className="request-file__placeholder">
            {file.analysisStatus === 'pending' || file.analysisStatus === 'analyzing' ? (
              <Spinner label="Checking and measuring your model..." showLabel />
            ) : canPreview ? (
              <Button variant="outline" size="sm" onClick={() => setPreviewChoice(true)}>
                Show 3D preview
              </Button>
            ) : (
              <span>{file.fileType.toUpperCase()}</span>
            )}
          </div>
        )}
      </div>
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
              <dl className="file-metrics request-file__metrics">
                <div>
                  <dt>Units in the file</dt>
                  <dd>{UNIT_LABELS[analysis.units]}</dd>
                </div>
                <div>
                  <dt>Quantity</dt>
                  <dd>{file.quantity}</dd>
                </div>
              </dl>
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
  let previews = 0;
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
            {files.map((file) => {
              const previewByDefault =
                file.analysisStatus === 'ready' &&
                isPreviewFormat(file.fileType) &&
                previews++ < AUTO_PREVIEWS;
              return (
                <FileCard
                  key={file.id}
                  requestId={requestId}
                  file={file}
                  editable={editable}
                  answerable={answerable}
                  previewByDefault={previewByDefault}
                />
              );
            })}
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
