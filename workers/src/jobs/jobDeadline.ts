// A job's answer deadline. If the operator has not answered (response), the job expires; if the customer
// has not answered a counter-offer (counter), it counts as refused. Either way the order goes to the
// next best offer (request.route). A job answered in time makes this a no-op, and so does a counter-offer
// the customer accepted while its difference is paid or on its way: the payment has its own deadline,
// after which this runs again and closes the job.
import { closeJobAndReroute } from '@printfarm/db/requests/closeJobAndReroute';
import { counterDifference } from '@printfarm/db/requests/counterDifference';
import { mailOperator } from '@printfarm/db/requests/mail';
import { recomputeFarmScorecard } from '@printfarm/db/requests/scorecard';
import { lockPrintRequest } from '@printfarm/db/requests/transition';
import { deferredEmail } from '@printfarm/mail/deferred';
import { mailJobFacts } from '@printfarm/mail/operatorJobs';
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
    if (kind === 'response') {
      await closeJobAndReroute(tx, request, job, {
        state: 'expired',
        byUserId: null,
        note: `${job.farm.displayName} did not answer in time; offering the order to the next farm`,
      });
    } else {
      const difference = await counterDifference(tx, job);
      if (difference === 'paid' || difference === 'awaited') return 'skipped';
      const late =
        difference === 'overdue'
          ? `The difference for the counter-offer from ${job.farm.displayName} did not arrive in time`
          : `The counter-offer from ${job.farm.displayName} was not answered in time`;
      await closeJobAndReroute(tx, request, job, {
        state: 'refused',
        byUserId: null,
        note: `${late}; offering the order to the next farm`,
      });
      await mailOperator(tx, job.farmId, (operator) =>
        deferredEmail('counterAnsweredEmail', config.PUBLIC_URL, operator, mailJobFacts(job, request), false),
      );
    }
    await recomputeFarmScorecard(tx, job.farmId);
    return 'done';
  });
};
