// The tus hook that admits a new upload: a model file's name, a size given up front, a request of the
// sender's own if one is named, and room in the sender's quota. The session decides the owner.
import { isUuid } from '@printfarm/domain/ids';
import { modelFormatFromName, UPLOAD_LIMITS } from '@printfarm/domain/upload';
import type { Upload } from '@tus/server';
import { HttpError } from '../http/errors.ts';
import { findOwnPrintRequest } from '../services/printRequests.ts';
import { cleanFileName, closedToFiles } from '../services/projectFiles.ts';
import { reserveUpload } from '../services/uploadQuota.ts';
import type { UploadHooks } from './onFinish.ts';
import { reject, userOfTusRequest } from './tusAnswers.ts';

export async function admitUpload(
  { config, prisma, quota }: UploadHooks,
  req: unknown,
  upload: Upload,
): Promise<{ metadata: Record<string, string | null> }> {
  const user = userOfTusRequest(req);
  const fileName = cleanFileName(upload.metadata?.filename ?? upload.metadata?.name ?? '');
  if (!modelFormatFromName(fileName)) {
    throw reject(415, `Only ${UPLOAD_LIMITS.allowedExtensions.join(', ')} files can be uploaded`);
  }
  if (upload.sizeIsDeferred || !upload.size) throw reject(400, 'Upload-Length must be given and above 0');
  const printRequestId = upload.metadata?.printRequestId;
  if (printRequestId) {
    const request = await findOwnPrintRequest(prisma, user.id, printRequestId);
    if (!request) throw reject(404, 'Print request not found');
    // Refused before any bytes are sent; the finish checks again, as the request may change meanwhile.
    const closed = closedToFiles(request.status);
    if (closed) throw reject(409, closed);
  }
  const metadata: Record<string, string | null> = {
    filename: fileName,
    filetype: upload.metadata?.filetype ?? null,
    userId: user.id,
  };
  if (printRequestId) metadata.printRequestId = printRequestId;
  const uploadBatch = upload.metadata?.uploadBatch;
  if (uploadBatch && !isUuid(uploadBatch)) throw reject(400, 'The upload batch is not valid');
  if (uploadBatch && !printRequestId) metadata.uploadBatch = uploadBatch;
  try {
    await reserveUpload(prisma, quota, {
      uploadId: upload.id,
      userId: user.id,
      size: upload.size,
      expiresAt: new Date(Date.now() + config.UPLOAD_EXPIRATION_MS),
    });
  } catch (error) {
    if (error instanceof HttpError) throw reject(error.status, error.message);
    throw error;
  }
  return { metadata };
}
