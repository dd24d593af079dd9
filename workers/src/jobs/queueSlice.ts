// Slices a queue item for one of the farm's printers, so the operator can download its G-code.

import { printerGcode } from '../printers/gcode.ts';
import type { JobHandler } from './types.ts';

export const queueSlice: JobHandler<'queue.slice'> = async ({ itemId, printerId }, context) => {
  const item = await context.prisma.queueItem.findUnique({ where: { id: itemId } });
  const printer = await context.prisma.printer.findUnique({ where: { id: printerId } });
  if (!item || !printer || printer.farmId !== item.farmId) return 'skipped';
  const gcode = await printerGcode(context, item, printer);
  // A slicer or file that is missing for now is worth a retry; a verdict on the part is kept and shown.
  if (!gcode.ok && !gcode.lasting) throw new Error(gcode.reason);
  return 'done';
};
