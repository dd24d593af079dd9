// Makes a queue item's 3MF project for one of the farm's printers, so the operator can download it.

import { printerProject } from '../printers/project.ts';
import type { JobHandler } from './types.ts';

export const queueProject: JobHandler<'queue.project'> = async ({ itemId, printerId }, context) => {
  const item = await context.prisma.queueItem.findUnique({ where: { id: itemId } });
  const printer = await context.prisma.printer.findUnique({ where: { id: printerId } });
  if (!item || !printer || printer.farmId !== item.farmId) return 'skipped';
  const project = await printerProject(context, item, printer);
  // A slicer or file that is missing for now is worth a retry; a verdict on the part is kept and shown.
  if (!project.ok && !project.lasting) throw new Error(project.reason);
  return 'done';
};
