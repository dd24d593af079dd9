// Sends a stated payout through the processor: a Stripe transfer to the payee's connected account once
// onboarding made it able to take transfers (keyed by the payout, so a retry never pays twice). With
// invoice, or a payee without a ready account, the statement waits for staff to send the money and mark
// it sent. Either way the payee hears once.

import { recordJob } from '@printfarm/db/outbox';
import { markPayoutSent, payoutRecipient } from '@printfarm/db/payments/payouts';
import { deferredEmail } from '@printfarm/mail/deferred';
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
    await recordPayoutEmail(tx, config.PUBLIC_URL, marked);
    return 'done';
  });
};

/** 'Your payout of $X was sent', to the farm's operator or the store's owner. */
export async function recordPayoutEmail(
  tx: Parameters<typeof markPayoutSent>[0],
  appUrl: string,
  payout: Parameters<typeof payoutRecipient>[1] & {
    id: string;
    amountCents: number;
    providerRef: string | null;
  },
) {
  const to = await payoutRecipient(tx, payout);
  if (!to) return;
  await recordJob(
    tx,
    'email.send',
    await deferredEmail('payoutSentEmail', appUrl, to, {
      id: payout.id,
      cents: payout.amountCents,
      byTransfer: payout.providerRef !== null,
    }),
  );
}
