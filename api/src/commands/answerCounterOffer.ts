// The customer answers a farm's counter-offer: accepted at the new price (paying any difference first),
// or refused, and the request goes back to the other offers. One transaction with the request row locked.
import type { Prisma, PrismaClient } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import type { ProviderName } from '@printfarm/db/payments';
import { createPayment, moneyTerms, securedCents } from '@printfarm/db/payments/flow';
import { acceptJobTerms } from '@printfarm/db/requests/acceptJobTerms';
import { closeJobAndReroute } from '@printfarm/db/requests/closeJobAndReroute';
import { awaitDifference } from '@printfarm/db/requests/counterDifference';
import { hasPassed } from '@printfarm/db/requests/deadlines';
import { farmOperatorContact, mailCustomer } from '@printfarm/db/requests/mail';
import { recomputeFarmScorecard } from '@printfarm/db/requests/scorecard';
import { transitionPrintRequest } from '@printfarm/db/requests/transition';
import { formatUsd, parseCents } from '@printfarm/domain/money';
import { deferredEmail } from '@printfarm/mail/deferred';
import { mailJob, mailRequest } from '@printfarm/mail/marketplace';
import { mailJobFacts } from '@printfarm/mail/operatorJobs';
import type { SessionUser } from '../auth/guards.ts';
import { conflict } from '../http/errors.ts';
import { onOwnRequest, openJobOf } from '../services/printRequests.ts';
import { tooLateToAnswer } from './jobAction.ts';

/**
 * The customer's answer to a counter-offer. Accepting makes the job the farm's at the new terms;
 * refusing closes it, and closeJobAndReroute records the request.route that offers it to the next farm.
 */
export async function answerCounterOffer(
  prisma: PrismaClient,
  appUrl: string,
  user: SessionUser,
  id: string,
  accept: boolean,
): Promise<void> {
  await onOwnRequest(prisma, user, id, async (tx, request) => {
    const job = await openJobOf(tx, id);
    if (request.status !== 'ordered' || job?.state !== 'countered') {
      throw conflict('There is no counter-offer to answer on this request');
    }
    if (job.counterRespondBy && (await hasPassed(tx, job.counterRespondBy))) {
      throw tooLateToAnswer('counter-offer', job.counterRespondBy);
    }
    const operator = await farmOperatorContact(tx, job.farmId);
    if (accept && (await askForDifference(tx, appUrl, request, job))) return;
    if (accept) {
      const accepted = await acceptJobTerms(tx, request, job, {
        byUserId: user.id,
        note: `Counter-offer from ${operator.farmName} accepted`,
        jobData: { price: job.counterPrice ?? job.price, readyBy: job.counterReadyBy ?? job.readyBy },
      });
      await mailCustomer(tx, request.userId, (customer) =>
        deferredEmail(
          'jobAcceptedEmail',
          appUrl,
          customer,
          mailRequest(request),
          mailJob(accepted),
          operator.farmName,
        ),
      );
      await recordJob(
        tx,
        'email.send',
        await deferredEmail('counterAnsweredEmail', appUrl, operator, mailJobFacts(accepted, request), true),
      );
    } else {
      await closeJobAndReroute(tx, request, job, {
        state: 'refused',
        byUserId: user.id,
        note: `Counter-offer from ${operator.farmName} refused; offering the order to the next farm`,
      });
      await recordJob(
        tx,
        'email.send',
        await deferredEmail('counterAnsweredEmail', appUrl, operator, mailJobFacts(job, request), false),
      );
    }
    await recomputeFarmScorecard(tx, job.farmId);
  });
}

/**
 * A counter-offer dearer than what the customer paid needs the difference first: a payment for it is
 * asked for (once), with days to pay it (awaitDifference), and the job becomes the farm's when it is
 * secured (workers' payment.secured). True when the difference is owed; false when the payment already
 * covers the new price.
 */
async function askForDifference(
  tx: Prisma.TransactionClient,
  appUrl: string,
  request: { id: string; title: string; userId: string; status: string },
  job: { id: string; price: Prisma.Decimal; counterPrice: Prisma.Decimal | null },
): Promise<boolean> {
  const newCents = parseCents((job.counterPrice ?? job.price).toString()) ?? 0;
  const payments = await tx.payment.findMany({
    where: { requestId: request.id, jobId: job.id, status: { in: ['awaiting', 'authorized'] } },
  });
  const paid = payments
    .filter((payment) => payment.status === 'authorized')
    .reduce((sum, payment) => sum + securedCents(payment), 0);
  if (newCents <= paid) return false;
  if (payments.some((payment) => payment.purpose === 'difference' && payment.status === 'awaiting')) {
    throw conflict('The difference is already asked for; the job is yours once it is paid', {
      payment: 'Awaiting the difference',
    });
  }
  const first = payments.find((payment) => payment.purpose === 'request');
  const difference = await createPayment(tx, {
    provider: (first?.provider ?? 'invoice') as ProviderName,
    purpose: 'difference',
    amountCents: newCents - paid,
    payer: { userId: request.userId, name: first?.payerName ?? '', email: first?.payerEmail ?? '' },
    requestId: request.id,
    jobId: job.id,
  });
  const payBy = await awaitDifference(tx, job.id);
  await transitionPrintRequest(tx, request, 'ordered', {
    byUserId: request.userId,
    note: `Counter-offer accepted; waiting for the difference of ${formatUsd(difference.amountCents)} until ${payBy.toISOString()}`,
  });
  if (difference.provider !== 'invoice') return true;
  await mailCustomer(tx, request.userId, async (customer) =>
    deferredEmail(
      'paymentRequestedEmail',
      appUrl,
      customer,
      mailRequest(request),
      {
        paymentId: difference.id,
        reference: difference.reference,
        lines: [['Difference to the new price', difference.amountCents]],
        totalCents: difference.amountCents,
        payBy,
      },
      (await moneyTerms(tx)).instructions,
    ),
  );
  return true;
}
