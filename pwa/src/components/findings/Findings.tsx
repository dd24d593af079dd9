// A file's printability findings as the customer and the farm read them: what blocks printing, what
// to check, what is good to know. The customer answers the warnings here: print as is, or upload a
// fixed file (the request page passes the actions; the farm's view shows the answer).
import { hasWarnings as warns } from '@printfarm/domain/printability';
import type { FileAnalysis, RequestFile } from '../../api/printRequests.ts';
import { cx } from '../../lib/cx.ts';
import { Button } from '../ui/button.tsx';
import './findings.css';

export type Finding = FileAnalysis['findings'][number];

const SEVERITY_LABELS: Record<Finding['severity'], string> = {
  blocks: 'Cannot print',
  warns: 'Check',
  info: 'Good to know',
};

export function FindingsList({ findings }: { findings: readonly Finding[] }) {
  if (findings.length === 0) return null;
  return (
    <ul className="findings" aria-label="Printability checks">
      {findings.map((finding) => (
        <li
          key={`${finding.code}-${finding.message}`}
          className={cx('finding', `finding--${finding.severity}`)}
          data-code={finding.code}
          data-severity={finding.severity}
        >
          <span className="finding__label">{SEVERITY_LABELS[finding.severity]}</span>
          <span className="finding__message">{finding.message}</span>
        </li>
      ))}
    </ul>
  );
}

export interface WarningChoiceProps {
  printAsIs: boolean;
  busy: boolean;
  onPrintAsIs: (printAsIs: boolean) => void;
  onUploadFixed: () => void;
}

/** Asked once a file has warnings: the customer decides before ordering, and may change their mind. */
export function WarningChoice({ printAsIs, busy, onPrintAsIs, onUploadFixed }: WarningChoiceProps) {
  if (printAsIs) {
    return (
      <div className="warning-choice warning-choice--answered" role="status">
        <p>You chose to print this file as it is.</p>
        <Button variant="ghost" size="sm" disabled={busy} onClick={() => onPrintAsIs(false)}>
          Change
        </Button>
      </div>
    );
  }
  return (
    <fieldset className="warning-choice">
      <legend>Print it as it is, or fix the file first?</legend>
      <div className="warning-choice__actions">
        <Button size="sm" loading={busy} onClick={() => onPrintAsIs(true)}>
          Print as is
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={onUploadFixed}>
          Upload a fixed file
        </Button>
      </div>
    </fieldset>
  );
}

export const hasWarnings = (analysis: FileAnalysis | null) => warns(analysis?.findings ?? []);

/** A measured file with warnings the customer has not answered yet: ordering waits for the answer. */
export const awaitsAnswer = (file: RequestFile) =>
  file.analysisStatus === 'ready' && !file.printAsIs && hasWarnings(file.analysis);
