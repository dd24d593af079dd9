/** The formats the three.js preview can draw (STEP and G-code have no mesh to show). */
export const PREVIEW_FORMATS = ['stl', 'obj', '3mf', 'ply'] as const;
export type PreviewFormat = (typeof PREVIEW_FORMATS)[number];

export function isPreviewFormat(format: string): format is PreviewFormat {
  return (PREVIEW_FORMATS as readonly string[]).includes(format);
}
