// A queue item's 3MF project for one printer: the same turned, scaled copy its G-code is sliced from,
// with the same settings, kept in printer_projects by the same key. A file uploaded as G-code has none.
import type { Printer, QueueItem } from '@printfarm/db';
import { exportProject } from '../slicer/project.ts';
import {
  isPassingTrouble,
  type PartContext,
  printerPart,
  printerSettings,
  withPartCopy,
} from './partCopy.ts';

export type PrinterProject = { ok: true } | { ok: false; reason: string; lasting: boolean };

export async function printerProject(
  context: PartContext,
  item: QueueItem,
  printer: Printer,
): Promise<PrinterProject> {
  const { prisma } = context;
  const part = await printerPart(prisma, item, printer);
  if (part.kind === 'failed') return { ok: false, reason: part.reason, lasting: true };
  if (part.kind === 'gcode')
    return { ok: false, reason: 'A file uploaded as G-code has no project', lasting: true };
  const where = { sha256_profileKey_units_orientation_bed_nozzleMm_material: part.key };
  if (await prisma.printerProject.findUnique({ where, select: { id: true } })) return { ok: true };

  const result = await withPartCopy(
    context,
    part,
    (modelPath) => exportProject({ ...printerSettings(context.config, item, printer), modelPath }),
    (reason) => ({ ok: false as const, reason }),
  );
  if (!result.ok && isPassingTrouble(result.reason))
    return { ok: false, reason: result.reason, lasting: false };
  await prisma.printerProject.upsert({
    where,
    update: {},
    create: {
      ...part.key,
      status: result.ok ? 'ok' : 'failed',
      reason: result.ok ? null : result.reason,
      project: result.ok ? Buffer.from(result.project) : null,
    },
  });
  return result.ok ? { ok: true } : { ok: false, reason: result.reason, lasting: true };
}
