// The Uppy uploader inside the dashboard's upload dialog: tus (resumable) to /api/uploads with the
// session cookie, the spec's restrictions, and nothing starting until the user presses Upload.
// Loaded lazily (with Uppy's CSS) so the first page load stays small. Reports which print request each
// finished file landed in, so the dialog can offer to continue there.
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { UPLOAD_LIMITS } from '@printfarm/domain/upload';
import Uppy, { type UploadResult, type UppyFile } from '@uppy/core';
import Dashboard from '@uppy/react/dashboard';
import Tus, { type TusBody } from '@uppy/tus';
import { useEffect, useEffectEvent, useState } from 'react';

type UploadMeta = { printRequestId?: string; uploadBatch?: string } & Record<string, unknown>;
type UploadFile = UppyFile<UploadMeta, TusBody>;

/** The request a finished file landed in (the server names it in the last tus response). */
export interface UploadedFile {
  fileName: string;
  printRequestId: string | null;
}

export interface UploadOutcome {
  succeeded: number;
  failed: number;
  uploaded: UploadedFile[];
}

const REQUEST_ID_HEADER = 'Upload-Print-Request-Id';

export interface UppyUploaderProps {
  endpoint: string;
  /** Files go into this existing print request; otherwise the files of this dialog start one new draft request. */
  printRequestId?: string | undefined;
  onComplete: (outcome: UploadOutcome) => void;
}

function createUppy(endpoint: string, printRequestId: string | undefined) {
  return new Uppy<UploadMeta, TusBody>({
    id: 'design-upload',
    autoProceed: false,
    allowMultipleUploadBatches: true,
    restrictions: {
      maxNumberOfFiles: UPLOAD_LIMITS.maxFiles,
      maxFileSize: UPLOAD_LIMITS.maxFileSize,
      allowedFileTypes: [...UPLOAD_LIMITS.allowedExtensions],
    },
    // Files added in one dialog belong together: the server puts a batch in one new request.
    meta: printRequestId ? { printRequestId } : { uploadBatch: crypto.randomUUID() },
  }).use(Tus, {
    endpoint,
    withCredentials: true,
    retryDelays: [0, 1000, 3000, 5000],
    limit: 6,
    removeFingerprintOnSuccess: true,
    // A listed field that is missing would be sent as the text 'undefined'.
    allowedMetaFields: printRequestId ? ['name', 'type', 'printRequestId'] : ['name', 'type', 'uploadBatch'],
  });
}

export default function UppyUploader({ endpoint, printRequestId, onComplete }: UppyUploaderProps) {
  const [uppy] = useState(() => createUppy(endpoint, printRequestId));
  const [requestIds] = useState(() => new Map<string, string>());
  const reportComplete = useEffectEvent((result: UploadResult<UploadMeta, TusBody>) => {
    const successful = result.successful ?? [];
    onComplete({
      succeeded: successful.length,
      failed: result.failed?.length ?? 0,
      uploaded: successful.map((file) => ({
        fileName: file.name ?? 'design',
        printRequestId: requestIds.get(file.id) ?? null,
      })),
    });
  });

  useEffect(() => {
    // Read while the finished request is still whole: the uploader resets it right after this event.
    const rememberRequest = (file: UploadFile | undefined, response: { body?: TusBody }) => {
      const id = response.body?.xhr?.getResponseHeader?.(REQUEST_ID_HEADER);
      if (file && id) requestIds.set(file.id, id);
    };
    uppy.on('upload-success', rememberRequest);
    uppy.on('complete', reportComplete);
    return () => {
      uppy.off('upload-success', rememberRequest);
      uppy.off('complete', reportComplete);
    };
  }, [uppy, requestIds]);

  useEffect(() => () => uppy.destroy(), [uppy]);

  return (
    <Dashboard
      uppy={uppy}
      width="100%"
      height={420}
      hideProgressDetails={false}
      proudlyDisplayPoweredByUppy={false}
      showRemoveButtonAfterComplete
      doneButtonHandler={null}
    />
  );
}
