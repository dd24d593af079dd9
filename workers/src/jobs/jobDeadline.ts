// A job's answer deadline. If the operator has not answered (response), the job expires; if the customer
// has not answered a counter-offer (counter), it counts as refused. Either way the order goes to the
// next best offer (request.route). A job answered in time makes this a no-op.
import { recordJob } from '@printfarm/db/outbox';
import {
  farmOperatorContact,
  lockPrintRequest,
  recomputeFarmScorecard,
  transitionPrintRequest,
} from '@printfarm/db/printRequests';
import { counterAnsweredEmail, mailJobFacts } from '@printfarm/domain/mail/marketplace';
import type { JobHandler } from './types.ts';

export const jobDeadline: JobHandler<'job.deadline'> = async ({ jobId, kind }, { prisma, config }) => {
  const found = await prisma.printJob.findUnique({ where: { id: jobId }, select: { requestId: true } });
  if (!found) return 'skipped';
  return prisma.$transaction(async (tx) => {
    const request = await lockPrintRequest(tx, found.requestId);
    const job = await tx.printJob.findUnique({
      where: { id: jobId },
      include: { farm: { select: { displayName: true } } },
    });
    const waitingFor = kind === 'response' ? 'offered' : 'countered';
    if (!request || !job || job.state !== waitingFor || request.status !== 'ordered') return 'skipped';
    const now = new Date();
    if (kind === 'response') {
      await tx.printJob.update({ where: { id: jobId }, data: { state: 'expired', closedAt: now } });
      await tx.requestOffer.update({
        where: { id: job.offerId },
        data: { status: 'declined', respondedAt: now },
      });
      await transitionPrintRequest(tx, request, 'ordered', {
        byUserId: null,
        note: `${job.farm.displayName} did not answer in time; offering the order to the next farm`,
        data: { assignedFarmId: null },
      });
      await recordJob(tx, 'request.route', { requestId: request.id, reason: 'expired' });
    } else {
      await tx.printJob.update({ where: { id: jobId }, data: { state: 'refused', closedAt: now } });
      await tx.requestOffer.update({
        where: { id: job.offerId },
        data: { status: 'declined', respondedAt: now },
      });
      await transitionPrintRequest(tx, request, 'ordered', {
        byUserId: null,
        note: `The counter-offer from ${job.farm.displayName} was not answered in time; offering the order to the next farm`,
        data: { assignedFarmId: null },
      });
      const operator = await farmOperatorContact(tx, job.farmId);
      await recordJob(
        tx,
        'email.send',
        counterAnsweredEmail(config.PUBLIC_URL, operator, mailJobFacts(job, request), false),
      );
      await recordJob(tx, 'request.route', { requestId: request.id, reason: 'refused' });
    }
    await recomputeFarmScorecard(tx, job.farmId);
    return 'done';
  });
};
