// One entry point: sniff the format, run its parser, turn the result into the stored analysis.
import type { Technology } from '@printfarm/domain/printerCatalogue';
import { type ModelFormat, modelFormatFromName } from '@printfarm/domain/upload';
import type { StoredUpload } from '../storage/uploads.ts';
import { readRange } from '../storage/uploads.ts';
import { parseGcode } from './gcode.ts';
import { fitsBuildVolume } from './mesh.ts';
import type { JsonValue, ParsedModel } from './model.ts';
import { parseObj } from './obj.ts';
import { parsePly } from './ply.ts';
import { ModelRejection } from './reject.ts';
import { HEAD_BYTES, sniffFormat } from './sniff.ts';
import { parseStep } from './step.ts';
import { parseStl } from './stl.ts';
import { parse3mf } from './threemf.ts';

const PARSERS: Record<ModelFormat, (upload: StoredUpload) => Promise<ParsedModel>> = {
  stl: parseStl,
  obj: parseObj,
  '3mf': parse3mf,
  ply: parsePly,
  step: parseStep,
  gcode: parseGcode,
};

export interface ModelAnalysis {
  format: ModelFormat;
  triangleCount: number | null;
  bbox: { x: number; y: number; z: number } | null;
  volumeCm3: number | null;
  surfaceAreaCm2: number | null;
  shellCount: number | null;
  openEdgeCount: number | null;
  nonManifoldEdgeCount: number | null;
  watertight: boolean | null;
  invertedNormals: boolean | null;
  /** Projected area of the facets that need support as oriented in the file (Z up). */
  overhangAreaCm2: number | null;
  /** Support material estimate: those facets' projected area × their height above the plate. */
  supportVolumeCm3: number | null;
  fitsBuildVolume: Record<Technology, boolean> | null;
  metadata: { [key: string]: JsonValue };
}

export type AnalysisOutcome =
  | { status: 'ready'; analysis: ModelAnalysis }
  | { status: 'rejected'; format: string; reason: string };

/** Analyses one stored file; a malformed file is an outcome, not an exception. */
export async function analyzeModel(upload: StoredUpload, fileName: string): Promise<AnalysisOutcome> {
  const named = modelFormatFromName(fileName);
  const head = await readRange(upload, 0, Math.min(upload.size, HEAD_BYTES));
  const sniffed = upload.size > 0 ? sniffFormat(head, upload.size) : undefined;
  const format = sniffed ?? named;
  if (!format) {
    const dot = fileName.lastIndexOf('.');
    const extension = dot === -1 ? 'without an extension' : `.${fileName.slice(dot + 1).slice(0, 20)}`;
    return {
      status: 'rejected',
      format: 'unknown',
      reason: `Unsupported file type: ${extension} is not a 3D model format we read`,
    };
  }
  if (upload.size === 0)
    return { status: 'rejected', format, reason: `Not a valid ${label(format)}: the file is empty` };
  try {
    const parsed = await PARSERS[format](upload);
    if (named && named !== format) parsed.metadata.detectedFrom = `content (named .${named})`;
    return { status: 'ready', analysis: toAnalysis(parsed) };
  } catch (error) {
    if (error instanceof ModelRejection) {
      // The shared mesh code does not know the format; name it here.
      const reason = error.message.replace(/^Not a valid model:/, `Not a valid ${label(format)}:`);
      return { status: 'rejected', format, reason };
    }
    throw error;
  }
}

function label(format: ModelFormat): string {
  return format === 'step' ? 'STEP' : format.toUpperCase();
}

/** The mesh figures of a file that has no mesh (G-code) or was rejected. */
export const NO_MESH_METRICS = {
  triangleCount: null,
  volumeCm3: null,
  surfaceAreaCm2: null,
  shellCount: null,
  openEdgeCount: null,
  nonManifoldEdgeCount: null,
  watertight: null,
  invertedNormals: null,
  overhangAreaCm2: null,
  supportVolumeCm3: null,
} as const;

function toAnalysis(parsed: ParsedModel): ModelAnalysis {
  if (!parsed.mesh) {
    // G-code is always in millimetres: its extents are differences of coordinates written to a few
    // decimals, so a micron is precision enough and 0.6000000000000001 reads 0.6.
    const bbox = parsed.extents ? roundedToMicrons(parsed.extents) : null;
    return {
      format: parsed.format,
      ...NO_MESH_METRICS,
      bbox,
      fitsBuildVolume: bbox ? fitsBuildVolume(bbox) : null,
      metadata: parsed.metadata,
    };
  }
  // Stored at full precision, in the file's own units: a part in metres is scaled by 10⁹ for its volume
  // in cm³ when read, so any rounding here would become steps of 1,000 cm³ (round for display only).
  const metrics = parsed.mesh.metrics();
  return {
    format: parsed.format,
    triangleCount: metrics.triangleCount,
    bbox: metrics.bbox,
    volumeCm3: metrics.volumeCm3,
    surfaceAreaCm2: metrics.surfaceAreaCm2,
    shellCount: metrics.shellCount,
    openEdgeCount: metrics.openEdgeCount,
    nonManifoldEdgeCount: metrics.nonManifoldEdgeCount,
    watertight: metrics.watertight,
    invertedNormals: metrics.invertedNormals,
    overhangAreaCm2: metrics.overhangAreaCm2,
    supportVolumeCm3: metrics.supportVolumeCm3,
    fitsBuildVolume: metrics.fitsBuildVolume,
    metadata: parsed.metadata,
  };
}

function roundedToMicrons({ x, y, z }: { x: number; y: number; z: number }) {
  const micron = (value: number) => Math.round(value * 1e6) / 1e6;
  return { x: micron(x), y: micron(y), z: micron(z) };
}
