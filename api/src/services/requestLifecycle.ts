// What the customer does to a request after quoting: cancel it, answer a farm's counter-offer, rate the
// delivered job. Each is one transaction with the request row locked, its history and its events.
import type { Prisma, PrismaClient } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import {
  acceptJobTerms,
  closeJobAndReroute,
  farmOperatorContact,
  mailCustomer,
  recomputeFarmScorecard,
  transitionPrintRequest,
} from '@printfarm/db/printRequests';
import { OPEN_JOB_STATES } from '@printfarm/domain/printJob';
import type { RatingInput } from '@printfarm/domain/printRequest';
import { canCancel, TransitionError } from '@printfarm/domain/requestStatus';
import { deferredEmail } from '@printfarm/mail/deferred';
import { mailJob, mailRequest } from '@printfarm/mail/marketplace';
import { mailJobFacts } from '@printfarm/mail/operatorJobs';
import type { SessionUser } from '../auth/guards.ts';
import { conflict } from '../http/errors.ts';
import { lockOwnPrintRequest } from './printRequests.ts';

function openJobOf(tx: Prisma.TransactionClient, requestId: string) {
  return tx.printJob.findFirst({ where: { requestId, state: { in: [...OPEN_JOB_STATES] } } });
}

/** Cancels before printing; an open job is closed and its farm told. */
export async function cancelPrintRequest(
  prisma: PrismaClient,
  appUrl: string,
  user: SessionUser,
  id: string,
  reason: string | undefined,
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const request = await lockOwnPrintRequest(tx, user, id);
    if (!canCancel(request.status)) throw new TransitionError(request.status, 'cancelled');
    const job = await openJobOf(tx, id);
    if (job) {
      await tx.printJob.update({ where: { id: job.id }, data: { state: 'cancelled', closedAt: new Date() } });
      if (job.state === 'accepted') {
        await tx.printFarm.update({
          where: { id: job.farmId },
          data: { queuedParts: { decrement: job.parts } },
        });
      }
      const operator = await farmOperatorContact(tx, job.farmId);
      await recordJob(
        tx,
        'email.send',
        await deferredEmail(
          'jobCancelledEmail',
          appUrl,
          operator,
          mailJobFacts(job, request),
          reason || null,
        ),
      );
    }
    await tx.requestOffer.updateMany({
      where: { requestId: id, status: 'offered' },
      data: { status: 'withdrawn' },
    });
    await transitionPrintRequest(tx, request, 'cancelled', {
      byUserId: user.id,
      note: reason ? `Cancelled by the customer: ${reason}` : 'Cancelled by the customer',
    });
  });
}

/**
 * The customer's answer to a counter-offer. Accepting makes the job the farm's at the new terms;
 * refusing closes it and records request.route, which offers the order to the next farm.
 */
export async function answerCounterOffer(
  prisma: PrismaClient,
  appUrl: string,
  user: SessionUser,
  id: string,
  accept: boolean,
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const request = await lockOwnPrintRequest(tx, user, id);
    const job = await openJobOf(tx, id);
    if (request.status !== 'ordered' || job?.state !== 'countered') {
      throw conflict('There is no counter-offer to answer on this request');
    }
    const operator = await farmOperatorContact(tx, job.farmId);
    if (accept) {
      const accepted = await acceptJobTerms(tx, request, job, {
        byUserId: user.id,
        note: `Counter-offer from ${operator.farmName} accepted`,
        jobData: { price: job.counterPrice ?? job.price, readyBy: job.counterReadyBy ?? job.readyBy },
      });
      await mailCustomer(tx, request.userId, (customer) =>
        deferredEmail(
          'jobAcceptedEmail',
          appUrl,
          customer,
          mailRequest(request),
          mailJob(accepted),
          operator.farmName,
        ),
      );
      await recordJob(
        tx,
        'email.send',
        await deferredEmail('counterAnsweredEmail', appUrl, operator, mailJobFacts(accepted, request), true),
      );
    } else {
      await closeJobAndReroute(tx, request, job, {
        state: 'refused',
        byUserId: user.id,
        note: `Counter-offer from ${operator.farmName} refused; offering the order to the next farm`,
      });
      await recordJob(
        tx,
        'email.send',
        await deferredEmail('counterAnsweredEmail', appUrl, operator, mailJobFacts(job, request), false),
      );
      await recordJob(tx, 'request.route', { requestId: id, reason: 'refused' });
    }
    await recomputeFarmScorecard(tx, job.farmId);
  });
}

/** Rates a delivered job once; the farm's rating and totalJobs change in the same transaction. */
export async function rateDeliveredJob(
  prisma: PrismaClient,
  user: SessionUser,
  id: string,
  rating: RatingInput & { comment?: string | undefined },
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const request = await lockOwnPrintRequest(tx, user, id);
    const job = await tx.printJob.findFirst({ where: { requestId: id, state: 'delivered' } });
    if (request.status !== 'completed' || !job) {
      throw conflict('You can rate a job once it has been delivered');
    }
    if (await tx.jobRating.findUnique({ where: { requestId: id } })) {
      throw conflict('You have already rated this job');
    }
    await tx.jobRating.create({
      data: {
        requestId: id,
        jobId: job.id,
        farmId: job.farmId,
        userId: user.id,
        quality: rating.quality,
        communication: rating.communication,
        timeliness: rating.timeliness,
        comment: rating.comment || null,
      },
    });
    // A rating counts as the mean of its three scores. The farm's average is updated incrementally, so
    // a record carried over from before the platform (totalJobs ratings averaging rating) is kept.
    const score = (rating.quality + rating.communication + rating.timeliness) / 3;
    await tx.$executeRaw`
      UPDATE print_farms SET
        rating = round((rating * total_jobs + ${score}) / (total_jobs + 1), 2),
        total_jobs = total_jobs + 1
      WHERE id = ${job.farmId}::uuid`;
    await recomputeFarmScorecard(tx, job.farmId);
  });
}
