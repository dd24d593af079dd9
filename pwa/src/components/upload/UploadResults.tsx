// What the upload dialog shows of a finished batch: the designs the checks refused, with why, and the
// requests the batch started, to continue to.
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import type { UploadedFile } from './UppyUploader.tsx';
import type { RefusedDesign } from './uploadChecks.ts';

/** The new requests a batch made, each with the files that went into it (a dialog's batch makes one). */
function requestsOf(files: readonly UploadedFile[]) {
  const byRequest = new Map<string | null, string[]>();
  for (const file of files)
    byRequest.set(file.printRequestId, [...(byRequest.get(file.printRequestId) ?? []), file.fileName]);
  return [...byRequest].map(([printRequestId, fileNames]) => ({ printRequestId, fileNames }));
}

const listOf = (names: readonly string[]) =>
  names.length <= 2 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** What the upload made, as it happened: one design, several in one request, or several requests. */
function startedText(files: readonly UploadedFile[]): string {
  const requests = requestsOf(files).length;
  if (files.length === 1) {
    return 'Your design is uploaded. Next: choose the material and get quotes from farms near you.';
  }
  if (requests === 1) {
    return `Your ${files.length} designs are uploaded into one request, to be quoted together. Next: choose the material and get quotes.`;
  }
  return `Your designs are uploaded into ${requests} requests. Next: choose materials and get quotes.`;
}

export const REFUSED_ADVICE = 'Export the design again (STL or 3MF work best) and upload it.';

/** A reason as a sentence: the checks' reasons end without a full stop. */
export const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

export function RefusedDesigns({ refused }: { refused: RefusedDesign[] }) {
  return (
    <div
      className="upload-dialog__refused"
      role="alert"
      // On a phone the list sits below the uploader: bring it into view when it appears.
      ref={(element) => element?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })}
    >
      <p className="upload-dialog__refused-title">
        {refused.length === 1 ? 'This design cannot be printed:' : 'These designs cannot be printed:'}
      </p>
      <ul>
        {refused.map((design) => (
          <li key={design.fileName}>
            <strong>{design.fileName}</strong>: {sentence(design.reason)}
          </li>
        ))}
      </ul>
      <p>{REFUSED_ADVICE}</p>
    </div>
  );
}

/** `checking`: the server's checks of the designs just uploaded are still running. */
export function StartedRequests({
  started,
  checking,
  onOpen,
}: {
  started: UploadedFile[];
  checking: boolean;
  onOpen: (printRequestId: string | null) => void;
}) {
  return (
    <div className="upload-dialog__next" role="status">
      <p className="upload-dialog__next-text">{startedText(started)}</p>
      {checking && (
        <Spinner
          size="sm"
          label="Checking that each design can be printed…"
          showLabel
          className="upload-dialog__checking"
        />
      )}
      <div className="upload-dialog__next-actions">
        {requestsOf(started).map(({ printRequestId, fileNames }, _, all) => (
          <Button
            key={printRequestId ?? 'newest'}
            variant={all.length === 1 ? 'default' : 'outline'}
            onClick={() => onOpen(printRequestId)}
          >
            {all.length === 1 ? 'Continue to your request' : `Continue to ${listOf(fileNames)}`}
          </Button>
        ))}
      </div>
    </div>
  );
}
