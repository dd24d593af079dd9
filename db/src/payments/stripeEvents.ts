// What a Stripe webhook tells the platform, written once per event: the event's id is recorded in the
// same transaction as what it changes, so a redelivered event (Stripe retries until it hears 200,
// and may deliver one event twice at once) finds its id taken and changes nothing.
import type Stripe from 'stripe';
import type { Payment, Prisma, PrismaClient } from '../generated/client.ts';
import { recordJob } from '../outbox/index.ts';
import { lockPayment, recordAuthorized, recordFailed } from './flow.ts';

export type StripeEventOutcome = 'recorded' | 'duplicate';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function recordStripeEvent(
  prisma: PrismaClient,
  event: Stripe.Event,
): Promise<StripeEventOutcome> {
  return prisma.$transaction(async (tx) => {
    // A second delivery running at the same time waits here for the first one's commit, then finds
    // the row and stops; if the first rolled back, the second records the event instead.
    const inserted = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO payment_events (provider, event_id, type)
      VALUES ('stripe', ${event.id}, ${event.type})
      ON CONFLICT (provider, event_id) DO NOTHING
      RETURNING id`;
    if (inserted.length === 0) return 'duplicate';
    switch (event.type) {
      // The card is held (manual capture), or was charged without us: the payment is secured.
      case 'payment_intent.amount_capturable_updated':
      case 'payment_intent.succeeded': {
        const intent = event.data.object;
        const payment = await paymentOf(tx, intent);
        const held = Math.max(intent.amount_capturable, intent.amount_received);
        if (payment && held >= payment.amountCents) await recordAuthorized(tx, payment);
        break;
      }
      case 'payment_intent.payment_failed': {
        const intent = event.data.object;
        const payment = await paymentOf(tx, intent);
        const reason = intent.last_payment_error?.message ?? 'The card payment failed';
        if (payment) await recordFailed(tx, payment, reason);
        break;
      }
      // Paid on the Checkout page: the intent it made is the payment's (its events secure it).
      case 'checkout.session.completed': {
        const session = event.data.object;
        const intentId =
          typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
        const named = session.metadata?.paymentId;
        if (intentId && named && UUID.test(named)) {
          await tx.payment.updateMany({
            where: { id: named, provider: 'stripe', providerRef: null },
            data: { providerRef: intentId },
          });
        }
        break;
      }
      // A connected account (a farm's or store's payouts) finished onboarding, or lost its transfers.
      case 'account.updated': {
        const account = event.data.object;
        const enabled = account.payouts_enabled === true && account.capabilities?.transfers === 'active';
        const where = { stripeAccountId: account.id };
        await tx.printFarm.updateMany({ where, data: { stripePayoutsEnabled: enabled } });
        await tx.store.updateMany({ where, data: { stripePayoutsEnabled: enabled } });
        // Statements that waited for onboarding go out now rather than waiting for staff (payout.send
        // is keyed by the payout, so one that staff or a worker sends meanwhile is sent once).
        if (enabled) {
          const waiting = await tx.payout.findMany({
            where: { status: 'pending', provider: 'stripe', OR: [{ farm: where }, { store: where }] },
            select: { id: true },
          });
          for (const payout of waiting) await recordJob(tx, 'payout.send', { payoutId: payout.id });
        }
        break;
      }
      default:
        break;
    }
    return 'recorded';
  });
}

/** The card payment an intent is for, locked; by the intent's id, or by the id we put in its metadata. */
async function paymentOf(
  tx: Prisma.TransactionClient,
  intent: Stripe.PaymentIntent,
): Promise<Payment | null> {
  const known = await tx.payment.findUnique({ where: { providerRef: intent.id }, select: { id: true } });
  const named = intent.metadata?.paymentId;
  const id = known?.id ?? (named && UUID.test(named) ? named : null);
  if (!id) return null;
  const payment = await lockPayment(tx, id);
  // Only a card payment, and only through the intent it opened: a stale or foreign intent changes nothing.
  if (payment?.provider !== 'stripe') return null;
  if (payment.providerRef === null) {
    // The webhook overtook the write of the intent's id (the customer paid within moments).
    return tx.payment.update({ where: { id }, data: { providerRef: intent.id } });
  }
  return payment.providerRef === intent.id ? payment : null;
}
