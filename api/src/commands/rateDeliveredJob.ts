// The customer rates a delivered job once; the farm's rating and totalJobs change in the same transaction.
import type { PrismaClient } from '@printfarm/db';
import { recomputeFarmScorecard } from '@printfarm/db/requests/scorecard';
import type { RatingInput } from '@printfarm/domain/printRequest';
import type { SessionUser } from '../auth/guards.ts';
import { conflict } from '../http/errors.ts';
import { onOwnRequest } from '../services/printRequests.ts';

/** Rates a delivered job once; the farm's rating and totalJobs change in the same transaction. */
export async function rateDeliveredJob(
  prisma: PrismaClient,
  user: SessionUser,
  id: string,
  rating: RatingInput & { comment?: string | undefined },
): Promise<void> {
  await onOwnRequest(prisma, user, id, async (tx, request) => {
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
