import { recordJob } from '@printfarm/db/outbox';
import { mailCustomer } from '@printfarm/db/requests/mail';
import { transitionPrintRequest } from '@printfarm/db/requests/transition';
import type { CounterOffer } from '@printfarm/domain/printJob';
import { deferredEmail } from '@printfarm/mail/deferred';
import { mailJob, mailRequest } from '@printfarm/mail/marketplace';
import { actOnJob, type JobActionContext } from './jobAction.ts';

export function counterJob(context: JobActionContext, jobId: string, counter: CounterOffer): Promise<void> {
  return actOnJob(context, jobId, ['offered'], 'counter', async (tx, job, request) => {
    const now = new Date();
    const respondBy = new Date(now.getTime() + context.responseMs);
    const updated = await tx.printJob.update({
      where: { id: job.id },
      data: {
        state: 'countered',
        respondedAt: now,
        counterPrice: counter.price ?? null,
        counterReadyBy: counter.readyBy ?? null,
        counterRespondBy: respondBy,
      },
    });
    await transitionPrintRequest(tx, request, 'ordered', {
      byUserId: context.user.id,
      note: `${job.farm.displayName} proposed new terms`,
    });
    await mailCustomer(tx, request.userId, (customer) =>
      deferredEmail(
        'counterOfferEmail',
        context.appUrl,
        customer,
        mailRequest(request),
        {
          ...mailJob(updated),
          counterPrice: updated.counterPrice,
          counterReadyBy: updated.counterReadyBy,
          counterRespondBy: respondBy,
        },
        job.farm.displayName,
      ),
    );
    await recordJob(tx, 'job.deadline', { jobId: job.id, kind: 'counter' }, { runAt: respondBy });
  });
}
