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
import type { JobContext, JobHandler } from '../jobs/types.ts';
import type { SlicerSettings } from '../slicer/slice.ts';

const AS_UPLOADED: Rotation3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
export const MISSING_FILE = 'The uploaded file is missing from storage';

export type PartContext = Pick<JobContext, 'prisma' | 'config' | 'files'>;

/** A queue item's file for one printer, or why not: `lasting` for a verdict on the part, else worth a retry. */
export type PrinterFile = { ok: true } | { ok: false; reason: string; lasting: boolean };
export type PrinterFileMaker<Made extends PrinterFile = PrinterFile> = (
  context: PartContext,
  item: QueueItem,
  printer: Printer,
) => Promise<Made>;
type StoredFile = { filePath: string; fileName: string };
type SliceKey = NonNullable<ReturnType<typeof printerSliceKey>>;

export type PrinterPart =
  | { kind: 'failed'; reason: string }
  | { kind: 'gcode'; file: StoredFile }
  | { kind: 'mesh'; file: StoredFile; key: SliceKey; rotation: Rotation3; scale: number };
type MeshPart = Extract<PrinterPart, { kind: 'mesh' }>;

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
function withPartCopy<R>(
  { config, files }: PartContext,
  part: MeshPart,
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
        if (reply.kind === 'outcome') {
          // Only the thread's own deadline or heap limit answers a copy so: the machine's load.
          return { ...failed('The model could not be prepared for the slicer'), transient: 'interrupted' };
        }
        if (reply.kind !== 'copy') return failed('The model could not be prepared for the slicer');
        return await use(outPath);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    () => failed(MISSING_FILE),
  );
}

/**
 * A failure that is no verdict on the part (the file or the slicer missing, a run cut off by its time or
 * memory limit, the copy thread's own limits): nothing is kept, so it is tried again once things are back.
 */
function isPassingTrouble(made: Failed): boolean {
  return (
    made.transient !== undefined || /not installed|not found|ENOENT|missing from storage/i.test(made.reason)
  );
}

/** `transient`: the slicer's or the copy thread's run was cut off or could not run (slice.ts). */
type Failed = { ok: false; reason: string; transient?: string | undefined };
/** A trouble that passes: answered, not kept. */
type Passing = Failed & { lasting: false };

/** A table that keeps, by the part's key, what was made of it for a kind of printer, or why it failed. */
interface MadeTable<Columns> {
  upsert(args: {
    where: { sha256_profileKey_units_orientation_bed_nozzleMm_material: SliceKey };
    update: Record<string, never>;
    create: SliceKey & { status: 'ok' | 'failed'; reason: string | null } & Columns;
  }): PromiseLike<unknown>;
}

/**
 * Makes what a printer needs of a mesh part (its G-code, its project) from our copy with the printer's
 * settings, and keeps a lasting outcome, made or refused, in `table` (with `columns` of what was made);
 * a passing trouble is answered and not kept, so the next try makes it again.
 */
export async function makeAndKeep<Made extends { ok: true } | Failed, Columns>(
  context: PartContext,
  { item, printer, part }: { item: QueueItem; printer: Printer; part: MeshPart },
  make: (settings: SlicerSettings & { modelPath: string }) => Promise<Made>,
  table: MadeTable<Columns>,
  columns: (made: Made | Failed) => Columns,
): Promise<Made | Failed | Passing> {
  const made = await withPartCopy<Made | Failed>(
    context,
    part,
    (modelPath) => make({ ...printerSettings(context.config, item, printer), modelPath }),
    (reason) => ({ ok: false, reason }),
  );
  if (!made.ok && isPassingTrouble(made)) return { ok: false, reason: made.reason, lasting: false };
  await table.upsert({
    where: { sha256_profileKey_units_orientation_bed_nozzleMm_material: part.key },
    update: {},
    create: {
      ...part.key,
      status: made.ok ? 'ok' : 'failed',
      reason: made.ok ? null : made.reason,
      ...columns(made),
    },
  });
  return made;
}

/**
 * The job that makes a queue item's file for one of the farm's printers (its G-code, its 3MF project):
 * a slicer or file missing for now is worth a retry; a verdict on the part is kept and shown.
 */
export function printerFileJob(make: PrinterFileMaker): JobHandler<'queue.slice' | 'queue.project'> {
  return async ({ itemId, printerId }, context) => {
    const item = await context.prisma.queueItem.findUnique({ where: { id: itemId } });
    const printer = await context.prisma.printer.findUnique({ where: { id: printerId } });
    if (!item || !printer || printer.farmId !== item.farmId) return 'skipped';
    const made = await make(context, item, printer);
    if (!made.ok && !made.lasting) throw new Error(made.reason);
    return 'done';
  };
}
