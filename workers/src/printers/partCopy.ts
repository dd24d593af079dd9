// What a queue item prints, for one printer: our own copy of the parsed mesh (as stage 2 of a quote
// slices), turned to the orientation the part was quoted in and scaled to mm, written as an STL for
// PrusaSlicer; and the key its G-code and its 3MF project are kept by.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Printer, PrismaClient, QueueItem } from '@printfarm/db';
import { inspectionOf } from '@printfarm/db/printability';
import { printerSliceKey } from '@printfarm/db/printQueue/fit';
import type { Rotation3 } from '@printfarm/domain/inspection';
import { materialDensity } from '@printfarm/domain/printSettings';
import { isUnits, MM_PER_UNIT } from '@printfarm/domain/units';
import { writeCopyInThread } from '../geometry/thread.ts';
import type { JobContext } from '../jobs/types.ts';
import type { SlicerSettings } from '../slicer/slice.ts';

const AS_UPLOADED: Rotation3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
export const MISSING_FILE = 'The uploaded file is missing from storage';

export type PartContext = Pick<JobContext, 'prisma' | 'config' | 'files'>;
type StoredFile = { filePath: string; fileName: string };
type SliceKey = NonNullable<ReturnType<typeof printerSliceKey>>;

export type PrinterPart =
  | { kind: 'failed'; reason: string }
  | { kind: 'gcode'; file: StoredFile }
  | { kind: 'mesh'; file: StoredFile; key: SliceKey; rotation: Rotation3; scale: number };

export async function printerPart(
  prisma: PrismaClient,
  item: QueueItem,
  printer: Printer,
): Promise<PrinterPart> {
  const file = await prisma.projectFile.findUnique({
    where: { id: item.fileId },
    include: { analysis: true },
  });
  if (!file) return { kind: 'failed', reason: 'The file is gone' };
  if (file.analysis?.format === 'gcode') return { kind: 'gcode', file };
  const key = printerSliceKey(item, printer, file.sha256);
  if (!key) return { kind: 'failed', reason: 'The file has no checksum to slice it by' };
  const inspection = file.analysis ? inspectionOf(file.analysis) : null;
  const rotation =
    inspection?.orientations.find((candidate) => candidate.key === item.orientation)?.rotation ?? AS_UPLOADED;
  const units = isUnits(item.units) ? item.units : 'mm';
  return { kind: 'mesh', file, key, rotation, scale: MM_PER_UNIT[units] };
}

/** The printer's settings for PrusaSlicer: the item's profile and material on the printer's bed and nozzle. */
export function printerSettings(
  config: PartContext['config'],
  item: QueueItem,
  printer: Printer,
): SlicerSettings {
  return {
    profileKey: item.profileKey,
    scale: 1,
    filamentDensity: materialDensity(item.material),
    timeoutMs: config.SLICER_TIMEOUT_MS,
    memoryMb: config.SLICER_MEMORY_MB,
    slicerPath: config.SLICER_PATH,
    bedMm: { x: printer.buildXMm, y: printer.buildYMm, z: printer.buildZMm },
    ...(printer.nozzleMm ? { nozzleMm: printer.nozzleMm } : {}),
  };
}

/** Writes the turned, scaled copy in a private folder, hands its path to `use`, and removes it. */
export function withPartCopy<R>(
  { config, files }: PartContext,
  part: Extract<PrinterPart, { kind: 'mesh' }>,
  use: (copyPath: string) => Promise<R>,
  failed: (reason: string) => R,
): Promise<R> {
  return files.with(
    part.file.filePath,
    async (local) => {
      const folder = await mkdtemp(path.join(tmpdir(), 'printfarm-queue-'));
      try {
        const outPath = path.join(folder, 'part.stl');
        const reply = await writeCopyInThread(
          { ...local, fileName: part.file.fileName, rotation: part.rotation, scale: part.scale, outPath },
          {
            maxHeapMb: config.ANALYSIS_MAX_HEAP_MB,
            timeoutMs: config.ANALYSIS_TIMEOUT_MS,
            threads: config.ANALYSIS_THREADS,
          },
        );
        if (reply.kind === 'missing') return failed(MISSING_FILE);
        if (reply.kind !== 'copy') return failed('The model could not be prepared for the slicer');
        return await use(outPath);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    () => failed(MISSING_FILE),
  );
}

/** A reason that is no verdict on the part: nothing is kept, so it is tried again once things are back. */
export function isPassingTrouble(reason: string): boolean {
  return /not installed|not found|ENOENT|missing from storage/i.test(reason);
}
