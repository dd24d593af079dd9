import { closeJobAndReroute } from '@printfarm/db/requests/closeJobAndReroute';
import { actOnJob, type JobActionContext } from './jobAction.ts';

export function declineJob(context: JobActionContext, jobId: string, reason: string): Promise<void> {
  return actOnJob(context, jobId, ['offered'], 'decline', async (tx, job, request) => {
    await closeJobAndReroute(tx, request, job, {
      state: 'declined',
      byUserId: context.user.id,
      note: `${job.farm.displayName} declined: ${reason}`,
      jobData: { declineReason: reason, respondedAt: new Date() },
    });
  });
}
