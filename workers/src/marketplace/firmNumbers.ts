// Stage 2 numbers for one part: PrusaSlicer's print time and filament, sliced once per file, profile
// and unit (cached in slice_results, beside the estimator's own numbers so staff see how far they drift).
// Pre-sliced G-code brings its own numbers. Without the slicer, or when it fails, the part keeps its
// estimate and the reason is given; nothing is ever blocked.
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PrismaClient } from '@printfarm/db';
import { estimateProcess, type ProcessNumbers } from '@printfarm/domain/pricing';
import { materialDensity, type PrintSettings, sliceProfileKey } from '@printfarm/domain/printSettings';
import { MM_PER_UNIT } from '@printfarm/domain/units';
import type { WorkerConfig } from '../config.ts';
import { sliceModel } from '../slicer/slice.ts';
import type { LocalCopies } from '../storage/localCopy.ts';
import { uploadPath } from '../storage/uploads.ts';
import type { QuotePart } from './offers.ts';

/** Formats PrusaSlicer reads (it picks the reader by the file's extension). */
const SLICEABLE: Record<string, string> = { stl: 'stl', obj: 'obj', '3mf': '3mf', step: 'step' };

/** Filament is 1.75 mm: cm³ per mm of filament. */
const FILAMENT_CM3_PER_MM = (Math.PI * 0.0875 ** 2) / 10;

export type PartNumbers = { ok: true; process: ProcessNumbers } | { ok: false; reason: string };

/** True when stage 2 can firm up at least one of the parts. */
export function slicesForFdm(parts: readonly QuotePart[]): boolean {
  return parts.some((part) => part.format in SLICEABLE || part.format === 'gcode');
}

export interface FirmContext {
  prisma: PrismaClient;
  config: WorkerConfig;
  files: LocalCopies;
}

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

/** Slices the stored upload through a link that carries the extension PrusaSlicer needs. */
async function sliceStored(context: FirmContext, part: QuotePart, profileKey: string, density: number) {
  const { config, files } = context;
  return files.with(
    part.filePath,
    async (local) => {
      const folder = await mkdtemp(path.join(tmpdir(), 'printfarm-slice-'));
      try {
        const link = path.join(folder, `part.${SLICEABLE[part.format]}`);
        await symlink(uploadPath(local.filePath, { uploadDir: local.uploadDir }), link);
        return await sliceModel({
          modelPath: link,
          profileKey,
          scale: MM_PER_UNIT[part.units],
          filamentDensity: density,
          timeoutMs: config.SLICER_TIMEOUT_MS,
          memoryMb: config.SLICER_MEMORY_MB,
          slicerPath: config.SLICER_PATH,
        });
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    () => ({ ok: false as const, reason: 'The uploaded file is missing from storage', durationMs: 0 }),
  );
}

/** The firm numbers for one copy of a part, from the cache, the G-code or a fresh slice. */
export async function firmNumbers(
  context: FirmContext,
  part: QuotePart,
  technology: string,
  material: string,
  settings: PrintSettings,
): Promise<PartNumbers> {
  const density = materialDensity(material);
  if (part.format === 'gcode') return gcodeNumbers(part, density);
  if (!(part.format in SLICEABLE)) {
    return {
      ok: false,
      reason: `Our slicer does not read ${part.format.toUpperCase()} files; priced from the geometry`,
    };
  }
  if (!part.sha256) return { ok: false, reason: 'The file has no checksum to slice it by' };
  const profileKey = sliceProfileKey(settings);
  const key = { sha256: part.sha256, profileKey, units: part.units, orientation: 'z-', bed: '250x210x220' };
  const cached = await context.prisma.sliceResult.findUnique({ where: { sha256_profileKey_units_orientation_bed: key } });
  if (cached) {
    return cached.status === 'ok' && cached.printSeconds !== null && cached.filamentCm3 !== null
      ? { ok: true, process: fromSlice(cached.printSeconds, cached.filamentCm3, density) }
      : { ok: false, reason: cached.reason ?? 'The slicer could not slice this model' };
  }
  const result = await sliceStored(context, part, profileKey, density);
  if (!result.ok && /not installed|not found|ENOENT/i.test(result.reason)) {
    // Not a verdict on the file: nothing is cached, so the part is sliced once a slicer is installed.
    return {
      ok: false,
      reason: 'Our slicer is not available right now; this price is estimated from the geometry',
    };
  }
  const estimate = estimateProcess(
    technology as Parameters<typeof estimateProcess>[0],
    material,
    part.geometry,
    settings,
  );
  await context.prisma.sliceResult.upsert({
    where: { sha256_profileKey_units_orientation_bed: key },
    update: {},
    create: {
      ...key,
      status: result.ok ? 'ok' : 'failed',
      reason: result.ok ? null : result.reason,
      printSeconds: result.ok ? result.printSeconds : null,
      filamentCm3: result.ok ? result.filamentGrams / density : null,
      estimatedSeconds: Math.round(estimate.printHours * 3600),
      estimatedCm3: estimate.materialCm3,
      slicerVersion: result.ok ? result.slicerVersion : null,
      durationMs: result.durationMs,
    },
  });
  return result.ok
    ? { ok: true, process: fromSlice(result.printSeconds, result.filamentGrams / density, density) }
    : { ok: false, reason: result.reason };
}
