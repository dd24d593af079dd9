// A queue item's G-code for one printer: sliced with the printer's bed and nozzle from our turned copy
// of the part (partCopy.ts), and kept in printer_slices by file hash, profile, unit, orientation, bed,
// nozzle and material so the same part on the same kind of printer is sliced once. A file uploaded as
// G-code is sent as it is.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Printer, QueueItem } from '@printfarm/db';
import { sliceModel } from '../slicer/slice.ts';
import {
  isPassingTrouble,
  MISSING_FILE,
  type PartContext,
  printerPart,
  printerSettings,
  withPartCopy,
} from './partCopy.ts';

export type PrinterGcode = { ok: true; gcode: Uint8Array } | { ok: false; reason: string; lasting: boolean };

export async function printerGcode(
  context: PartContext,
  item: QueueItem,
  printer: Printer,
): Promise<PrinterGcode> {
  const { prisma } = context;
  const part = await printerPart(prisma, item, printer);
  if (part.kind === 'failed') return { ok: false, reason: part.reason, lasting: true };
  if (part.kind === 'gcode') return uploadedGcode(context, part.file.filePath);
  const where = { sha256_profileKey_units_orientation_bed_nozzleMm_material: part.key };
  const cached = await prisma.printerSlice.findUnique({ where });
  if (cached?.status === 'ok' && cached.gcode) return { ok: true, gcode: cached.gcode };
  if (cached)
    return { ok: false, reason: cached.reason ?? 'The slicer could not slice this part', lasting: true };

  const result = await withPartCopy(
    context,
    part,
    (modelPath) =>
      sliceModel({ ...printerSettings(context.config, item, printer), modelPath, keepGcode: true }),
    (reason) => ({ ok: false as const, reason, durationMs: 0 }),
  );
  if (!result.ok && isPassingTrouble(result.reason))
    return { ok: false, reason: result.reason, lasting: false };
  await prisma.printerSlice.upsert({
    where,
    update: {},
    create: {
      ...part.key,
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

function uploadedGcode(context: PartContext, filePath: string): Promise<PrinterGcode> {
  return context.files.with<PrinterGcode>(
    filePath,
    async (local) => ({
      ok: true,
      gcode: new Uint8Array(await readFile(path.join(local.uploadDir, local.filePath))),
    }),
    () => ({ ok: false, reason: MISSING_FILE, lasting: false }),
  );
}
