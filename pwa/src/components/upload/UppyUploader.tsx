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
  /** The project file the server made of it (its checks follow), when it said. */
  fileId: string | null;
  printRequestId: string | null;
}

export interface UploadOutcome {
  succeeded: number;
  failed: number;
  /** Why files were refused, in the server's words (e.g. the upload quota); empty when it gave none. */
  reasons: string[];
  uploaded: UploadedFile[];
}

const REQUEST_ID_HEADER = 'Upload-Print-Request-Id';
const FILE_ID_HEADER = 'Upload-File-Id';

/** The server's own words for a refused upload (quota, rate limit, file type), if it sent any. */
function serverMessage(error: unknown): string | null {
  const body = (
    error as { originalResponse?: { getBody?: () => string } } | null
  )?.originalResponse?.getBody?.();
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : null;
  } catch {
    return null;
  }
}

export interface UppyUploaderProps {
  endpoint: string;
  /** Files go into this existing print request; otherwise the files of this dialog start one new draft request. */
  printRequestId?: string | undefined;
  onComplete: (outcome: UploadOutcome) => void;
  /** How many chosen files are not uploaded yet (closing the dialog would discard them). */
  onPendingChange?: (count: number) => void;
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

export default function UppyUploader({
  endpoint,
  printRequestId,
  onComplete,
  onPendingChange,
}: UppyUploaderProps) {
  const [uppy] = useState(() => createUppy(endpoint, printRequestId));
  const [requestIds] = useState(() => new Map<string, string>());
  const [fileIds] = useState(() => new Map<string, string>());
  const [refusals] = useState(() => new Map<string, string>());
  const reportComplete = useEffectEvent((result: UploadResult<UploadMeta, TusBody>) => {
    const successful = result.successful ?? [];
    onComplete({
      succeeded: successful.length,
      failed: result.failed?.length ?? 0,
      reasons: [...new Set((result.failed ?? []).flatMap((file) => refusals.get(file.id) ?? []))],
      uploaded: successful.map((file) => ({
        fileName: file.name ?? 'design',
        fileId: fileIds.get(file.id) ?? null,
        printRequestId: requestIds.get(file.id) ?? null,
      })),
    });
  });

  const reportPending = useEffectEvent(() => {
    onPendingChange?.(uppy.getFiles().filter((file) => !file.progress.uploadComplete).length);
  });

  useEffect(() => {
    uppy.on('state-update', reportPending);
    return () => {
      uppy.off('state-update', reportPending);
    };
  }, [uppy]);

  useEffect(() => {
    // Read while the finished request is still whole: the uploader resets it right after this event.
    const rememberRequest = (file: UploadFile | undefined, response: { body?: TusBody }) => {
      const id = response.body?.xhr?.getResponseHeader?.(REQUEST_ID_HEADER);
      if (file && id) requestIds.set(file.id, id);
      const fileId = response.body?.xhr?.getResponseHeader?.(FILE_ID_HEADER);
      if (file && fileId) fileIds.set(file.id, fileId);
    };
    // tus reports a refusal as 'unexpected response … response text: {json}'; show the message instead.
    const explainRefusal = (file: UploadFile | undefined, error: unknown) => {
      const message = serverMessage(error);
      if (!file || !message) return;
      refusals.set(file.id, message);
      uppy.setFileState(file.id, { error: message });
      uppy.info(message, 'error', 10_000);
    };
    uppy.on('upload-success', rememberRequest);
    uppy.on('upload-error', explainRefusal);
    uppy.on('complete', reportComplete);
    return () => {
      uppy.off('upload-success', rememberRequest);
      uppy.off('upload-error', explainRefusal);
      uppy.off('complete', reportComplete);
    };
  }, [uppy, requestIds, fileIds, refusals]);

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
