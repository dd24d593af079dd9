// 'Request again': a cancelled request, or one whose parts shipped, starts a new draft with the same
// files, quantities and choices, so the customer never uploads a design twice. The copies point at the
// same stored bytes (deleting a file removes the bytes only when no other row still uses them) and carry
// the analysis with them, so the draft can be quoted at once.

import { Prisma, type PrismaClient } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import { recordStatusChange } from '@printfarm/db/requests/transition';
import { canRequestAgain, statusLabel } from '@printfarm/domain/requestStatus';
import type { SessionUser } from '../auth/guards.ts';
import { conflict } from '../http/errors.ts';
import { onOwnRequest } from './printRequests.ts';

/** Json columns are written back as they were read; a database NULL needs Prisma's marker. */
const jsonOrNull = (value: Prisma.JsonValue | null) => value ?? Prisma.DbNull;

/**
 * The draft copied from request `id`, and whether this call made it. Clicking twice, or in two tabs,
 * finds the draft the first click made while it is still an untouched draft.
 */
export async function requestAgain(
  prisma: PrismaClient,
  user: SessionUser,
  id: string,
): Promise<{ id: string; created: boolean }> {
  return onOwnRequest(prisma, user, id, async (tx, source) => {
    if (!canRequestAgain(source.status)) {
      throw conflict(
        `Only a cancelled, shipped or completed request can be requested again; this one is ${statusLabel(source.status).toLowerCase()}`,
      );
    }
    const waiting = await tx.customPrintRequest.findFirst({
      where: { againOfId: source.id, status: 'draft', quoteRound: 0 },
      select: { id: true },
    });
    if (waiting) return { id: waiting.id, created: false };

    const files = await tx.projectFile.findMany({
      where: { printRequestId: source.id, deletedAt: null },
      include: { analysis: true },
      orderBy: { uploadedAt: 'asc' },
    });
    if (files.length === 0) throw conflict('This request has no files left to print again');

    const draft = await tx.customPrintRequest.create({
      data: {
        userId: user.id,
        againOfId: source.id,
        title: source.title,
        description: source.description,
        specifications: (source.specifications ?? {}) as Prisma.InputJsonValue,
        quantity: source.quantity,
        budget: source.budget,
        notes: source.notes,
        technology: source.technology,
        material: source.material,
        color: source.color,
        shipToZip: source.shipToZip,
        shipToCity: source.shipToCity,
        shipToState: source.shipToState,
        shipToLatitude: source.shipToLatitude,
        shipToLongitude: source.shipToLongitude,
        shippingAddress: jsonOrNull(source.shippingAddress),
        status: 'draft',
        // The old deadline has passed or belongs to the old order; the customer sets a new one.
      },
      select: { id: true },
    });
    await recordStatusChange(tx, draft.id, null, 'draft', {
      byUserId: user.id,
      note: `Requested again from “${source.title}”`,
    });

    for (const [index, file] of files.entries()) {
      const analysed =
        file.analysis !== null && (file.analysisStatus === 'ready' || file.analysisStatus === 'rejected');
      const copy = await tx.projectFile.create({
        data: {
          printRequestId: draft.id,
          userId: user.id,
          uploadId: `again:${draft.id}:${file.id}`,
          fileName: file.fileName,
          originalFileName: file.originalFileName,
          fileType: file.fileType,
          fileSize: file.fileSize,
          fileUrl: file.fileUrl,
          filePath: file.filePath,
          sha256: file.sha256,
          isMainFile: index === 0,
          quantity: file.quantity,
          printAsIsAt: file.printAsIsAt,
          analysisStatus: analysed ? file.analysisStatus : 'pending',
        },
        select: { id: true },
      });
      if (analysed && file.analysis) {
        const {
          id: _id,
          fileId: _fileId,
          metadata,
          fitsBuildVolume,
          inspection,
          ...measured
        } = file.analysis;
        await tx.fileAnalysis.create({
          data: {
            ...measured,
            fileId: copy.id,
            metadata: jsonOrNull(metadata),
            fitsBuildVolume: jsonOrNull(fitsBuildVolume),
            inspection: jsonOrNull(inspection),
          },
        });
      } else {
        await recordJob(tx, 'model.analyze', { fileId: copy.id });
      }
    }
    return { id: draft.id, created: true };
  });
}
