import { recordJob } from '@printfarm/db/outbox';
import { moneyTerms } from '@printfarm/db/payments/flow';
import { mailCustomer } from '@printfarm/db/requests/mail';
import { transitionPrintRequest } from '@printfarm/db/requests/transition';
import { deferredEmail } from '@printfarm/mail/deferred';
import { mailJob, mailRequest } from '@printfarm/mail/marketplace';
import { actOnJob, type JobActionContext } from './jobAction.ts';

export function deliverJob(context: JobActionContext, jobId: string): Promise<void> {
  return actOnJob(context, jobId, ['shipped'], 'mark delivered', async (tx, job, request) => {
    const now = new Date();
    // The customer may claim until the window closes; then the farm's share becomes available.
    const windowMs = context.claimWindowMs ?? (await moneyTerms(tx)).claimWindowDays * 86_400_000;
    const claimsCloseAt = new Date(now.getTime() + windowMs);
    await tx.printJob.update({
      where: { id: job.id },
      data: { state: 'delivered', deliveredAt: now, closedAt: now, claimsCloseAt },
    });
    await recordJob(tx, 'claims.close', { jobId: job.id }, { runAt: claimsCloseAt });
    await transitionPrintRequest(tx, request, 'completed', {
      byUserId: context.user.id,
      note: 'Delivered',
      data: {
        actualCompletionTime: Math.max(1, Math.round((now.getTime() - job.offeredAt.getTime()) / 3_600_000)),
      },
    });
    await mailCustomer(tx, request.userId, (customer) =>
      deferredEmail(
        'deliveredEmail',
        context.appUrl,
        customer,
        mailRequest(request),
        mailJob(job),
        job.farm.displayName,
      ),
    );
  });
}
