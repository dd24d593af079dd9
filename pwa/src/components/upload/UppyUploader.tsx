// The Uppy uploader inside the dashboard's upload dialog: tus (resumable) to /api/uploads with the
// session cookie, the spec's restrictions, and nothing starting until the user presses Upload.
// Loaded lazily (with Uppy's CSS) so the first page load stays small.
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { UPLOAD_LIMITS } from '@printfarm/domain/upload';
import Uppy, { type UploadResult } from '@uppy/core';
import Dashboard from '@uppy/react/dashboard';
import Tus from '@uppy/tus';
import { useEffect, useEffectEvent, useState } from 'react';

type UploadMeta = { printRequestId?: string } & Record<string, unknown>;

export interface UploadOutcome {
  succeeded: number;
  failed: number;
}

export interface UppyUploaderProps {
  endpoint: string;
  /** Files go into this existing print request; otherwise each file starts a new draft request. */
  printRequestId?: string | undefined;
  onComplete: (outcome: UploadOutcome) => void;
}

function createUppy(endpoint: string, printRequestId: string | undefined) {
  return new Uppy<UploadMeta, Record<string, never>>({
    id: 'design-upload',
    autoProceed: false,
    allowMultipleUploadBatches: true,
    restrictions: {
      maxNumberOfFiles: UPLOAD_LIMITS.maxFiles,
      maxFileSize: UPLOAD_LIMITS.maxFileSize,
      allowedFileTypes: [...UPLOAD_LIMITS.allowedExtensions],
    },
    meta: printRequestId ? { printRequestId } : {},
  }).use(Tus, {
    endpoint,
    withCredentials: true,
    retryDelays: [0, 1000, 3000, 5000],
    limit: 6,
    removeFingerprintOnSuccess: true,
    // A listed field that is missing would be sent as the text 'undefined'.
    allowedMetaFields: printRequestId ? ['name', 'type', 'printRequestId'] : ['name', 'type'],
  });
}

export default function UppyUploader({ endpoint, printRequestId, onComplete }: UppyUploaderProps) {
  const [uppy] = useState(() => createUppy(endpoint, printRequestId));
  const reportComplete = useEffectEvent((result: UploadResult<UploadMeta, Record<string, never>>) => {
    onComplete({ succeeded: result.successful?.length ?? 0, failed: result.failed?.length ?? 0 });
  });

  useEffect(() => {
    uppy.on('complete', reportComplete);
    return () => {
      uppy.off('complete', reportComplete);
    };
  }, [uppy]);

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
