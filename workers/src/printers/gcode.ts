// A queue item's G-code for one printer: sliced with the printer's bed and nozzle from our turned copy
// of the part (partCopy.ts), and kept in printer_slices by file hash, profile, unit, orientation, bed,
// nozzle and material so the same part on the same kind of printer is sliced once. A file uploaded as
// G-code is sent as it is.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sliceModel } from '../slicer/slice.ts';
import {
  MISSING_FILE,
  makeAndKeep,
  type PartContext,
  type PrinterFileMaker,
  printerPart,
} from './partCopy.ts';

export type PrinterGcode = { ok: true; gcode: Uint8Array } | { ok: false; reason: string; lasting: boolean };

export const printerGcode: PrinterFileMaker<PrinterGcode> = async (context, item, printer) => {
  const { prisma } = context;
  const part = await printerPart(prisma, item, printer);
  if (part.kind === 'failed') return { ok: false, reason: part.reason, lasting: true };
  if (part.kind === 'gcode') return uploadedGcode(context, part.file.filePath);
  const where = { sha256_profileKey_units_orientation_bed_nozzleMm_material: part.key };
  const cached = await prisma.printerSlice.findUnique({ where });
  if (cached?.status === 'ok' && cached.gcode) return { ok: true, gcode: cached.gcode };
  if (cached)
    return { ok: false, reason: cached.reason ?? 'The slicer could not slice this part', lasting: true };

  const sliced = await makeAndKeep(
    context,
    { item, printer, part },
    (settings) => sliceModel({ ...settings, keepGcode: true }),
    prisma.printerSlice,
    (made) => ({
      gcode: made.ok && made.gcode ? Buffer.from(made.gcode) : null,
      printSeconds: made.ok ? made.printSeconds : null,
    }),
  );
  if ('lasting' in sliced) return sliced;
  return sliced.ok && sliced.gcode
    ? { ok: true, gcode: sliced.gcode }
    : { ok: false, reason: sliced.ok ? 'No G-code' : sliced.reason, lasting: true };
};

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
