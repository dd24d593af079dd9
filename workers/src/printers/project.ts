// A queue item's 3MF project for one printer: the same turned, scaled copy its G-code is sliced from,
// with the same settings, kept in printer_projects by the same key. A file uploaded as G-code has none.
import { exportProject } from '../slicer/project.ts';
import { makeAndKeep, type PrinterFile, type PrinterFileMaker, printerPart } from './partCopy.ts';

export type PrinterProject = PrinterFile;

export const printerProject: PrinterFileMaker<PrinterProject> = async (context, item, printer) => {
  const { prisma } = context;
  const part = await printerPart(prisma, item, printer);
  if (part.kind === 'failed') return { ok: false, reason: part.reason, lasting: true };
  if (part.kind === 'gcode')
    return { ok: false, reason: 'A file uploaded as G-code has no project', lasting: true };
  const where = { sha256_profileKey_units_orientation_bed_nozzleMm_material: part.key };
  if (await prisma.printerProject.findUnique({ where, select: { id: true } })) return { ok: true };

  const made = await makeAndKeep(
    context,
    { item, printer, part },
    exportProject,
    prisma.printerProject,
    (exported) => ({ project: exported.ok ? Buffer.from(exported.project) : null }),
  );
  if ('lasting' in made) return made;
  return made.ok ? { ok: true } : { ok: false, reason: made.reason, lasting: true };
};
