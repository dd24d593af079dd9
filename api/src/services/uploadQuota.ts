// What one user may upload: uploads in progress at once, and bytes of designs stored. A new upload is
// counted the moment it is created (an open_uploads row, reserved under a per-user lock so parallel
// starts cannot all slip under the limit); finishing it swaps the row for the project file.
import type { Prisma, PrismaClient } from '@printfarm/db';
import { formatBytes } from '@printfarm/domain/upload';
import { HttpError } from '../http/errors.ts';

export interface UploadQuota {
  maxOpen: number;
  maxBytes: number;
}

export interface UploadReservation {
  uploadId: string;
  userId: string;
  size: number;
  expiresAt: Date;
}

export async function reserveUpload(
  prisma: PrismaClient,
  quota: UploadQuota,
  upload: UploadReservation,
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`upload-quota:${upload.userId}`}))`;
    const open = await tx.openUpload.aggregate({
      where: { userId: upload.userId, expiresAt: { gt: new Date() } },
      _count: true,
      _sum: { size: true },
    });
    if (open._count >= quota.maxOpen) {
      throw new HttpError(
        429,
        `You already have ${open._count} uploads in progress. Let one finish, or remove one, before starting another.`,
      );
    }
    // Stored bytes count once however many requests use them ('Request again' shares them).
    const [stored] = await tx.$queryRaw<[{ bytes: bigint }]>`
      SELECT coalesce(sum(file_size), 0)::bigint AS bytes
      FROM (SELECT DISTINCT ON (file_path) file_size FROM project_files
            WHERE user_id = ${upload.userId}::uuid AND deleted_at IS NULL) AS files`;
    const used = Number(stored.bytes) + Number(open._sum.size ?? 0);
    if (used + upload.size > quota.maxBytes) {
      throw new HttpError(
        413,
        `This file does not fit in your ${formatBytes(quota.maxBytes)} of design storage (${formatBytes(used)} used). Delete designs you no longer need to make room.`,
      );
    }
    await tx.openUpload.create({
      data: { id: upload.uploadId, userId: upload.userId, size: upload.size, expiresAt: upload.expiresAt },
    });
  });
}

/** The upload finished, was refused or was cancelled: it no longer counts as open. */
export async function releaseUpload(
  db: PrismaClient | Prisma.TransactionClient,
  uploadId: string,
): Promise<void> {
  await db.openUpload.deleteMany({ where: { id: uploadId } });
}

/** Rows of uploads the tus store has expired (they already stopped counting). */
export async function purgeExpiredUploads(prisma: PrismaClient): Promise<number> {
  const { count } = await prisma.openUpload.deleteMany({ where: { expiresAt: { lte: new Date() } } });
  return count;
}
