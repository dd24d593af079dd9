// A queue item's G-code for one printer: sliced with the printer's bed and nozzle, in the orientation
// the part was quoted in, from our own copy of the parsed mesh (as stage 2 of a quote slices), and kept
// in printer_slices by file hash, profile, unit, orientation, bed, nozzle and material so the same part
// on the same kind of printer is sliced once. A file uploaded as G-code is sent as it is.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Printer, QueueItem } from '@printfarm/db';
import { inspectionOf } from '@printfarm/db/printability';
import { printerSliceKey } from '@printfarm/db/printQueue/fit';
import type { Rotation3 } from '@printfarm/domain/inspection';
import { materialDensity } from '@printfarm/domain/printSettings';
import { isUnits, MM_PER_UNIT } from '@printfarm/domain/units';
import { writeCopyInThread } from '../geometry/thread.ts';
import type { JobContext } from '../jobs/types.ts';
import { sliceModel } from '../slicer/slice.ts';

const AS_UPLOADED: Rotation3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

export type PrinterGcode = { ok: true; gcode: Uint8Array } | { ok: false; reason: string; lasting: boolean };

type GcodeContext = Pick<JobContext, 'prisma' | 'config' | 'files'>;

export async function printerGcode(
  context: GcodeContext,
  item: QueueItem,
  printer: Printer,
): Promise<PrinterGcode> {
  const { prisma } = context;
  const file = await prisma.projectFile.findUnique({
    where: { id: item.fileId },
    include: { analysis: true },
  });
  if (!file) return { ok: false, reason: 'The file is gone', lasting: true };
  if (file.analysis?.format === 'gcode') return uploadedGcode(context, file.filePath);
  const key = printerSliceKey(item, printer, file.sha256);
  if (!key) return { ok: false, reason: 'The file has no checksum to slice it by', lasting: true };
  const where = { sha256_profileKey_units_orientation_bed_nozzleMm_material: key };
  const cached = await prisma.printerSlice.findUnique({ where });
  if (cached?.status === 'ok' && cached.gcode) return { ok: true, gcode: cached.gcode };
  if (cached)
    return { ok: false, reason: cached.reason ?? 'The slicer could not slice this part', lasting: true };

  const inspection = file.analysis ? inspectionOf(file.analysis) : null;
  const rotation =
    inspection?.orientations.find((candidate) => candidate.key === item.orientation)?.rotation ?? AS_UPLOADED;
  const units = isUnits(item.units) ? item.units : 'mm';
  const result = await sliceCopy(
    context,
    file.filePath,
    file.fileName,
    rotation,
    MM_PER_UNIT[units],
    item,
    printer,
  );
  if (!result.ok && /not installed|not found|ENOENT|missing from storage/i.test(result.reason)) {
    // Not a verdict on the part: nothing is kept, so it is sliced once the slicer or the file is back.
    return { ok: false, reason: result.reason, lasting: false };
  }
  await prisma.printerSlice.upsert({
    where,
    update: {},
    create: {
      ...key,
      status: result.ok ? 'ok' : 'failed',
      reason: result.ok ? null : result.reason,
      gcode: result.ok && result.gcode ? Buffer.from(result.gcode) : null,
      printSeconds: result.ok ? result.printSeconds : null,
    },
  });
  return result.ok && result.gcode
    ? { ok: true, gcode: result.gcode }
    : { ok: false, reason: result.ok ? 'No G-code' : result.reason, lasting: true };
}

function uploadedGcode(context: GcodeContext, filePath: string): Promise<PrinterGcode> {
  return context.files.with<PrinterGcode>(
    filePath,
    async (local) => ({
      ok: true,
      gcode: new Uint8Array(await readFile(path.join(local.uploadDir, local.filePath))),
    }),
    () => ({ ok: false, reason: 'The uploaded file is missing from storage', lasting: false }),
  );
}

async function sliceCopy(
  { config, files }: GcodeContext,
  filePath: string,
  fileName: string,
  rotation: Rotation3,
  scale: number,
  item: QueueItem,
  printer: Printer,
) {
  const missing = { ok: false as const, reason: 'The uploaded file is missing from storage', durationMs: 0 };
  return files.with(
    filePath,
    async (local) => {
      const folder = await mkdtemp(path.join(tmpdir(), 'printfarm-queue-'));
      try {
        const outPath = path.join(folder, 'part.stl');
        const reply = await writeCopyInThread(
          { ...local, fileName, rotation, scale, outPath },
          {
            maxHeapMb: config.ANALYSIS_MAX_HEAP_MB,
            timeoutMs: config.ANALYSIS_TIMEOUT_MS,
            threads: config.ANALYSIS_THREADS,
          },
        );
        if (reply.kind === 'missing') return missing;
        if (reply.kind !== 'copy') {
          return {
            ok: false as const,
            reason: 'The model could not be prepared for the slicer',
            durationMs: 0,
          };
        }
        return await sliceModel({
          modelPath: outPath,
          profileKey: item.profileKey,
          scale: 1,
          filamentDensity: materialDensity(item.material),
          timeoutMs: config.SLICER_TIMEOUT_MS,
          memoryMb: config.SLICER_MEMORY_MB,
          slicerPath: config.SLICER_PATH,
          bedMm: { x: printer.buildXMm, y: printer.buildYMm, z: printer.buildZMm },
          ...(printer.nozzleMm ? { nozzleMm: printer.nozzleMm } : {}),
          keepGcode: true,
        });
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    () => missing,
  );
}
