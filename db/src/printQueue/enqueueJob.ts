// An accepted job joins its farm's queue: every copy of every file becomes a queue item, in the same
// transaction as the accept, placed by the rule (domain/printQueue.ts placeInQueue) among the items
// already waiting. Running it twice adds nothing (one item per job, file and copy).
import type { OrientationKey } from '@printfarm/domain/inspection';
import { chooseOrientation } from '@printfarm/domain/orientation';
import { type BuildVolume, largestBuildVolume } from '@printfarm/domain/printerCatalogue';
import { placeInQueue } from '@printfarm/domain/printQueue';
import { printSettingsOf, sliceProfileKey } from '@printfarm/domain/printSettings';
import { isUnits, MM_PER_UNIT, type Units } from '@printfarm/domain/units';
import type { FileAnalysis, Prisma } from '../generated/client.ts';
import { inspectionOf } from '../printability.ts';
import { lockFarmQueue, renumberWaiting } from './positions.ts';

type NewItem = Prisma.QueueItemUncheckedCreateInput & { id: string; readyBy: Date; color: string | null };

export async function enqueueJob(tx: Prisma.TransactionClient, jobId: string): Promise<number> {
  const job = await tx.printJob.findUniqueOrThrow({
    where: { id: jobId },
    include: {
      request: {
        include: {
          files: { where: { deletedAt: null }, orderBy: { uploadedAt: 'asc' }, include: { analysis: true } },
        },
      },
    },
  });
  await lockFarmQueue(tx, job.farmId);
  const known = await tx.queueItem.count({ where: { jobId } });
  if (known > 0) return 0;
  const { request } = job;
  const technology = request.technology ?? 'FFF/FDM';
  const settings = printSettingsOf(request.specifications);
  const printers = await tx.printer.findMany({
    where: { farmId: job.farmId, technology },
    select: { buildXMm: true, buildYMm: true, buildZMm: true },
  });
  // The part is printed as it was quoted: the orientation needing least support that fits the bed, here
  // the farm's largest of the technology.
  const bed = largestBuildVolume(printers.map((p) => ({ x: p.buildXMm, y: p.buildYMm, z: p.buildZMm })));
  const added: NewItem[] = [];
  for (const file of request.files) {
    const units = isUnits(file.analysis?.units) ? file.analysis.units : 'mm';
    const { orientation, sizeMm } = quotedOrientation(file.analysis, units, bed);
    for (let copy = 1; copy <= file.quantity; copy += 1) {
      added.push({
        id: crypto.randomUUID(),
        farmId: job.farmId,
        jobId,
        fileId: file.id,
        copy,
        position: 0,
        technology,
        material: request.material ?? 'PLA',
        color: request.color?.trim() || null,
        layerHeightMm: settings.layerHeightMm,
        profileKey: sliceProfileKey(settings),
        units,
        orientation,
        partXMm: sizeMm?.x ?? null,
        partYMm: sizeMm?.y ?? null,
        partZMm: sizeMm?.z ?? null,
        readyBy: job.readyBy,
      });
    }
  }
  const waiting = await tx.queueItem.findMany({
    where: { farmId: job.farmId, state: { in: ['queued', 'held'] } },
    orderBy: [{ position: 'asc' }, { createdAt: 'asc' }],
    select: { id: true, readyBy: true, material: true, color: true },
  });
  const order = placeInQueue<{ id: string; readyBy: Date; material: string; color: string | null }>(
    waiting,
    added,
  );
  const positions = new Map(order.map((item, index) => [item.id, index + 1]));
  await tx.queueItem.createMany({
    data: added.map((item) => ({ ...item, position: positions.get(item.id) ?? 0 })),
  });
  await renumberWaiting(
    tx,
    job.farmId,
    order.map((item) => item.id),
  );
  return added.length;
}

function quotedOrientation(
  analysis: FileAnalysis | null,
  units: Units,
  bed: BuildVolume | undefined,
): { orientation: OrientationKey; sizeMm: BuildVolume | null } {
  if (!analysis) return { orientation: 'z-', sizeMm: null };
  const chosen = chooseOrientation(inspectionOf(analysis), units, bed);
  if (chosen) return { orientation: chosen.key, sizeMm: chosen.bboxMm };
  const f = MM_PER_UNIT[units];
  const { bboxXMm: x, bboxYMm: y, bboxZMm: z } = analysis;
  return {
    orientation: 'z-',
    sizeMm: x !== null && y !== null && z !== null ? { x: x * f, y: y * f, z: z * f } : null,
  };
}
