// The dashboard's upload dialog: the spec's note and hints around a lazily loaded Uppy uploader,
// the success/failure toasts (success once the server's checks let the designs through; a refused one
// is named with why), an optional close once every file is done, and 'Continue to your request'
// for the draft request a new upload started. Closing it (Escape, the backdrop, ×) while chosen files
// are not uploaded yet asks first, since closing discards them.
import { UPLOAD_HINTS } from '@printfarm/domain/upload';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { printRequestQueries } from '../../api/printRequests.ts';
import { fetchUploadEndpoint, invalidateUploads } from '../../api/projectFiles.ts';
import { errorMessage } from '../../api/request.ts';
import { Button } from '../ui/button.tsx';
import { CheckboxField } from '../ui/checkbox.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { toast } from '../ui/toast.tsx';
import './upload.css';
import type { UploadedFile, UploadOutcome } from './UppyUploader.tsx';
import { type RefusedDesign, refusedDesigns } from './uploadChecks.ts';

const UppyUploader = lazy(() => import('./UppyUploader.tsx'));

export const UPLOAD_DIALOG_NOTE = 'Upload your 3D printing files (STL, OBJ, 3MF, GCODE, etc.)';

export interface UploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Upload into this existing print request instead of starting new ones. */
  printRequestId?: string | undefined;
  title?: string;
  /** Called once a batch has finished with at least one file uploaded (e.g. to retire the file it replaces). */
  onUploaded?: (outcome: UploadOutcome) => void;
}

function UploaderLoading() {
  return (
    <div className="upload-dialog__loading">
      <Spinner label="Loading uploader..." showLabel />
    </div>
  );
}

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

const REFUSED_ADVICE = 'Export the design again (STL or 3MF work best) and upload it.';

/** A reason as a sentence: the checks' reasons end without a full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

export function UploadDialog({
  open,
  onOpenChange,
  printRequestId,
  title = 'Upload 3D Design Files',
  onUploaded,
}: UploadDialogProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [closeWhenDone, setCloseWhenDone] = useState(false);
  // The files of the last finished batch that started new requests (none when adding to a request).
  const [started, setStarted] = useState<UploadedFile[]>([]);
  const [pending, setPending] = useState(0);
  // The server's checks of the designs just uploaded are still running.
  const [checking, setChecking] = useState(false);
  const [refused, setRefused] = useState<RefusedDesign[]>([]);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);

  const close = () => {
    setStarted([]);
    setRefused([]);
    setPending(0);
    setConfirmingDiscard(false);
    onOpenChange(false);
  };
  const requestClose = () => (pending > 0 ? setConfirmingDiscard(true) : close());

  const openRequest = async (printRequestId: string | null) => {
    let id = printRequestId;
    if (!id) {
      // The server names the request in its last upload response; without it, the newest request is ours.
      const requests = await queryClient.fetchQuery({ ...printRequestQueries.list(), staleTime: 0 });
      id = requests.toSorted((a, b) => b.createdAt.localeCompare(a.createdAt))[0]?.id ?? null;
    }
    close();
    navigate(id ? `/dashboard/requests/${id}` : '/dashboard?tab=requests');
  };
  const endpoint = useQuery({
    queryKey: ['/api/objects/upload', 'endpoint'],
    queryFn: fetchUploadEndpoint,
    enabled: open,
  });

  const onComplete = async ({ succeeded, failed, uploaded, reasons }: UploadOutcome) => {
    if (failed > 0) {
      toast({
        title: 'Upload Failed',
        description:
          reasons.length > 0 ? reasons.join(' ') : `Failed to upload ${failed} file(s). Please try again.`,
        variant: 'destructive',
      });
    }
    if (succeeded === 0) return;
    const newRequests = printRequestId ? [] : uploaded;
    invalidateUploads(queryClient);
    setStarted(newRequests);
    onUploaded?.({ succeeded, failed, uploaded, reasons });
    // 'Upload Successful' only for what the checks let through; a refused design is named with why.
    setChecking(true);
    const refused = await refusedDesigns(queryClient, uploaded);
    setChecking(false);
    invalidateUploads(queryClient);
    const printable = succeeded - refused.length;
    if (printable > 0) {
      const only = newRequests.length === 1 ? newRequests[0] : undefined;
      toast({
        title: 'Upload Successful',
        description: `Successfully uploaded ${printable} file(s) for 3D printing.`,
        ...(only && closeWhenDone
          ? {
              action: (
                <Button size="sm" variant="outline" onClick={() => void openRequest(only.printRequestId)}>
                  Open request
                </Button>
              ),
            }
          : {}),
      });
    }
    // One toast at a time: with some designs through, the dialog lists the refused ones beside it.
    setRefused(refused);
    if (refused.length > 0 && printable === 0) {
      toast({
        title:
          refused.length === 1
            ? `${refused[0]?.fileName} cannot be printed`
            : `${refused.length} files cannot be printed`,
        description: refused.length === 1 ? sentence(refused[0]?.reason ?? '') : REFUSED_ADVICE,
        variant: 'destructive',
      });
    }
    if (closeWhenDone && failed === 0 && refused.length === 0) close();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : requestClose())}
      title={title}
      description={UPLOAD_DIALOG_NOTE}
      size="lg"
      className="upload-dialog"
    >
      <ul className="upload-dialog__hints">
        <li>{UPLOAD_HINTS.formats}</li>
        <li>{UPLOAD_HINTS.limits}</li>
      </ul>
      {endpoint.isError ? (
        <p className="upload-dialog__error" role="alert">
          {errorMessage(endpoint.error)}
        </p>
      ) : endpoint.data ? (
        <Suspense fallback={<UploaderLoading />}>
          <UppyUploader
            endpoint={endpoint.data}
            printRequestId={printRequestId}
            onComplete={(outcome) => void onComplete(outcome)}
            onPendingChange={setPending}
          />
        </Suspense>
      ) : (
        <UploaderLoading />
      )}
      {refused.length > 0 && (
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
      )}
      {started.length > 0 && (
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
                onClick={() => void openRequest(printRequestId)}
              >
                {all.length === 1 ? 'Continue to your request' : `Continue to ${listOf(fileNames)}`}
              </Button>
            ))}
          </div>
        </div>
      )}
      <CheckboxField
        className="upload-dialog__close-option"
        label="Close this window when all uploads have finished"
        checked={closeWhenDone}
        onChange={(event) => setCloseWhenDone(event.target.checked)}
      />
      <Dialog
        open={confirmingDiscard}
        onOpenChange={setConfirmingDiscard}
        title="Discard the files you chose?"
        description={`${pending === 1 ? '1 file is' : `${pending} files are`} not uploaded yet. Closing this window discards ${pending === 1 ? 'it' : 'them'}.`}
        size="sm"
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirmingDiscard(false)}>
              Keep files
            </Button>
            <Button variant="destructive" onClick={close}>
              Discard files
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
