// An item's G-code or 3MF project for one of the farm's printers: from the per-printer cache when it is
// there, otherwise a worker job is recorded (once per item and printer) and the operator is asked to
// come back in a moment. A part the slicer could not take says why.
import type { PrismaClient } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import { printerSliceKey } from '@printfarm/db/printQueue/fit';
import { isLiveJob, JOB_STATE_LABELS, type JobState } from '@printfarm/domain/printJob';
import { conflict, notFound } from '../http/errors.ts';
import { findFarmPrinter } from './printers.ts';

export type PrinterFileAnswer =
  | { kind: 'file'; bytes: Uint8Array; fileName: string }
  | { kind: 'pending'; message: string };

/**
 * The item, the printer and the key their G-code and project are kept by; another farm's are not found.
 * The design is the farm's to print only while its job is being made: once cancelled (or shipped) it is
 * not handed out any more.
 */
async function itemOnPrinter(prisma: PrismaClient, farmId: string, itemId: string, printerId: string) {
  const item = await prisma.queueItem.findFirst({
    where: { id: itemId, farmId },
    include: { job: { select: { state: true } } },
  });
  if (!item) throw notFound('Queue item not found');
  if (!isLiveJob(item.job.state)) {
    const job = JOB_STATE_LABELS[item.job.state as JobState] ?? item.job.state;
    throw conflict(`This item's file is no longer available: its job is ${job.toLowerCase()}`);
  }
  const printer = await findFarmPrinter(prisma, farmId, printerId);
  const file = await prisma.projectFile.findUnique({
    where: { id: item.fileId },
    select: {
      sha256: true,
      originalFileName: true,
      deletedAt: true,
      analysis: { select: { format: true } },
    },
  });
  // The item names its file without a foreign key: a file deleted since is gone, not a server error.
  if (!file || file.deletedAt) throw notFound('The file is gone');
  const key = printerSliceKey(item, printer, file.sha256);
  if (!key) throw conflict('This file has no checksum to slice it by');
  const base = file.originalFileName.replace(/\.[^.]+$/, '').replace(/[^\w.-]+/g, '_');
  const fileName = (extension: string) => `${base}_${printer.name.replace(/[^\w.-]+/g, '_')}.${extension}`;
  return {
    printer,
    format: file.analysis?.format,
    where: { sha256_profileKey_units_orientation_bed_nozzleMm_material: key },
    fileName,
  };
}

/** Records the job that makes the file, unless one is already waiting to be published. */
async function askWorkers(
  prisma: PrismaClient,
  job: 'queue.slice' | 'queue.project',
  payload: { itemId: string; printerId: string },
) {
  await prisma.$transaction(async (tx) => {
    const pending = await tx.outboxEvent.count({
      where: { job, publishedAt: null, payload: { equals: payload } },
    });
    if (pending === 0) await recordJob(tx, job, payload);
  });
}

export async function itemGcode(
  prisma: PrismaClient,
  farmId: string,
  itemId: string,
  printerId: string,
): Promise<PrinterFileAnswer> {
  const { printer, where, fileName } = await itemOnPrinter(prisma, farmId, itemId, printerId);
  const slice = await prisma.printerSlice.findUnique({ where });
  if (slice?.status === 'ok' && slice.gcode)
    return { kind: 'file', bytes: slice.gcode, fileName: fileName('gcode') };
  if (slice)
    throw conflict(
      `The slicer could not slice this part for ${printer.name}: ${slice.reason ?? 'no reason given'}`,
    );
  await askWorkers(prisma, 'queue.slice', { itemId, printerId });
  return { kind: 'pending', message: `Slicing this part for ${printer.name}; try again in a moment` };
}

export async function itemProject(
  prisma: PrismaClient,
  farmId: string,
  itemId: string,
  printerId: string,
): Promise<PrinterFileAnswer> {
  const { printer, format, where, fileName } = await itemOnPrinter(prisma, farmId, itemId, printerId);
  if (format === 'gcode') {
    throw conflict('This part was uploaded as G-code, so it has no 3MF project: download its G-code');
  }
  const project = await prisma.printerProject.findUnique({ where });
  if (project?.status === 'ok' && project.project) {
    return { kind: 'file', bytes: project.project, fileName: fileName('3mf') };
  }
  if (project)
    throw conflict(
      `The slicer could not make a 3MF project of this part for ${printer.name}: ${project.reason ?? 'no reason given'}`,
    );
  await askWorkers(prisma, 'queue.project', { itemId, printerId });
  return {
    kind: 'pending',
    message: `Preparing the 3MF project of this part for ${printer.name}; try again in a moment`,
  };
}
