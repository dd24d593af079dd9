// POST /api/objects/upload: the tus endpoint the dashboard's uploader sends files to.

export function presentUploadEndpoint(publicUrl: string, uploadsPath: string) {
  return { uploadURL: `${publicUrl.replace(/\/$/, '')}${uploadsPath}` };
}

export type UploadEndpointView = ReturnType<typeof presentUploadEndpoint>;
