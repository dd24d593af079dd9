/** The formats the three.js preview can draw (STEP and G-code have no mesh to show). */
export const PREVIEW_FORMATS = ['stl', 'obj', '3mf', 'ply'] as const;
export type PreviewFormat = (typeof PREVIEW_FORMATS)[number];

export function isPreviewFormat(format: string): format is PreviewFormat {
  return (PREVIEW_FORMATS as readonly string[]).includes(format);
}

/** The files whose preview opens by itself: the first `limit` analysed ones the viewer can draw. */
export function autoPreviewed<T extends { analysisStatus: string; fileType: string }>(
  files: readonly T[],
  limit: number,
): Set<T> {
  const previewable = files.filter(
    (file) => file.analysisStatus === 'ready' && isPreviewFormat(file.fileType),
  );
  return new Set(previewable.slice(0, limit));
}
