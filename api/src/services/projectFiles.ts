// Project files: recording a finished upload (file row, its request, the analysis job, all in one
// transaction), listing a user's files, and deleting one with its stored bytes (once no copy uses them).

import type { FileAnalysis, Prisma, PrismaClient, ProjectFile } from '@printfarm/db';
import { isUniqueViolation } from '@printfarm/db/errors';
import { recordJob } from '@printfarm/db/outbox';
import {
  lockPrintRequest,
  recordStatusChange,
  transitionPrintRequest,
} from '@printfarm/db/requests/transition';
import { DEFAULT_PRINT_SETTINGS } from '@printfarm/domain/printSettings';
import { EDITABLE_STATUSES, statusLabel } from '@printfarm/domain/requestStatus';
import { modelFormatFromName } from '@printfarm/domain/upload';
import type { SessionUser } from '../auth/guards.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import type { StoredFiles } from '../uploads/store.ts';
import { shipToOf } from './printRequestChoices.ts';
import { findOwnPrintRequest } from './printRequests.ts';
import { releaseUpload } from './uploadQuota.ts';

/** The row its presenter writes out. */
export type ProjectFileWithAnalysis = ProjectFile & { analysis: FileAnalysis | null };

export interface FinishedUpload {
  userId: string;
  uploadId: string;
  originalFileName: string;
  fileSize: number;
  /** Relative to UPLOAD_DIR (or the object key when stored in S3). */
  filePath: string;
  sha256: string;
  /** The user's own request to add the file to; a new draft request is created when absent. */
  printRequestId?: string | undefined;
  /** The upload dialog's batch id: files of one batch land in one new draft request. */
  uploadBatch?: string | undefined;
}

/** A file name safe to show and to send back in Content-Disposition: no folders, no control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return cleaned.slice(-200) || 'model';
}

function titleFor(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const stem = (dot > 0 ? fileName.slice(0, dot) : fileName).replace(/[_-]+/g, ' ').trim();
  return (stem || fileName).slice(0, 200);
}

/**
 * A new draft for an upload, with sensible defaults: FDM in PLA at standard quality, shipping to the
 * address saved in the customer's settings.
 */
async function createDraftRequest(
  tx: Prisma.TransactionClient,
  userId: string,
  fileName: string,
  uploadBatch?: string,
) {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { defaultShippingAddress: true } });
  const address = user?.defaultShippingAddress as { zipCode?: unknown } | null | undefined;
  const zip = typeof address?.zipCode === 'string' ? /^\s*(\d{5})/.exec(address.zipCode)?.[1] : undefined;
  const shipTo = zip ? shipToOf(zip) : undefined;
  const request = await tx.customPrintRequest.create({
    data: {
      userId,
      title: titleFor(fileName),
      specifications: { ...DEFAULT_PRINT_SETTINGS },
      status: 'draft',
      uploadBatch: uploadBatch ?? null,
      technology: 'FFF/FDM',
      material: 'PLA',
      ...(shipTo ?? {}),
      ...(shipTo && user?.defaultShippingAddress ? { shippingAddress: user.defaultShippingAddress } : {}),
    },
    select: { id: true },
  });
  await recordStatusChange(tx, request.id, null, 'draft', {
    byUserId: userId,
    note: `Created by uploading ${fileName}`,
  });
  return request.id;
}

/** Why a request in this status takes no more files (the 409's words), or undefined when it does. */
export function closedToFiles(status: string): string | undefined {
  if ((EDITABLE_STATUSES as readonly string[]).includes(status)) return undefined;
  return `You cannot add files to a request that is ${statusLabel(status).toLowerCase()}`;
}

/**
 * A file added to an existing request: allowed until it is ordered. Quotes made without the file are
 * withdrawn, and a rejected request becomes a draft again.
 */
async function reopenForNewFile(
  tx: Prisma.TransactionClient,
  userId: string,
  requestId: string,
  fileName: string,
) {
  const request = await lockPrintRequest(tx, requestId);
  if (!request) throw notFound('Print request not found');
  const closed = closedToFiles(request.status);
  if (closed) throw conflict(closed);
  if (request.status === 'draft' || request.status === 'pending') return;
  await tx.requestOffer.updateMany({
    where: { requestId, status: 'offered' },
    data: { status: 'withdrawn' },
  });
  await transitionPrintRequest(tx, request, 'draft', {
    byUserId: userId,
    note: `${fileName} added; get new quotes`,
    data: { quotedAt: null, quotedPrice: null },
  });
}

/**
 * Records a finished upload once: the project_files row (uploadId is unique, so a second finish finds
 * the first row), a new draft request when none is named, its status history, and `model.analyze`.
 */
export async function recordFinishedUpload(
  prisma: PrismaClient,
  upload: FinishedUpload,
): Promise<{ fileId: string; printRequestId: string; created: boolean }> {
  const fileName = cleanFileName(upload.originalFileName);
  const fileType = modelFormatFromName(fileName);
  if (!fileType) throw badRequest('This file type is not supported', { file: 'Unsupported file type' });
  const existing = await prisma.projectFile.findUnique({ where: { uploadId: upload.uploadId } });
  if (existing) return { fileId: existing.id, printRequestId: existing.printRequestId, created: false };
  try {
    return await prisma.$transaction(async (tx) => {
      let printRequestId: string;
      if (upload.printRequestId) {
        const request = await findOwnPrintRequest(tx, upload.userId, upload.printRequestId);
        if (!request) throw notFound('Print request not found');
        await reopenForNewFile(tx, upload.userId, request.id, fileName);
        printRequestId = request.id;
      } else if (upload.uploadBatch) {
        // Files of one batch finish in any order, some at once: the first creates the draft.
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`${upload.userId}:${upload.uploadBatch}`}))`;
        const batch = await tx.customPrintRequest.findUnique({
          where: { userId_uploadBatch: { userId: upload.userId, uploadBatch: upload.uploadBatch } },
          select: { id: true },
        });
        if (batch) await reopenForNewFile(tx, upload.userId, batch.id, fileName);
        printRequestId =
          batch?.id ?? (await createDraftRequest(tx, upload.userId, fileName, upload.uploadBatch));
      } else {
        printRequestId = await createDraftRequest(tx, upload.userId, fileName);
      }
      const siblings = await tx.projectFile.count({ where: { printRequestId, deletedAt: null } });
      const file = await tx.projectFile.create({
        data: {
          printRequestId,
          userId: upload.userId,
          uploadId: upload.uploadId,
          fileName,
          originalFileName: fileName,
          fileType,
          fileSize: upload.fileSize,
          filePath: upload.filePath,
          sha256: upload.sha256,
          isMainFile: siblings === 0,
          analysisStatus: 'pending',
        },
        select: { id: true },
      });
      await recordJob(tx, 'model.analyze', { fileId: file.id });
      // The upload now counts as the stored file, no longer as one in progress.
      await releaseUpload(tx, upload.uploadId);
      return { fileId: file.id, printRequestId, created: true };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await prisma.projectFile.findUnique({ where: { uploadId: upload.uploadId } });
    if (!raced) throw error;
    return { fileId: raced.id, printRequestId: raced.printRequestId, created: false };
  }
}

/** The user's files with their analyses and the technology each one's request asks for. */
export function listOwnFiles(
  prisma: PrismaClient,
  user: SessionUser,
): Promise<(ProjectFileWithAnalysis & { printRequest: { technology: string | null } })[]> {
  return prisma.projectFile.findMany({
    where: { userId: user.id, deletedAt: null },
    orderBy: { uploadedAt: 'desc' },
    include: { analysis: true, printRequest: { select: { technology: true } } },
    take: 1_000,
  });
}

/** A file the user may download: their own, or any for staff; anything else answers 404. */
export async function findReadableFile(prisma: PrismaClient, user: SessionUser, id: string) {
  const file = await prisma.projectFile.findUnique({ where: { id } });
  if (!file || file.deletedAt) throw notFound('File not found');
  if (file.userId === user.id || user.role === 'staff') return file;
  // The farm a job was offered to may read the customer's files, to judge and then print it.
  const job = await prisma.printJob.findFirst({
    where: {
      requestId: file.printRequestId,
      state: { in: ['offered', 'countered', 'accepted', 'printing', 'shipped', 'delivered'] },
      farm: { userId: user.id },
    },
    select: { id: true },
  });
  if (!job) throw notFound('File not found');
  return file;
}

/** Statuses in which the farm relies on the files as they are. */
const IN_PRODUCTION: readonly string[] = ['quoting', 'ordered', 'accepted', 'printing', 'shipped'];

/** Deletes the owner's file: the row (its analysis goes with it) and then the stored bytes. */
export async function deleteOwnFile(
  prisma: PrismaClient,
  user: SessionUser,
  id: string,
  storedFiles: Pick<StoredFiles, 'remove'>,
): Promise<void> {
  const file = await prisma.projectFile.findUnique({ where: { id } });
  if (!file || file.userId !== user.id) throw notFound('File not found');
  await prisma.$transaction(async (tx) => {
    const request = await lockPrintRequest(tx, file.printRequestId);
    if (request && IN_PRODUCTION.includes(request.status)) {
      throw conflict('This file belongs to a request that is ordered; cancel the request first');
    }
    if (request && (request.status === 'quoted' || request.status === 'expired')) {
      await tx.requestOffer.updateMany({
        where: { requestId: request.id, status: 'offered' },
        data: { status: 'withdrawn' },
      });
      await transitionPrintRequest(tx, request, 'draft', {
        byUserId: user.id,
        note: `${file.fileName} removed; get new quotes`,
        data: { quotedAt: null, quotedPrice: null },
      });
    }
    // Deleted twice at once (a double click): the second finds it gone once it holds the request's lock.
    const { count } = await tx.projectFile.deleteMany({ where: { id } });
    if (count === 0) throw notFound('File not found');
    if (file.isMainFile) {
      const next = await tx.projectFile.findFirst({
        where: { printRequestId: file.printRequestId, deletedAt: null },
        orderBy: { uploadedAt: 'asc' },
        select: { id: true },
      });
      if (next) await tx.projectFile.update({ where: { id: next.id }, data: { isMainFile: true } });
    }
  });
  // 'Request again' copies share the stored bytes: they go with the last row that uses them. Read after
  // the commit, so of two rows deleted at once at least one sees the other gone.
  const sharing = await prisma.projectFile.count({ where: { filePath: file.filePath } });
  if (sharing === 0) await storedFiles.remove(file.filePath);
}
