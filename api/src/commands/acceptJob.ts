import { acceptJobTerms } from '@printfarm/db/requests/acceptJobTerms';
import { mailCustomer } from '@printfarm/db/requests/mail';
import { deferredEmail } from '@printfarm/mail/deferred';
import { mailJob, mailRequest } from '@printfarm/mail/marketplace';
import { actOnJob, type JobActionContext } from './jobAction.ts';

export function acceptJob(context: JobActionContext, jobId: string): Promise<void> {
  return actOnJob(context, jobId, ['offered'], 'accept', async (tx, job, request) => {
    await acceptJobTerms(tx, request, job, {
      byUserId: context.user.id,
      note: `Accepted by ${job.farm.displayName}`,
      jobData: { respondedAt: new Date() },
    });
    await mailCustomer(tx, request.userId, (customer) =>
      deferredEmail(
        'jobAcceptedEmail',
        context.appUrl,
        customer,
        mailRequest(request),
        mailJob(job),
        job.farm.displayName,
      ),
    );
  });
}
