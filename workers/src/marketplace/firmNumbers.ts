// Stage 2 numbers for one part: PrusaSlicer's print time and filament, sliced once per file, profile,
// unit, orientation and bed (cached in slice_results, beside the estimator's own numbers and the part's
// geometry, so staff see how far estimates drift and the estimator is calibrated on them). What is
// sliced is our own copy of the parsed mesh, triangulated, turned to the orientation needing least
// support that fits the bed, in millimetres: never the raw upload, whose OBJ polygons or 3MF settings
// the slicer may read otherwise. Pre-sliced G-code brings its own numbers.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Prisma, PrismaClient } from '@printfarm/db';
import type { EstimatorModels } from '@printfarm/domain/estimator';
import type { Rotation3 } from '@printfarm/domain/inspection';
import { chooseOrientation } from '@printfarm/domain/orientation';
import { estimateProcess, type ProcessNumbers } from '@printfarm/domain/pricing';
import type { BuildVolume, Technology } from '@printfarm/domain/printerCatalogue';
import { materialDensity, type PrintSettings, sliceProfileKey } from '@printfarm/domain/printSettings';
import { MM_PER_UNIT } from '@printfarm/domain/units';
import type { WorkerConfig } from '../config.ts';
import { writeCopyInThread } from '../geometry/thread.ts';
import { type SliceResult, sliceModel } from '../slicer/slice.ts';
import type { LocalCopies } from '../storage/localCopy.ts';
import { geometryIn, type QuotePart } from './offers.ts';

/** Filament is 1.75 mm: cm³ per mm of filament. */
const FILAMENT_CM3_PER_MM = (Math.PI * 0.0875 ** 2) / 10;

/** The profiles' own printer: a Prusa MK4's 250 × 210 × 220 mm. */
export const PROFILE_BED_MM: BuildVolume = { x: 250, y: 210, z: 220 };

const AS_UPLOADED: Rotation3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

const MISSING_FILE = 'The uploaded file is missing from storage';
const SLICER_UNAVAILABLE = 'Our slicer is not available right now; this price is estimated from the geometry';

export type PartNumbers =
  | { ok: true; process: ProcessNumbers }
  | { ok: false; reason: string; unprintable?: boolean };

/** True when stage 2 can firm up at least one of the parts (every format but G-code is sliced from its mesh). */
export function slicesForFdm(parts: readonly QuotePart[]): boolean {
  return parts.length > 0;
}

export interface FirmContext {
  prisma: PrismaClient;
  config: WorkerConfig;
  files: LocalCopies;
}

/** What stage 2 slices for: the profile of the request's settings on the largest printer that offered. */
export interface SliceTarget {
  technology: Technology;
  material: string;
  settings: PrintSettings;
  bed: BuildVolume;
  /** The estimator's models (the network's own where fitted), for the estimate kept beside the slice. */
  models: EstimatorModels;
}

const bedKey = ({ x, y, z }: BuildVolume) => `${x}x${y}x${z}`;

function fromSlice(seconds: number, filamentCm3: number, density: number): ProcessNumbers {
  return { printHours: seconds / 3600, materialCm3: filamentCm3, grams: filamentCm3 * density };
}

function gcodeNumbers(part: QuotePart, density: number): PartNumbers {
  const summary = (part.metadata ?? {}) as {
    estimatedTimeSeconds?: unknown;
    filamentUsedMm?: unknown;
    filamentUsedG?: unknown;
  };
  const seconds = typeof summary.estimatedTimeSeconds === 'number' ? summary.estimatedTimeSeconds : null;
  const cm3 =
    typeof summary.filamentUsedMm === 'number'
      ? summary.filamentUsedMm * FILAMENT_CM3_PER_MM
      : typeof summary.filamentUsedG === 'number'
        ? summary.filamentUsedG / density
        : null;
  if (seconds === null || cm3 === null) {
    return { ok: false, reason: `${part.fileName} does not say how long it prints; priced from its extents` };
  }
  return { ok: true, process: fromSlice(seconds, cm3, density) };
}

/** Writes the part's copy (in an analysis thread) and slices it on the target's bed; 'missing' without the file. */
async function sliceCopy(
  context: FirmContext,
  part: QuotePart,
  rotation: Rotation3,
  target: SliceTarget,
  profileKey: string,
) {
  const { config, files } = context;
  const density = materialDensity(target.material);
  return files.with<SliceResult | 'missing'>(
    part.filePath,
    async (local) => {
      const folder = await mkdtemp(path.join(tmpdir(), 'printfarm-slice-'));
      try {
        const outPath = path.join(folder, 'part.stl');
        const reply = await writeCopyInThread(
          { ...local, fileName: part.fileName, rotation, scale: MM_PER_UNIT[part.units], outPath },
          {
            maxHeapMb: config.ANALYSIS_MAX_HEAP_MB,
            timeoutMs: config.ANALYSIS_TIMEOUT_MS,
            threads: config.ANALYSIS_THREADS,
          },
        );
        if (reply.kind === 'missing') return 'missing';
        const prepare = 'We could not prepare this model for the slicer';
        if (reply.kind === 'error') {
          return { ok: false, reason: `${prepare}: ${reply.message.split('\n')[0]}`, durationMs: 0 };
        }
        if (reply.kind === 'outcome') {
          // Only the thread's own deadline or heap limit answers a copy so: the machine's load, not the model.
          const why =
            reply.outcome.status === 'rejected' ? reply.outcome.reason : 'the model could not be read';
          return {
            ok: false,
            reason: `${prepare}: ${why.replace(/^Refused: /, '')}`,
            durationMs: 0,
            transient: 'interrupted',
          };
        }
        return await sliceModel({
          modelPath: outPath,
          profileKey,
          scale: 1,
          filamentDensity: density,
          timeoutMs: config.SLICER_TIMEOUT_MS,
          memoryMb: config.SLICER_MEMORY_MB,
          slicerPath: config.SLICER_PATH,
          ...(target.bed.x === PROFILE_BED_MM.x &&
          target.bed.y === PROFILE_BED_MM.y &&
          target.bed.z === PROFILE_BED_MM.z
            ? {}
            : { bedMm: target.bed }),
        });
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    () => 'missing',
  );
}

/** The firm numbers for one copy of a part, from the cache, the G-code or a fresh slice. */
export async function firmNumbers(
  context: FirmContext,
  part: QuotePart,
  target: SliceTarget,
): Promise<PartNumbers> {
  const density = materialDensity(target.material);
  if (part.format === 'gcode') return gcodeNumbers(part, density);
  if (!part.sha256) return { ok: false, reason: 'The file has no checksum to slice it by' };
  const profileKey = sliceProfileKey(target.settings);
  // As uploaded without an inspection (a file analysed before inspections, or one it failed on).
  const orientation = chooseOrientation(part.inspection, part.units, target.bed);
  const key = {
    sha256: part.sha256,
    profileKey,
    units: part.units,
    orientation: orientation?.key ?? 'z-',
    bed: bedKey(target.bed),
  };
  const cached = await context.prisma.sliceResult.findUnique({
    where: { sha256_profileKey_units_orientation_bed: key },
  });
  if (cached) {
    if (cached.status === 'ok' && cached.printSeconds !== null && cached.filamentCm3 !== null) {
      return { ok: true, process: fromSlice(cached.printSeconds, cached.filamentCm3, density) };
    }
    const reason = cached.reason ?? 'The slicer could not slice this model';
    return cached.status === 'unprintable' ? { ok: false, reason, unprintable: true } : { ok: false, reason };
  }
  const result = await sliceCopy(context, part, orientation?.rotation ?? AS_UPLOADED, target, profileKey);
  // Not a verdict on the file: nothing is cached, so the part is sliced again once the file, the slicer
  // or the time and memory to slice it are back.
  if (result === 'missing') return { ok: false, reason: MISSING_FILE };
  if (!result.ok && result.transient) {
    return { ok: false, reason: result.transient === 'unavailable' ? SLICER_UNAVAILABLE : result.reason };
  }
  const geometry = geometryIn(part, orientation);
  const estimate = estimateProcess(
    target.technology,
    target.material,
    geometry,
    target.settings,
    target.models,
  );
  const unprintable = !result.ok && result.unprintable === true;
  await context.prisma.sliceResult.upsert({
    where: { sha256_profileKey_units_orientation_bed: key },
    update: {},
    create: {
      ...key,
      status: result.ok ? 'ok' : unprintable ? 'unprintable' : 'failed',
      reason: result.ok ? null : result.reason,
      printSeconds: result.ok ? result.printSeconds : null,
      filamentCm3: result.ok ? result.filamentGrams / density : null,
      estimatedSeconds: Math.round(estimate.printHours * 3600),
      estimatedCm3: estimate.materialCm3,
      features: geometry as unknown as Prisma.InputJsonObject,
      slicerVersion: result.ok ? result.slicerVersion : null,
      durationMs: result.durationMs,
    },
  });
  if (result.ok)
    return { ok: true, process: fromSlice(result.printSeconds, result.filamentGrams / density, density) };
  return unprintable
    ? { ok: false, reason: result.reason, unprintable: true }
    : { ok: false, reason: result.reason };
}
