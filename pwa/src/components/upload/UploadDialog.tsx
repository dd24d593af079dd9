// The dashboard's upload dialog: the spec's note and hints around a lazily loaded Uppy uploader,
// the success/failure toasts, and an optional close once every file is done.
import { UPLOAD_HINTS } from '@printfarm/domain/upload';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { fetchUploadEndpoint, invalidateUploads } from '../../api/projectFiles.ts';
import { errorMessage } from '../../api/request.ts';
import { CheckboxField } from '../ui/checkbox.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { toast } from '../ui/toast.tsx';
import './upload.css';
import type { UploadOutcome } from './UppyUploader.tsx';

const UppyUploader = lazy(() => import('./UppyUploader.tsx'));

export const UPLOAD_DIALOG_NOTE = 'Upload your 3D printing files (STL, OBJ, 3MF, GCODE, etc.)';

export interface UploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Upload into this existing print request instead of starting new ones. */
  printRequestId?: string | undefined;
  title?: string;
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
}: UploadDialogProps) {
  const queryClient = useQueryClient();
  const [closeWhenDone, setCloseWhenDone] = useState(false);
  const endpoint = useQuery({
    queryKey: ['/api/objects/upload', 'endpoint'],
    queryFn: fetchUploadEndpoint,
    enabled: open,
  });

  const onComplete = ({ succeeded, failed }: UploadOutcome) => {
    if (succeeded > 0) {
      toast({
        title: 'Upload Successful',
        description: `Successfully uploaded ${succeeded} file(s) for 3D printing.`,
      });
      invalidateUploads(queryClient);
    }
    if (failed > 0) {
      toast({
        title: 'Upload Failed',
        description: `Failed to upload ${failed} file(s). Please try again.`,
        variant: 'destructive',
      });
    }
    if (closeWhenDone && failed === 0 && succeeded > 0) onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
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
          <UppyUploader endpoint={endpoint.data} printRequestId={printRequestId} onComplete={onComplete} />
        </Suspense>
      ) : (
        <UploaderLoading />
      )}
      <CheckboxField
        className="upload-dialog__close-option"
        label="Close this window when all uploads have finished"
        checked={closeWhenDone}
        onChange={(event) => setCloseWhenDone(event.target.checked)}
      />
    </Dialog>
  );
}
