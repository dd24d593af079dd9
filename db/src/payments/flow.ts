// The life of a payment, written in the caller's database transaction: asked for (awaiting), secured
// (a bank transfer received or a card authorised: 'authorized'), captured (earned by the farm or the
// store, less the commission), refunded, failed. Every step posts its ledger transaction under a key
// naming the event, and records what follows (routing the order, capturing, mailing) in the outbox.
// Calls to a processor never happen here: the payment.capture and payment.refund jobs make them first,
// then come here to write what happened.
import { randomInt } from 'node:crypto';
import {
  captureSlice,
  commissionCents,
  type Payee,
  payeeColumns,
  post as rules,
} from '@printfarm/domain/ledger';
import { MAX_PAYMENT_CENTS, parseCents } from '@printfarm/domain/money';
import { DEFAULT_SETTINGS } from '@printfarm/domain/network';
import type { Payment, Prisma } from '../generated/client.ts';
import { post } from '../ledger.ts';
import { recordJob } from '../outbox/index.ts';
import { releaseOrderShare } from './orderRelease.ts';
import type { ProviderName } from './provider.ts';

export type PaymentStatus = 'awaiting' | 'authorized' | 'captured' | 'refunded' | 'failed';
export type PaymentPurpose = 'request' | 'difference' | 'order' | 'membership';

export interface MoneyTerms {
  commissionPercent: number;
  commissionMinimumCents: number;
  claimWindowDays: number;
  /** Staff's words for paying by bank transfer or app (platform settings); may be empty. */
  instructions: string;
}

/** The platform's payment settings, with the defaults for any not saved. */
export async function moneyTerms(db: Pick<Prisma.TransactionClient, 'platformSetting'>): Promise<MoneyTerms> {
  const row = await db.platformSetting.findUnique({ where: { key: 'payments' }, select: { value: true } });
  const saved = { ...DEFAULT_SETTINGS.payments, ...((row?.value ?? {}) as object) };
  return {
    commissionPercent: saved.commissionPercent,
    commissionMinimumCents: parseCents(saved.commissionMinimum) ?? 0,
    claimWindowDays: saved.claimWindowDays,
    instructions: saved.paymentInstructions ?? '',
  };
}

export function commissionFor(cents: number, terms: MoneyTerms): number {
  return commissionCents(cents, terms.commissionPercent, terms.commissionMinimumCents);
}

// No 0/O or 1/I: a reference is read off a screen and typed into a bank's form.
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** 'PF-7K3M-9QXA': what the payer writes on the transfer, so staff can match it. */
export function newReference(): string {
  const pick = () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  const block = () => Array.from({ length: 4 }, pick).join('');
  return `PF-${block()}-${block()}`;
}

export interface NewPayment {
  provider: ProviderName;
  purpose: PaymentPurpose;
  amountCents: number;
  payer: { userId?: string | null; name: string; email: string };
  requestId?: string;
  offerId?: string;
  jobId?: string;
  orderId?: string;
  invoiceId?: string;
}

/** Asks for money: an awaiting payment with a fresh reference (a clash, once in a billion, retries). */
export async function createPayment(tx: Prisma.TransactionClient, input: NewPayment): Promise<Payment> {
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO payments (provider, purpose, amount_cents, reference, payer_name, payer_email, user_id,
                          request_id, offer_id, job_id, order_id, invoice_id)
    VALUES (${input.provider}, ${input.purpose}, ${input.amountCents}, ${newReference()}, ${input.payer.name},
            ${input.payer.email}, ${input.payer.userId ?? null}::uuid, ${input.requestId ?? null}::uuid,
            ${input.offerId ?? null}::uuid, ${input.jobId ?? null}::uuid, ${input.orderId ?? null}::uuid,
            ${input.invoiceId ?? null}::uuid)
    ON CONFLICT (reference) DO NOTHING
    RETURNING id`;
  if (!row) return createPayment(tx, input);
  return tx.payment.findUniqueOrThrow({ where: { id: row.id } });
}

/** The payment, locked FOR UPDATE until the transaction ends. */
export async function lockPayment(tx: Prisma.TransactionClient, id: string): Promise<Payment | null> {
  const rows = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM payments WHERE id = ${id}::uuid FOR UPDATE`;
  return rows.length === 0 ? null : tx.payment.findUnique({ where: { id } });
}

/** What a secured payment holds: the card's authorised amount, or the money received less refunds. */
export function securedCents(payment: Payment): number {
  return payment.provider === 'stripe' ? payment.amountCents : payment.receivedCents - payment.refundedCents;
}

/** Who is paid for what a payment buys: the farm of its job, or the store of its order. */
export async function payeeOf(tx: Prisma.TransactionClient, payment: Payment): Promise<Payee | null> {
  if (payment.orderId) {
    const order = await tx.order.findUnique({ where: { id: payment.orderId }, select: { storeId: true } });
    return order ? { kind: 'store', id: order.storeId } : null;
  }
  if (payment.jobId) {
    const job = await tx.printJob.findUnique({ where: { id: payment.jobId }, select: { farmId: true } });
    return job ? { kind: 'farm', id: job.farmId } : null;
  }
  return null;
}

/** The ledger transaction's references to a payment and what it pays for. */
export const paymentRefs = (
  payment: Payment,
  extra: { farmId?: string | null; storeId?: string | null } = {},
) => ({
  paymentId: payment.id,
  jobId: payment.jobId,
  ...extra,
});

export type ReceivedOutcome = 'recorded' | 'duplicate';

/** Whether `cents` more can be recorded as received: a payment's columns hold 32-bit cents. */
export function canReceive(payment: Payment, cents: number): boolean {
  return payment.receivedCents + cents <= MAX_PAYMENT_CENTS;
}

/**
 * Money arrived for a payment, which the caller has locked: a bank transfer staff recorded (named by
 * the bank's own reference, so the same line recorded twice counts once) or a card payment taken. Paid
 * in full, the payment is secured and what it pays for goes ahead; money for something already settled
 * or cancelled goes back.
 */
export async function recordReceived(
  tx: Prisma.TransactionClient,
  payment: Payment,
  { cents, bankReference }: { cents: number; bankReference: string },
): Promise<ReceivedOutcome> {
  const posted = await post(tx, {
    kind: 'received',
    memo: `Received ${payment.reference} (${bankReference})`,
    key: `received:${payment.id}:${bankReference}`,
    entries: rules.received(cents),
    refs: paymentRefs(payment),
  });
  if (!posted) return 'duplicate';
  if (payment.status === 'awaiting') {
    const receivedCents = payment.receivedCents + cents;
    // One update: a second one of the same row would have PostgreSQL check the request it belongs to
    // (FOR KEY SHARE), and wait for a cancel that holds the request and waits for this payment.
    if (receivedCents >= payment.amountCents) await secure(tx, payment, { receivedCents });
    else await tx.payment.update({ where: { id: payment.id }, data: { receivedCents } });
    return 'recorded';
  }
  await tx.payment.update({
    where: { id: payment.id },
    data: { receivedCents: { increment: cents } },
  });
  // Paid again, or paid after it was cancelled: this money goes back.
  await recordJob(tx, 'payment.refund', {
    paymentId: payment.id,
    cents,
    key: `unexpected:${payment.id}:${bankReference}`,
    unearnedOnly: true,
    reason:
      payment.status === 'failed' || payment.status === 'refunded'
        ? 'The payment arrived after the order was cancelled'
        : 'This payment was already made',
  });
  return 'recorded';
}

/** A card was authorised for the whole amount (a Stripe webhook): a hold, and the payment is secured. */
export async function recordAuthorized(tx: Prisma.TransactionClient, payment: Payment): Promise<void> {
  // A declined card may be retried on the same PaymentIntent: a later authorisation still counts (and
  // is released again by payment.secured if the order was cancelled meanwhile).
  const retried = payment.status === 'failed' && payment.provider === 'stripe';
  if (payment.status !== 'awaiting' && !retried) return;
  await post(tx, {
    kind: 'authorized',
    memo: `Card authorised for ${payment.reference}`,
    key: `authorized:${payment.id}`,
    entries: rules.authorized(payment.amountCents),
    refs: paymentRefs(payment),
  });
  await secure(tx, payment);
}

/**
 * The payment never came: a card declined, or the order was cancelled while it awaited payment. False
 * when money came after all: `payment` may have been read before a transfer or an authorisation that
 * committed since, and the update only fails a payment that is still awaited with nothing received.
 */
export async function recordFailed(
  tx: Prisma.TransactionClient,
  payment: Payment,
  reason: string,
): Promise<boolean> {
  if (payment.status !== 'awaiting' || payment.receivedCents > 0) return false;
  const { count } = await tx.payment.updateMany({
    where: { id: payment.id, status: 'awaiting', receivedCents: 0 },
    data: { status: 'failed', failureReason: reason },
  });
  if (count === 0) return false;
  if (payment.orderId) {
    await tx.order.update({ where: { id: payment.orderId }, data: { paymentStatus: 'failed' } });
  }
  return true;
}

/**
 * What the payment was for is gone before any money came (an order cancelled, a counter-offer closed):
 * the payment fails, and a card payment's PaymentIntent is cancelled at the processor (payment.void),
 * so the customer can no longer pay it. Money that arrives all the same goes back (recordReceived).
 * False when money had come after all (see recordFailed).
 */
export async function callOff(
  tx: Prisma.TransactionClient,
  payment: Payment,
  reason: string,
): Promise<boolean> {
  if (!(await recordFailed(tx, payment, reason))) return false;
  if (payment.provider === 'stripe') await recordJob(tx, 'payment.void', { paymentId: payment.id });
  return true;
}

/**
 * A payment whose purpose is gone, however far it got: called off while nothing has arrived, else
 * refunded in full under `refundKey` (payment.refund calls the processor, then the ledger). A payment
 * read as awaited that was paid meanwhile is refunded too.
 */
export async function withdrawPayment(
  tx: Prisma.TransactionClient,
  payment: Payment,
  words: { unpaid: string; refundKey: string; refundReason: string },
): Promise<void> {
  if (!(await callOff(tx, payment, words.unpaid))) {
    await recordJob(tx, 'payment.refund', {
      paymentId: payment.id,
      key: words.refundKey,
      reason: words.refundReason,
    });
  }
}

/** Is what the payment pays for still wanted? A cancelled request or order, a closed counter-offer, not. */
export async function stillWanted(tx: Prisma.TransactionClient, payment: Payment): Promise<boolean> {
  if (payment.requestId) {
    const request = await tx.customPrintRequest.findUnique({
      where: { id: payment.requestId },
      select: { status: true },
    });
    if (payment.purpose === 'difference' && payment.jobId) {
      const job = await tx.printJob.findUnique({ where: { id: payment.jobId }, select: { state: true } });
      return request?.status === 'ordered' && job?.state === 'countered';
    }
    if (payment.purpose === 'difference' && payment.offerId) {
      const offer = await tx.requestOffer.findUnique({
        where: { id: payment.offerId },
        select: { status: true },
      });
      return request?.status === 'ordered' && offer?.status === 'offered';
    }
    return request?.status === 'ordered';
  }
  if (payment.orderId) {
    const order = await tx.order.findUnique({ where: { id: payment.orderId }, select: { status: true } });
    return order !== null && order.status !== 'cancelled';
  }
  return true;
}

/**
 * Paid in full: the payment is secured, and payment.secured (recorded with it) carries on with what it
 * pays for: routing the order to its farm, accepting a counter-offer, capturing a store order or an
 * invoice, or, if it was cancelled meanwhile, giving the money back.
 */
async function secure(
  tx: Prisma.TransactionClient,
  payment: Payment,
  also: Prisma.PaymentUpdateInput = {},
): Promise<void> {
  await tx.payment.update({
    where: { id: payment.id },
    data: { ...also, status: 'authorized', securedAt: new Date() },
  });
  await recordJob(tx, 'payment.secured', { paymentId: payment.id });
}

/** What a capture takes: the cents, and the payee's share of them. */
export interface CapturePlan {
  cents: number;
  shareCents: number;
  payee: Payee | null;
}

/**
 * How much of a secured payment to capture now. A request's payments together pay the job's price: the
 * order's payment first, then a counter-offer's difference; the farm's share of each is its slice of
 * the job's share, computed on the running total so the slices add up exactly.
 */
export async function capturePlan(
  tx: Prisma.TransactionClient,
  payment: Payment,
  terms: MoneyTerms,
): Promise<CapturePlan | null> {
  const secured = securedCents(payment);
  if (payment.purpose === 'membership') return { cents: payment.amountCents, shareCents: 0, payee: null };
  if (payment.purpose === 'order') {
    const payee = await payeeOf(tx, payment);
    const cents = payment.amountCents;
    return { cents, shareCents: cents - commissionFor(cents, terms), payee };
  }
  const job = payment.jobId ? await tx.printJob.findUnique({ where: { id: payment.jobId } }) : null;
  if (!job || !['accepted', 'printing', 'shipped', 'delivered'].includes(job.state)) return null;
  // Sliced in the order the payments were made, whichever capture runs first: the payments made
  // before this one take their slices (or have taken them) first.
  const earlier = await tx.payment.findMany({
    where: {
      jobId: job.id,
      OR: [{ status: 'authorized' }, { capturedCents: { gt: 0 } }],
      AND: {
        OR: [
          { createdAt: { lt: payment.createdAt } },
          { createdAt: payment.createdAt, id: { lt: payment.id } },
        ],
      },
    },
  });
  const priceCents = parseCents(job.price.toString()) ?? 0;
  const before = earlier.reduce(
    (sum, other) => sum + (other.capturedCents > 0 ? other.capturedCents : securedCents(other)),
    0,
  );
  const slice = captureSlice(
    { priceCents, commissionCents: job.commissionCents },
    Math.min(priceCents, before),
    secured,
  );
  return {
    ...slice,
    payee: { kind: 'farm', id: job.farmId },
  };
}

/**
 * Writes a capture the processor made (or, with invoice, that needs no call): a card's hold ends and
 * its money arrives; the payee earns its share and the platform its commission; anything received
 * beyond the capture (a re-route to a cheaper farm) goes back to the customer.
 */
export async function recordCaptured(
  tx: Prisma.TransactionClient,
  payment: Payment,
  plan: CapturePlan,
): Promise<void> {
  if (payment.status !== 'authorized') return;
  const card = payment.provider === 'stripe';
  if (card) {
    await post(tx, {
      kind: 'hold.released',
      memo: `Card hold ended for ${payment.reference}`,
      key: `hold-released:${payment.id}`,
      entries: rules.holdReleased(payment.amountCents),
      refs: paymentRefs(payment),
    });
    if (plan.cents > 0) {
      await post(tx, {
        kind: 'received',
        memo: `Card payment ${payment.reference} captured`,
        key: `received:${payment.id}:capture`,
        entries: rules.received(plan.cents),
        refs: paymentRefs(payment),
      });
    }
  }
  const payeeRefs = payeeColumns(plan.payee);
  if (payment.purpose === 'membership') {
    const invoice = await tx.membershipInvoice.findUniqueOrThrow({
      where: { id: payment.invoiceId as string },
    });
    await post(tx, {
      kind: 'invoice.paid',
      memo: `Membership fee paid (${payment.reference})`,
      key: `capture:${payment.id}`,
      entries: rules.invoicePaid(invoice.farmId, plan.cents),
      refs: { ...paymentRefs(payment), farmId: invoice.farmId },
    });
    await tx.membershipInvoice.update({
      where: { id: invoice.id },
      data: { status: 'paid', paidAt: new Date() },
    });
  } else if (plan.payee && plan.cents > 0) {
    await post(tx, {
      kind: 'captured',
      memo: `Captured ${payment.reference}`,
      key: `capture:${payment.id}`,
      entries: rules.earned(plan.cents, plan.payee, plan.shareCents),
      refs: { ...paymentRefs(payment), ...payeeRefs },
    });
  }
  await tx.payment.update({
    where: { id: payment.id },
    data: {
      status: 'captured',
      capturedCents: plan.cents,
      shareCents: plan.shareCents,
      capturedAt: new Date(),
    },
  });
  // A store order paid only after it was delivered: its share is released at once.
  if (payment.purpose === 'order' && payment.orderId) {
    const order = await tx.order.findUnique({
      where: { id: payment.orderId },
      select: { status: true, storeId: true },
    });
    if (order?.status === 'delivered') {
      await releaseOrderShare(tx, { id: payment.orderId, storeId: order.storeId, paymentId: payment.id });
    }
  }
  // What was refunded before the capture (a transfer made twice) is not excess a second time.
  const excess = securedCents(payment) - plan.cents;
  if (!card && excess > 0) {
    await recordJob(tx, 'payment.refund', {
      paymentId: payment.id,
      cents: excess,
      key: `excess:${payment.id}`,
      reason: 'The order cost less than you paid',
      unearnedOnly: true,
    });
  }
}
