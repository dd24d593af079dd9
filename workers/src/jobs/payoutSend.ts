// Sends a stated payout through the processor: a Stripe transfer to the payee's connected account once
// onboarding made it able to take transfers (keyed by the payout, so a retry never pays twice). With
// invoice, or a payee without a ready account, the statement waits for staff to send the money and mark
// it sent. Either way the payee hears once.

import { recordJob } from '@printfarm/db/outbox';
import { markPayoutSent, payoutRecipient } from '@printfarm/db/payments/payouts';
import { payoutSentMail } from '@printfarm/mail/payoutSent';
import type { JobHandler } from './types.ts';

export const payoutSend: JobHandler<'payout.send'> = async ({ payoutId }, { prisma, payments, config }) => {
  const payout = await prisma.payout.findUnique({
    where: { id: payoutId },
    include: {
      farm: { select: { stripeAccountId: true, stripePayoutsEnabled: true } },
      store: { select: { stripeAccountId: true, stripePayoutsEnabled: true } },
    },
  });
  if (payout?.status !== 'pending') return 'skipped';
  // Only an account Stripe says can take transfers (onboarding finished); else staff send it.
  const payee = payout.farm ?? payout.store;
  const destination = payee?.stripePayoutsEnabled ? payee.stripeAccountId : null;
  const sent = await payments.payout({ id: payout.id, amountCents: payout.amountCents, destination });
  if (sent.status !== 'sent') return 'skipped';
  return prisma.$transaction(async (tx) => {
    const marked = await markPayoutSent(tx, payout.id, sent.providerRef);
    if (!marked) return 'skipped';
    const to = await payoutRecipient(tx, marked);
    if (to) await recordJob(tx, 'email.send', await payoutSentMail(config.PUBLIC_URL, to, marked));
    return 'done';
  });
};
