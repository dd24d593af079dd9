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
import { REFUSED_ADVICE, RefusedDesigns, StartedRequests, sentence } from './UploadResults.tsx';
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
      {refused.length > 0 && <RefusedDesigns refused={refused} />}
      {started.length > 0 && (
        <StartedRequests started={started} checking={checking} onOpen={(id) => void openRequest(id)} />
      )}
      <CheckboxField
        className="upload-dialog__close-option"
        label="Close this window when all uploads have finished"
        checked={closeWhenDone}
        onChange={(event) => setCloseWhenDone(event.target.checked)}
      />
      <DiscardConfirm
        open={confirmingDiscard}
        onOpenChange={setConfirmingDiscard}
        pending={pending}
        onDiscard={close}
      />
    </Dialog>
  );
}

/** Asked before closing with `pending` chosen files not uploaded yet, since closing discards them. */
function DiscardConfirm({
  open,
  onOpenChange,
  pending,
  onDiscard,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: number;
  onDiscard: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Discard the files you chose?"
      description={`${pending === 1 ? '1 file is' : `${pending} files are`} not uploaded yet. Closing this window discards ${pending === 1 ? 'it' : 'them'}.`}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Keep files
          </Button>
          <Button variant="destructive" onClick={onDiscard}>
            Discard files
          </Button>
        </>
      }
    />
  );
}
