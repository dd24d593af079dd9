// A payment was secured: a bank transfer arrived in full, or a card was authorised. What it pays for
// goes ahead: the order is routed to its farm (which sees it only now), a dearer counter-offer becomes
// the farm's job, a store order or membership invoice is captured. If that was cancelled meanwhile the
// money goes back. Each step is keyed or checks its state first, so a second run changes nothing.
import type { Prisma } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import { lockPayment, stillWanted } from '@printfarm/db/payments/flow';
import { acceptJobTerms } from '@printfarm/db/requests/acceptJobTerms';
import { farmOperatorContact } from '@printfarm/db/requests/mail';
import { recomputeFarmScorecard } from '@printfarm/db/requests/scorecard';
import { lockPrintRequest } from '@printfarm/db/requests/transition';
import { OPEN_JOB_STATES } from '@printfarm/domain/printJob';
import { shortId } from '@printfarm/domain/shortId';
import { deferredEmail } from '@printfarm/mail/deferred';
import { mailJob, mailRequest, requestUrl } from '@printfarm/mail/marketplace';
import { mailJobFacts } from '@printfarm/mail/operatorJobs';
import { customerMail, payerMail } from '../mail/customerMail.ts';
import type { JobContext, JobHandler } from './types.ts';

type Payment = NonNullable<Awaited<ReturnType<typeof lockPayment>>>;

/** The dearer counter-offer the difference paid for is accepted, as the customer asked. */
async function acceptPaidCounter(tx: Prisma.TransactionClient, payment: Payment, appUrl: string) {
  const request = await lockPrintRequest(tx, payment.requestId as string);
  const job = await tx.printJob.findUnique({ where: { id: payment.jobId as string } });
  if (!request || job?.state !== 'countered') return;
  const operator = await farmOperatorContact(tx, job.farmId);
  const accepted = await acceptJobTerms(tx, request, job, {
    byUserId: request.userId,
    note: `Counter-offer from ${operator.farmName} accepted; the difference is paid`,
    jobData: { price: job.counterPrice ?? job.price, readyBy: job.counterReadyBy ?? job.readyBy },
  });
  const mail = customerMail(tx, appUrl, request.userId);
  await mail('jobAcceptedEmail', mailRequest(request), mailJob(accepted), operator.farmName);
  await recordJob(
    tx,
    'email.send',
    await deferredEmail('counterAnsweredEmail', appUrl, operator, mailJobFacts(accepted, request), true),
  );
  await recomputeFarmScorecard(tx, job.farmId);
}

/** What the payment is for, in the words of the 'payment received' e-mail, and where to see it. */
async function describe(tx: Prisma.TransactionClient, payment: Payment, appUrl: string) {
  if (payment.requestId) {
    const request = await tx.customPrintRequest.findUniqueOrThrow({ where: { id: payment.requestId } });
    const what =
      payment.purpose === 'difference' ? `the new terms of "${request.title}"` : `"${request.title}"`;
    return { what, link: requestUrl(appUrl, request.id, '#payment') };
  }
  if (payment.orderId) return { what: `your order #${shortId(payment.orderId)}`, link: null };
  return { what: 'your membership fee', link: `${appUrl.replace(/\/$/, '')}/dashboard` };
}

export const paymentSecured: JobHandler<'payment.secured'> = async (
  { paymentId },
  { prisma, config }: JobContext,
) =>
  prisma.$transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (payment?.status !== 'authorized') return 'skipped';
    if (!(await stillWanted(tx, payment))) {
      await recordJob(tx, 'payment.refund', {
        paymentId,
        key: `unwanted:${paymentId}`,
        reason: 'The order was cancelled before the payment arrived',
      });
      return 'done';
    }
    switch (payment.purpose) {
      case 'request': {
        const requestId = payment.requestId as string;
        const open = await tx.printJob.findFirst({
          where: { requestId, state: { in: [...OPEN_JOB_STATES] } },
        });
        if (!open) {
          await recordJob(tx, 'request.route', {
            requestId,
            ...(payment.offerId ? { offerId: payment.offerId } : {}),
            reason: 'chosen',
          });
        }
        break;
      }
      case 'difference':
        // The difference for a dearer counter-offer (it names the job), or the customer's approval of
        // the next, dearer farm after theirs fell through (it names that farm's offer).
        if (payment.jobId) await acceptPaidCounter(tx, payment, config.PUBLIC_URL);
        else if (payment.offerId) {
          await recordJob(tx, 'request.route', {
            requestId: payment.requestId as string,
            offerId: payment.offerId,
            reason: 'approved',
          });
        }
        break;
      default:
        await recordJob(tx, 'payment.capture', { paymentId });
    }
    const { what, link } = await describe(tx, payment, config.PUBLIC_URL);
    await payerMail(
      tx,
      config.PUBLIC_URL,
      payment,
    )('paymentReceivedEmail', {
      id: payment.id,
      reference: payment.reference,
      cents: payment.provider === 'stripe' ? payment.amountCents : payment.receivedCents,
      card: payment.provider === 'stripe',
      chargedLater: payment.purpose === 'request' || payment.purpose === 'difference',
      what,
      link,
    });
    return 'done';
  });
