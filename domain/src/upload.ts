export const MODEL_EXTENSIONS = ['.3mf', '.stl', '.obj', '.step', '.stp', '.gcode', '.ply'] as const;
export type ModelExtension = (typeof MODEL_EXTENSIONS)[number];

export const UPLOAD_LIMITS = {
  maxFiles: 5,
  /** 100 MB per file. */
  maxFileSize: 104_857_600,
  allowedExtensions: MODEL_EXTENSIONS,
} as const;

export const UPLOAD_HINTS = {
  formats: 'Supported formats: 3MF, STL, OBJ, STEP, GCODE, PLY',
  limits: 'Max file size: 100MB per file • Upload up to 5 files at once',
} as const;

export const MODEL_FORMATS = ['3mf', 'stl', 'obj', 'step', 'gcode', 'ply'] as const;
export type ModelFormat = (typeof MODEL_FORMATS)[number];

const FORMAT_BY_EXTENSION: Record<ModelExtension, ModelFormat> = {
  '.3mf': '3mf',
  '.stl': 'stl',
  '.obj': 'obj',
  '.step': 'step',
  '.stp': 'step',
  '.gcode': 'gcode',
  '.ply': 'ply',
};

/** 'Bracket.STP' → 'step'; null when the extension is not one we accept. */
export function modelFormatFromName(fileName: string): ModelFormat | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  const extension = fileName.slice(dot).trim().toLowerCase();
  return isModelExtension(extension) ? FORMAT_BY_EXTENSION[extension] : null;
}

function isModelExtension(extension: string): extension is ModelExtension {
  return (MODEL_EXTENSIONS as readonly string[]).includes(extension);
}

export function isAllowedUpload(file: { name: string; size: number }): boolean {
  return modelFormatFromName(file.name) !== null && file.size > 0 && file.size <= UPLOAD_LIMITS.maxFileSize;
}

/** 512 → '512 B', 1.5 MiB → '1.5 MB', 2 GiB → '2 GB' (binary units, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1).replace(/\.0$/, '')} GB`;
}
