// Offers an ordered, paid request to one farm: the offer the customer chose, or after a decline, a
// timeout or a refused counter-offer the next best offer still valid and no dearer than what the
// customer paid. The job row (with the platform's commission, so the farm sees what it receives), the
// operator's e-mail and the answer deadline (a delayed job, deduplicated by its outbox id) are written in
// one transaction. With no offer left, the payment goes back, the request goes back to quoting with a
// wider radius, and the customer is told.
import type { Payment, Prisma } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import type { ProviderName } from '@printfarm/db/payments';
import { differenceBill } from '@printfarm/db/payments/differenceBill';
import { callOff, commissionFor, createPayment, moneyTerms, securedCents } from '@printfarm/db/payments/flow';
import { differenceDeadline } from '@printfarm/db/requests/counterDifference';
import { mailOperator } from '@printfarm/db/requests/mail';
import { routeResponseMs } from '@printfarm/db/requests/responseTime';
import { lockPrintRequest, transitionPrintRequest } from '@printfarm/db/requests/transition';
import { widerRadius } from '@printfarm/domain/farmSearch';
import { formatCents, formatUsd, parseCents } from '@printfarm/domain/money';
import { OPEN_JOB_STATES } from '@printfarm/domain/printJob';
import type { JobPayload } from '@printfarm/domain/queues';
import { offersAreStale } from '@printfarm/domain/requestStatus';
import { deferredEmail } from '@printfarm/mail/deferred';
import { mailJob, mailRequest } from '@printfarm/mail/marketplace';
import { mailJobFacts } from '@printfarm/mail/operatorJobs';
import { customerMail } from '../mail/customerMail.ts';
import type { JobHandler } from './types.ts';

/** A farm that stopped taking work since it made its offer is skipped. */
const farmTakesWork = {
  isActive: true,
  nodeStatus: 'online',
  isPaused: false,
  availableCapacity: { gt: 0 },
} satisfies Prisma.PrintFarmWhereInput;

async function nextOffer(
  tx: Prisma.TransactionClient,
  request: { id: string; quoteRound: number; quotedAt: Date | null },
  chosenId: string | undefined,
  securedCents: number,
  reason: JobPayload<'request.route'>['reason'],
) {
  // The customer's choice was judged valid when they accepted it, however late the payment arrives;
  // only going on to other farms' offers needs offers still within their 7 days.
  const offersExpired = offersAreStale(request.quotedAt);
  if (offersExpired && reason !== 'chosen') return { offer: null, skippedChosen: null, dearer: null };
  const turnedDown = await tx.printJob.findMany({
    where: { requestId: request.id },
    select: { farmId: true },
  });
  const valid = {
    requestId: request.id,
    quoteRound: request.quoteRound,
    status: 'offered',
    farmId: { notIn: turnedDown.map((job) => job.farmId) },
  } satisfies Prisma.RequestOfferWhereInput;
  // Never dearer than what the customer paid: a farm that costs more needs their consent first.
  const affordable = { ...valid, price: { lte: formatCents(securedCents) } };
  const include = { farm: { select: { displayName: true } } };
  let skippedChosen: string | null = null;
  if (chosenId) {
    const chosen = await tx.requestOffer.findFirst({
      where: { ...affordable, id: chosenId, farm: farmTakesWork },
      include,
    });
    if (chosen) return { offer: chosen, skippedChosen, dearer: null };
    const stale = await tx.requestOffer.findFirst({ where: { id: chosenId }, include });
    skippedChosen = stale?.farm.displayName ?? null;
    if (stale) await tx.requestOffer.update({ where: { id: chosenId }, data: { status: 'withdrawn' } });
  }
  if (offersExpired) return { offer: null, skippedChosen, dearer: null };
  const ranked = [{ rankScore: 'asc' as const }, { price: 'asc' as const }];
  const offer = await tx.requestOffer.findFirst({
    where: { ...affordable, farm: farmTakesWork },
    orderBy: ranked,
    include,
  });
  const dearer = offer
    ? null
    : await tx.requestOffer.findFirst({ where: { ...valid, farm: farmTakesWork }, orderBy: ranked, include });
  return { offer, skippedChosen, dearer };
}

/**
 * Only dearer offers are left: the customer is asked to approve the next one by paying the difference
 * (once per offer). Paid, payment.secured routes the order there; or the customer cancels, refunded.
 */
async function askToApproveDearer(
  tx: Prisma.TransactionClient,
  appUrl: string,
  request: { id: string; title: string; userId: string; status: string },
  offer: { id: string; price: Prisma.Decimal; farm: { displayName: string } },
  paid: readonly Payment[],
  previousFarm: string | null,
): Promise<void> {
  const asked = await tx.payment.findFirst({
    where: { requestId: request.id, offerId: offer.id, purpose: 'difference', status: 'awaiting' },
  });
  if (asked) return;
  const first = paid[0] as Payment;
  const difference = await createPayment(tx, {
    provider: first.provider as ProviderName,
    purpose: 'difference',
    amountCents:
      (parseCents(offer.price.toString()) ?? 0) - paid.reduce((sum, p) => sum + securedCents(p), 0),
    payer: { userId: request.userId, name: first.payerName, email: first.payerEmail },
    requestId: request.id,
    offerId: offer.id,
  });
  const why = previousFarm
    ? `${previousFarm} cannot take the order`
    : 'The farm you chose cannot take the order';
  await transitionPrintRequest(tx, request, 'ordered', {
    byUserId: null,
    note: `${why}; ${offer.farm.displayName} can, for ${formatUsd(difference.amountCents)} more. Waiting for your approval`,
    data: { assignedFarmId: null },
  });
  // The approval has a deadline, as an accepted counter-offer's difference has: after it the order is
  // quoted again and what was paid goes back (requestRoute's 'lapsed' route).
  const payBy = await differenceDeadline(tx, 'request.route', {
    requestId: request.id,
    offerId: offer.id,
    reason: 'lapsed',
  });
  const instructions = difference.provider === 'stripe' ? '' : ` ${(await moneyTerms(tx)).instructions}`;
  const over = formatUsd(difference.amountCents);
  await customerMail(tx, appUrl, request.userId)(
    'paymentRequestedEmail',
    mailRequest(request),
    {
      ...differenceBill(difference, `${offer.farm.displayName}'s price over what you paid`),
      card: difference.provider === 'stripe',
    },
    `${why}. The next farm, ${offer.farm.displayName}, charges ${over} more. Pay the difference by ${payBy.toUTCString()} to send the order there, or cancel the request for a full refund; if it has not arrived by then, we ask farms again and refund what you paid.${instructions}`,
  );
}

/** No offer is left: the order is quoted again, wider, and what was paid goes back. */
async function requote(
  tx: Prisma.TransactionClient,
  request: NonNullable<Awaited<ReturnType<typeof lockPrintRequest>>>,
  paid: readonly Payment[],
  mail: ReturnType<typeof customerMail>,
): Promise<'done'> {
  const requestId = request.id;
  const radius = widerRadius(request.searchRadiusMiles);
  const round = request.quoteRound + 1;
  await tx.requestOffer.updateMany({
    where: { requestId, status: 'offered' },
    data: { status: 'withdrawn' },
  });
  await transitionPrintRequest(tx, request, 'quoting', {
    byUserId: null,
    note: `No offer left; asking farms ${radius === null ? 'across the country' : `within ${radius} miles`}`,
    data: { quoteRound: round, searchRadiusMiles: radius, assignedFarmId: null, quotedAt: null },
  });
  await recordJob(tx, 'request.quote', { requestId, round });
  for (const payment of paid) {
    await recordJob(tx, 'payment.refund', {
      paymentId: payment.id,
      key: `requote:${payment.id}`,
      reason: 'No farm could take the order, so we are asking farms again',
    });
  }
  await mail('requotingEmail', { ...mailRequest(request), round }, radius);
  return 'done';
}

/** The paid order's money so far: the request's payment and any difference, authorised. */
function paidFor(tx: Prisma.TransactionClient, requestId: string) {
  return tx.payment.findMany({
    where: { requestId, purpose: { in: ['request', 'difference'] }, status: 'authorized' },
    orderBy: { createdAt: 'asc' },
  });
}

export const requestRoute: JobHandler<'request.route'> = async (
  { requestId, offerId, reason },
  { prisma, config },
) =>
  prisma.$transaction(async (tx) => {
    const request = await lockPrintRequest(tx, requestId);
    if (request?.status !== 'ordered') return 'skipped';
    const mail = customerMail(tx, config.PUBLIC_URL, request.userId);
    // Already with a farm: this event was handled (a retry, or a second route for the same change).
    if (await tx.printJob.findFirst({ where: { requestId, state: { in: [...OPEN_JOB_STATES] } } }))
      return 'skipped';
    // A dearer farm's approval not paid by its deadline: called off (unless paid meanwhile), and the order
    // is quoted again with what was paid refunded.
    if (reason === 'lapsed') {
      if (!offerId) return 'skipped';
      const difference = await tx.payment.findFirst({
        where: { requestId, offerId, purpose: 'difference', status: 'awaiting' },
      });
      if (!difference) return 'skipped';
      if (!(await callOff(tx, difference, 'The difference was not paid in time'))) return 'skipped';
      await tx.requestOffer.update({ where: { id: offerId }, data: { status: 'withdrawn' } });
      return requote(tx, request, await paidFor(tx, requestId), mail);
    }
    // The customer's choice was routed before (this is that event again): its offer is no longer open,
    // and the event that closed its job carries the order on.
    if (offerId) {
      const chosen = await tx.requestOffer.findUnique({ where: { id: offerId }, select: { status: true } });
      if (chosen && chosen.status !== 'offered') return 'skipped';
    }

    // The farm sees the order only once it is paid for: payment.secured records this event again then.
    const paid = await paidFor(tx, requestId);
    if (!paid.some((payment) => payment.purpose === 'request')) return 'skipped';
    const secured = paid.reduce((sum, payment) => sum + securedCents(payment), 0);

    const previous = await tx.printJob.findFirst({
      where: { requestId },
      orderBy: { createdAt: 'desc' },
      include: { farm: { select: { displayName: true } } },
    });
    const { offer, skippedChosen, dearer } = await nextOffer(tx, request, offerId, secured, reason);
    if (!offer && dearer) {
      await askToApproveDearer(
        tx,
        config.PUBLIC_URL,
        request,
        dearer,
        paid,
        skippedChosen ?? previous?.farm.displayName ?? null,
      );
      return 'done';
    }

    if (!offer) return requote(tx, request, paid, mail);

    const now = new Date();
    const respondBy = new Date(now.getTime() + (await routeResponseMs(tx, config.ROUTE_RESPONSE_MS)));
    const files = await tx.projectFile.aggregate({
      where: { printRequestId: requestId, deletedAt: null, analysisStatus: 'ready' },
      _sum: { quantity: true },
    });
    const priceCents = parseCents(offer.price.toString()) ?? 0;
    const job = await tx.printJob.create({
      data: {
        requestId,
        farmId: offer.farmId,
        offerId: offer.id,
        price: offer.price,
        readyBy: offer.readyBy,
        parts: files._sum.quantity ?? request.quantity,
        respondBy,
        commissionCents: commissionFor(priceCents, await moneyTerms(tx)),
      },
    });
    // The customer's payments pay whichever farm finally prints it: they follow the job.
    await tx.payment.updateMany({
      where: { id: { in: paid.map((payment) => payment.id) } },
      data: { jobId: job.id },
    });
    await tx.requestOffer.update({ where: { id: offer.id }, data: { status: 'routed' } });
    await transitionPrintRequest(tx, request, 'ordered', {
      byUserId: null,
      note: `Sent to ${offer.farm.displayName}; they answer by ${respondBy.toISOString()}`,
      data: { assignedFarmId: offer.farmId, quotedPrice: offer.price },
    });

    await mailOperator(tx, offer.farmId, (operator) =>
      deferredEmail('newJobEmail', config.PUBLIC_URL, operator, { ...mailJobFacts(job, request), respondBy }),
    );
    await recordJob(tx, 'job.deadline', { jobId: job.id, kind: 'response' }, { runAt: respondBy });
    const remindAt = new Date(respondBy.getTime() - config.ROUTE_REMINDER_BEFORE_MS);
    if (remindAt > now) await recordJob(tx, 'job.remind', { jobId: job.id }, { runAt: remindAt });

    const rerouted = reason !== 'chosen' || skippedChosen !== null;
    if (rerouted) {
      // After an approval, why the order moved is how the previous farm's job ended, or (no job yet)
      // that the chosen farm had stopped taking work, its offer withdrawn.
      const unavailable =
        reason === 'approved' && !previous
          ? await tx.requestOffer.findFirst({
              where: { requestId, quoteRound: request.quoteRound, status: 'withdrawn' },
              include: { farm: { select: { displayName: true } } },
            })
          : null;
      const fellThrough = (previous?.state ?? 'declined') as 'declined' | 'expired' | 'refused';
      const why =
        skippedChosen !== null || unavailable
          ? 'unavailable'
          : reason === 'chosen'
            ? 'declined'
            : reason === 'approved'
              ? fellThrough
              : reason;
      const previousFarm =
        skippedChosen ?? unavailable?.farm.displayName ?? previous?.farm.displayName ?? null;
      await mail(
        'reroutedEmail',
        mailRequest(request),
        mailJob(job),
        previousFarm,
        why,
        offer.farm.displayName,
      );
    }
    return 'done';
  });
