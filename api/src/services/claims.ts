// Claims on delivered jobs. The customer opens one within the claims window, with a reason and photos;
// the farm's share stays pending meanwhile. The operator answers with a reprint or a refund; the
// customer may dispute that answer until the window (extended to give them two days) closes, and staff
// decide a dispute. Refunds run through payment.refund; the share is released by claims.close once the
// claim is settled and its refunds are in the ledger.
import type { Prisma, PrismaClient } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import { refundable } from '@printfarm/db/payments/refunds';
import { mailCustomer, mailOperator } from '@printfarm/db/requests/mail';
import { recordStatusChange } from '@printfarm/db/requests/transition';
import {
  CLAIM_PHOTOS,
  CLAIM_REASONS,
  type ClaimAnswer,
  type ClaimInput,
  dataUrlBytes,
  photoType,
} from '@printfarm/domain/claims';
import { formatUsd } from '@printfarm/domain/money';
import { deferredEmail } from '@printfarm/mail/deferred';
import { mailRequest } from '@printfarm/mail/marketplace';
import type { SessionUser } from '../auth/guards.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { onOwnRequest } from './printRequests.ts';

/** After an answer the customer has at least this long to dispute it before the share is released. */
const DISPUTE_MS = 2 * 86_400_000;

function checkedPhotos(photos: readonly string[]) {
  return photos.map((dataUrl, index) => {
    const bytes = dataUrlBytes(dataUrl);
    const field = `photos.${index}`;
    if (!bytes)
      throw badRequest('A photo could not be read', { [field]: 'Attach the photo as an image file' });
    if (bytes.length > CLAIM_PHOTOS.maxBytes) {
      throw badRequest('A photo is too large', { [field]: 'Each photo must be at most 3 MB' });
    }
    const contentType = photoType(bytes);
    if (!contentType) {
      throw badRequest('A photo is not an image we accept', { [field]: 'Photos must be JPEG, PNG or WebP' });
    }
    return { contentType, bytes };
  });
}

/** The customer's claim on their delivered request, within the window. */
export async function openClaim(
  prisma: PrismaClient,
  appUrl: string,
  user: SessionUser,
  requestId: string,
  input: ClaimInput,
): Promise<void> {
  const photos = checkedPhotos(input.photos);
  await onOwnRequest(prisma, user, requestId, async (tx, request) => {
    const job = await tx.printJob.findFirst({ where: { requestId, state: 'delivered' } });
    if (request.status !== 'completed' || !job)
      throw conflict('You can open a claim once the parts are delivered');
    if (await tx.jobClaim.findUnique({ where: { requestId } }))
      throw conflict('This request already has a claim');
    // Locked as releaseJobShare locks it: a release that came first is seen here, one that comes later
    // waits and then sees this claim. The window is judged by the database's clock.
    const [window] = await tx.$queryRaw<{ open: boolean | null }[]>`
      SELECT released_at IS NULL AND claims_close_at > now() AS open
      FROM print_jobs WHERE id = ${job.id}::uuid FOR UPDATE`;
    if (!window?.open) throw conflict('The claims window for this request has closed');
    const claim = await tx.jobClaim.create({
      data: {
        requestId,
        jobId: job.id,
        farmId: job.farmId,
        userId: user.id,
        reason: input.reason,
        details: input.details,
        photos: {
          create: photos.map((photo) => ({
            contentType: photo.contentType,
            bytes: new Uint8Array(photo.bytes) as Uint8Array<ArrayBuffer>,
          })),
        },
      },
    });
    await recordStatusChange(tx, requestId, request.status, request.status, {
      byUserId: user.id,
      note: `Claim opened: ${CLAIM_REASONS[input.reason]}`,
    });
    await mailOperator(tx, job.farmId, (operator) =>
      deferredEmail('claimOpenedEmail', appUrl, operator, {
        id: claim.id,
        jobId: job.id,
        title: request.title,
        reason: CLAIM_REASONS[input.reason],
        details: input.details,
        photos: photos.length,
      }),
    );
  });
}

/**
 * Refunds `cents` of a job's captured payments, oldest first (the order's payment, then any difference),
 * each through payment.refund under a key naming the claim.
 */
async function refundForClaim(
  tx: Prisma.TransactionClient,
  claim: { id: string; jobId: string },
  cents: number,
  reason: string,
  step: 'operator' | 'staff',
): Promise<void> {
  const payments = await tx.payment.findMany({
    where: { jobId: claim.jobId, status: { in: ['captured', 'refunded'] } },
    orderBy: { createdAt: 'asc' },
  });
  let left = cents;
  for (const payment of payments) {
    const part = Math.min(left, refundable(payment));
    if (part <= 0) continue;
    await recordJob(tx, 'payment.refund', {
      paymentId: payment.id,
      cents: part,
      key: `claim:${claim.id}:${step}:${payment.id}`,
      reason,
    });
    left -= part;
  }
}

/** What can still be refunded on the job: captured money less earlier refunds. */
async function refundableForJob(tx: Prisma.TransactionClient, jobId: string): Promise<number> {
  const payments = await tx.payment.findMany({ where: { jobId, status: { in: ['captured', 'refunded'] } } });
  return payments.reduce((sum, payment) => sum + refundable(payment), 0);
}

async function lockClaimOfJob(tx: Prisma.TransactionClient, jobId: string) {
  await tx.$queryRaw`SELECT id FROM job_claims WHERE job_id = ${jobId}::uuid FOR UPDATE`;
  return tx.jobClaim.findUnique({
    where: { jobId },
    include: { request: true, job: true },
  });
}

/**
 * The share is released when the (possibly extended) window closes: claims.close is recorded for then,
 * and the window moves out so the customer has two days to dispute the answer.
 */
async function scheduleRelease(
  tx: Prisma.TransactionClient,
  job: { id: string; claimsCloseAt: Date | null },
) {
  const disputeUntil = new Date(Date.now() + DISPUTE_MS);
  const closesAt = job.claimsCloseAt && job.claimsCloseAt > disputeUntil ? job.claimsCloseAt : disputeUntil;
  await tx.printJob.update({ where: { id: job.id }, data: { claimsCloseAt: closesAt } });
  await recordJob(tx, 'claims.close', { jobId: job.id }, { runAt: closesAt });
}

/** The operator's answer: a reprint at the farm's cost, or a refund of up to what was captured. */
export async function answerClaim(
  prisma: PrismaClient,
  appUrl: string,
  user: SessionUser,
  jobId: string,
  answer: ClaimAnswer,
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const job = await tx.printJob.findUnique({ where: { id: jobId }, include: { farm: true } });
    if (!job || (user.role !== 'staff' && job.farm.userId !== user.id)) throw notFound('Job not found');
    const claim = await lockClaimOfJob(tx, jobId);
    if (!claim) throw notFound('This job has no claim');
    if (claim.status !== 'open') throw conflict('This claim has already been answered');
    let refundCents = 0;
    if (answer.resolution === 'refund') {
      const most = await refundableForJob(tx, jobId);
      refundCents = answer.refundCents ?? 0;
      if (refundCents > most) {
        throw badRequest('That is more than the customer paid', {
          refundCents: `At most ${formatUsd(most)} can be refunded`,
        });
      }
      await refundForClaim(tx, claim, refundCents, `${job.farm.displayName} refunded your claim`, 'operator');
    }
    await tx.jobClaim.update({
      where: { id: claim.id },
      data: {
        status: answer.resolution === 'reprint' ? 'reprint' : 'refunded',
        answer: answer.message || null,
        refundCents,
        answeredAt: new Date(),
      },
    });
    await scheduleRelease(tx, claim.job);
    await mailCustomer(tx, claim.userId, (customer) =>
      deferredEmail('claimAnsweredEmail', appUrl, customer, mailRequest(claim.request), {
        claimId: claim.id,
        step: 'operator',
        resolution: answer.resolution,
        refundCents,
        message: answer.message ?? '',
        by: job.farm.displayName,
      }),
    );
  });
}

/** The customer disagrees with the operator's answer: staff will decide; the share stays pending. */
export async function disputeClaim(
  prisma: PrismaClient,
  user: SessionUser,
  requestId: string,
  reason: string,
): Promise<void> {
  await onOwnRequest(prisma, user, requestId, async (tx) => {
    const found = await tx.jobClaim.findUnique({ where: { requestId } });
    if (!found) throw notFound('This request has no claim');
    const claim = await lockClaimOfJob(tx, found.jobId);
    if (!claim || !['reprint', 'refunded'].includes(claim.status)) {
      throw conflict('Only an answered claim can be disputed');
    }
    if (claim.job.releasedAt) throw conflict('The claim is settled; the time to dispute it has passed');
    await tx.jobClaim.update({
      where: { id: claim.id },
      data: { status: 'disputed', answer: `${claim.answer ?? ''}\nDisputed: ${reason}`.trim() },
    });
  });
}

/** Staff decide a disputed (or unanswered) claim: a further refund, or none; either way it is closed. */
export async function decideClaim(
  prisma: PrismaClient,
  appUrl: string,
  claimId: string,
  decision: { refundCents: number; answer: string },
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const found = await tx.jobClaim.findUnique({ where: { id: claimId } });
    if (!found) throw notFound('Claim not found');
    const claim = await lockClaimOfJob(tx, found.jobId);
    if (!claim || !['open', 'disputed'].includes(claim.status)) {
      throw conflict('Only an open or disputed claim can be decided');
    }
    const most = await refundableForJob(tx, claim.jobId);
    if (decision.refundCents > most) {
      throw badRequest('That is more than is left to refund', {
        refundCents: `At most ${formatUsd(most)} can be refunded`,
      });
    }
    if (decision.refundCents > 0) {
      await refundForClaim(tx, claim, decision.refundCents, 'Our staff decided your claim', 'staff');
    }
    await tx.jobClaim.update({
      where: { id: claim.id },
      data: {
        status: 'closed',
        answer: `${claim.answer ?? ''}\nStaff: ${decision.answer}`.trim(),
        refundCents: claim.refundCents + decision.refundCents,
        decidedAt: new Date(),
      },
    });
    await tx.printJob.update({ where: { id: claim.jobId }, data: { claimsCloseAt: new Date() } });
    await recordJob(tx, 'claims.close', { jobId: claim.jobId });
    await mailCustomer(tx, claim.userId, (customer) =>
      deferredEmail('claimAnsweredEmail', appUrl, customer, mailRequest(claim.request), {
        claimId: claim.id,
        step: 'staff',
        resolution: decision.refundCents > 0 ? 'refund' : 'none',
        refundCents: decision.refundCents,
        message: decision.answer,
        by: 'Our staff',
      }),
    );
  });
}

/** A claim photo, for the customer who sent it, the farm's operator, or staff. */
export async function claimPhoto(prisma: PrismaClient, user: SessionUser, claimId: string, photoId: string) {
  const photo = await prisma.claimPhoto.findFirst({
    where: { id: photoId, claimId },
    include: { claim: { include: { farm: { select: { userId: true } } } } },
  });
  const allowed =
    photo && (user.role === 'staff' || photo.claim.userId === user.id || photo.claim.farm.userId === user.id);
  if (!photo || !allowed) throw notFound('Photo not found');
  return photo;
}
