// The 48-hour follow-up on an operator application. Staff who already moved the prospect past New
// have talked to them, so nothing is sent; otherwise the applicant gets a follow-up and staff an alert.
import { recordJob } from '@printfarm/db/outbox';
import { staffRecipients } from '@printfarm/db/staff';
import { DEFAULT_APPLICATION_STATUS } from '@printfarm/domain/application';
import { deferredEmail } from '@printfarm/mail/deferred';
import type { JobHandler } from './types.ts';

export const applicationFollowup: JobHandler<'application.followup'> = async ({ applicationId }, context) => {
  const { prisma, log, config } = context;
  const application = await prisma.application.findUnique({ where: { id: applicationId } });
  if (!application) return 'skipped';
  if (application.status !== DEFAULT_APPLICATION_STATUS || application.followUpSentAt) {
    log.info({ applicationId, status: application.status }, 'follow-up not needed');
    return 'skipped';
  }
  const recipients = await staffRecipients(prisma, config.STAFF_EMAILS);
  const prospectsUrl = new URL('/admin/prospects', config.PUBLIC_URL).href;

  return prisma.$transaction(async (tx) => {
    // Claims the follow-up only while the prospect is still New and not yet followed up, so a second
    // run, or staff changing the status a moment ago, leaves nothing to send.
    const claimed = await tx.application.updateMany({
      where: { id: applicationId, status: DEFAULT_APPLICATION_STATUS, followUpSentAt: null },
      data: { followUpSentAt: new Date() },
    });
    if (claimed.count === 0) return 'skipped';
    await recordJob(tx, 'email.send', await deferredEmail('applicationFollowupEmail', application));
    for (const email of recipients) {
      await recordJob(
        tx,
        'email.send',
        await deferredEmail('applicationFollowupAlertEmail', application, email, prospectsUrl),
      );
    }
    return 'done';
  });
};
