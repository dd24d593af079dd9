// Project files: recording a finished upload (file row, its request, the analysis job, all in one
// transaction), listing a user's files, and deleting one with its stored bytes.

import { Prisma, type PrismaClient } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import { modelFormatFromName } from '@printfarm/domain/upload';
import type { SessionUser } from '../auth/guards.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { ProjectFileWithAnalysis } from '../presenters/projectFile.ts';
import type { StoredFiles } from '../uploads/store.ts';
import { findOwnPrintRequest } from './printRequests.ts';

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

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
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
        printRequestId = request.id;
      } else {
        const request = await tx.customPrintRequest.create({
          data: { userId: upload.userId, title: titleFor(fileName), specifications: {}, status: 'draft' },
          select: { id: true },
        });
        await tx.requestStatusHistory.create({
          data: {
            requestId: request.id,
            fromStatus: null,
            toStatus: 'draft',
            changedByUserId: upload.userId,
            note: `Created by uploading ${fileName}`,
          },
        });
        printRequestId = request.id;
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
      return { fileId: file.id, printRequestId, created: true };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await prisma.projectFile.findUnique({ where: { uploadId: upload.uploadId } });
    if (!raced) throw error;
    return { fileId: raced.id, printRequestId: raced.printRequestId, created: false };
  }
}

export function listOwnFiles(prisma: PrismaClient, user: SessionUser): Promise<ProjectFileWithAnalysis[]> {
  return prisma.projectFile.findMany({
    where: { userId: user.id, deletedAt: null },
    orderBy: { uploadedAt: 'desc' },
    include: { analysis: true },
    take: 1_000,
  });
}

/** A file the user may download: their own, or any for staff; anything else answers 404. */
export async function findReadableFile(prisma: PrismaClient, user: SessionUser, id: string) {
  const file = await prisma.projectFile.findUnique({ where: { id } });
  if (!file || file.deletedAt || (file.userId !== user.id && user.role !== 'staff')) {
    throw notFound('File not found');
  }
  return file;
}

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
    await tx.projectFile.delete({ where: { id } });
    if (file.isMainFile) {
      const next = await tx.projectFile.findFirst({
        where: { printRequestId: file.printRequestId, deletedAt: null },
        orderBy: { uploadedAt: 'asc' },
        select: { id: true },
      });
      if (next) await tx.projectFile.update({ where: { id: next.id }, data: { isMainFile: true } });
    }
  });
  await storedFiles.remove(file.filePath);
}
