// An item's G-code for one of the farm's printers: from the per-printer slice cache when it is there,
// otherwise a queue.slice job is recorded (once per item and printer) and the operator is asked to
// come back in a moment. A part the slicer could not slice says why.
import type { PrismaClient } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import { printerSliceKey } from '@printfarm/db/printQueue/fit';
import { conflict, notFound } from '../http/errors.ts';
import { findFarmPrinter } from './printers.ts';

export type GcodeAnswer =
  | { kind: 'gcode'; gcode: Uint8Array; fileName: string }
  | { kind: 'slicing'; message: string };

export async function itemGcode(
  prisma: PrismaClient,
  farmId: string,
  itemId: string,
  printerId: string,
): Promise<GcodeAnswer> {
  const item = await prisma.queueItem.findFirst({ where: { id: itemId, farmId } });
  if (!item) throw notFound('Queue item not found');
  const printer = await findFarmPrinter(prisma, farmId, printerId);
  const file = await prisma.projectFile.findUniqueOrThrow({
    where: { id: item.fileId },
    select: { sha256: true, originalFileName: true },
  });
  const key = printerSliceKey(item, printer, file.sha256);
  if (!key) throw conflict('This file has no checksum to slice it by');
  const slice = await prisma.printerSlice.findUnique({
    where: { sha256_profileKey_units_orientation_bed_nozzleMm_material: key },
  });
  if (slice?.status === 'ok' && slice.gcode) {
    const base = file.originalFileName.replace(/\.[^.]+$/, '').replace(/[^\w.-]+/g, '_');
    return {
      kind: 'gcode',
      gcode: slice.gcode,
      fileName: `${base}_${printer.name.replace(/[^\w.-]+/g, '_')}.gcode`,
    };
  }
  if (slice)
    throw conflict(
      `The slicer could not slice this part for ${printer.name}: ${slice.reason ?? 'no reason given'}`,
    );
  await prisma.$transaction(async (tx) => {
    const pending = await tx.outboxEvent.count({
      where: { job: 'queue.slice', publishedAt: null, payload: { equals: { itemId, printerId } } },
    });
    if (pending === 0) await recordJob(tx, 'queue.slice', { itemId, printerId });
  });
  return { kind: 'slicing', message: `Slicing this part for ${printer.name}; try again in a moment` };
}
