// The job catalogue: every BullMQ queue the workers serve, with the payload each job carries.
// The outbox stores `{ job, payload }`; the relay publishes it to the queue named `job`.
import * as v from 'valibot';

const uuid = v.pipe(v.string(), v.uuid());
/**
 * An address the mail relay is handed: one mailbox, local@domain, without spaces, brackets or commas.
 * Looser than the sign-up forms' check on purpose: an identity provider's address (o'brien@…) was
 * accepted where it came in, and refusing it here would drop the message without a retry.
 */
const mailbox = v.pipe(v.string(), v.maxLength(320), v.regex(/^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/));
/** A job that needs nothing but its name: the schedulers' sweeps. */
const nothing = v.object({});

/** A quote stage of a request, for one submit of it (`round`): a stale round does nothing. */
const requestRound = v.object({ requestId: uuid, round: v.pipe(v.number(), v.integer(), v.minValue(1)) });
/** A queue item made ready for one printer. */
const itemForPrinter = v.object({ itemId: uuid, printerId: uuid });

/** A job about one row, named by its id: `{ fileId }`, `{ paymentId }`... */
function aboutRow<const Key extends string>(key: Key) {
  return v.object({ [key]: uuid } as Record<Key, typeof uuid>);
}

export const jobPayloadSchemas = {
  'email.send': v.object({
    messageKey: v.pipe(v.string(), v.minLength(1), v.maxLength(300)),
    to: mailbox,
    subject: v.pipe(v.string(), v.minLength(1), v.maxLength(300)),
    text: v.string(),
    html: v.optional(v.string()),
    replyTo: v.optional(mailbox),
    /** Values sealed for the e-mail worker alone, put in for {{sealed:i}} at sending (db/src/mailSecrets.ts). */
    sealed: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(2000))), v.maxLength(5))),
    /** A message whose HTML the worker renders at sending: its name and input (mail/src/deferred.ts). */
    view: v.optional(v.object({ message: v.pipe(v.string(), v.minLength(1)), args: v.array(v.unknown()) })),
  }),
  /** Format check and mesh metrics for an uploaded design (project_files row). */
  'model.analyze': aboutRow('fileId'),
  /** Geocode, territory density, duplicates and lead score for a new operator application. */
  'application.enrich': aboutRow('applicationId'),
  /** The 48-hour follow-up on an operator application that is still New. */
  'application.followup': aboutRow('applicationId'),
  /** Address → coordinates for one print farm (workers/src/jobs/farmGeocode.ts). */
  'farm.geocode': aboutRow('farmId'),
  /** Deletes expired rows of the sessions table; repeated by a job scheduler (workers/src/schedules.ts). */
  'sessions.purge': nothing,
  /**
   * Stage 1 of a quote: candidate farms near the ship-to ZIP and an instant offer from each, priced from
   * the geometry. `round` names the submit it answers; a stale round does nothing.
   */
  'request.quote': requestRound,
  /** Stage 2 (FDM): slices each file with PrusaSlicer and re-prices the round's offers as firm. */
  'request.firm': requestRound,
  /**
   * 'Your quotes are ready', once per round: recorded by stage 2 when the firm prices are in, and by
   * stage 1 to run after a short wait, so a slow slicer never holds the news back (the first to run
   * sends it; the e-mail's key refuses the second).
   */
  'request.quotesMail': requestRound,
  /**
   * Offers an ordered request to a farm: the customer's chosen offer, or after a decline, a timeout or a
   * refused counter-offer the next best one still valid (none left: back to quoting, wider).
   */
  'request.route': v.object({
    requestId: uuid,
    offerId: v.optional(uuid),
    /**
     * 'approved': the customer paid the difference to a dearer farm after theirs fell through; 'lapsed':
     * that difference's deadline passed (recorded, delayed, when it was asked for).
     */
    reason: v.picklist(['chosen', 'declined', 'expired', 'refused', 'approved', 'lapsed']),
  }),
  /** A job's answer deadline: the operator's (response) or the customer's on a counter-offer (counter). */
  'job.deadline': v.object({
    jobId: uuid,
    kind: v.picklist(['response', 'counter']),
  }),
  /** Reminds the operator of a job still unanswered a few hours before its deadline. */
  'job.remind': aboutRow('jobId'),
  /** Refits the estimator on the network's own slices; repeated by a scheduler. */
  'estimator.calibrate': nothing,
  /** Marks quoted requests whose offers passed their validity as expired; repeated by a scheduler. */
  'offers.expire': nothing,
  /** Cancels store orders whose payment never came (workers/src/jobs/ordersExpire.ts); hourly. */
  'orders.expire': nothing,
  /**
   * A payment was secured (paid in full, or a card authorised): route the order, accept the counter-offer
   * whose difference it pays, or capture a store order or invoice; refund it if that was cancelled.
   */
  'payment.secured': aboutRow('paymentId'),
  /**
   * Takes a secured payment: the farm accepted the job, or a store order or membership invoice was paid.
   * Calls the processor first (idempotent), then writes the ledger under the payment's own key.
   */
  'payment.capture': aboutRow('paymentId'),
  /**
   * Gives money back (all that is refundable when `cents` is absent); `key` names the refund once.
   * `unearnedOnly`: money that was never due (a transfer made twice, more than the price), of which
   * only what is still unearned goes back, whichever of two such refunds for the same money runs first.
   */
  'payment.refund': v.object({
    paymentId: uuid,
    cents: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
    key: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
    reason: v.pipe(v.string(), v.minLength(1), v.maxLength(500)),
    unearnedOnly: v.optional(v.literal(true)),
  }),
  /** A card payment called off before it was paid: its PaymentIntent is cancelled at the processor. */
  'payment.void': aboutRow('paymentId'),
  /** The claims window of a delivered job closed: without an open claim, the farm's share is released. */
  'claims.close': aboutRow('jobId'),
  /** States every payee's available balance as a payout; repeated weekly by a scheduler. */
  'payouts.run': nothing,
  /** Sends one stated payout through the processor (Stripe); with invoice staff send it. */
  'payout.send': aboutRow('payoutId'),
  /** Invoices each member farm's monthly fee for the current month; repeated daily, once per month. */
  'membership.invoice': nothing,
  /**
   * Gives each idle connected printer of the farm its next eligible queue item: slices it for the
   * printer, records the attempt, then sends it (a retry finds the print already running).
   */
  'printer.dispatch': aboutRow('farmId'),
  /** Reads every connected printer's status and records what changed as queue.report events; repeated. */
  'printer.poll': nothing,
  /** What a printer said about one attempt at an item: progress, printed, or failed/cancelled. */
  'queue.report': v.object({
    itemId: uuid,
    fileName: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
    outcome: v.picklist(['progress', 'finished', 'failed']),
    progress: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
    reason: v.optional(v.pipe(v.string(), v.maxLength(500))),
  }),
  /** Slices a queue item for one printer's bed, nozzle and material (cached in printer_slices). */
  'queue.slice': itemForPrinter,
  /** Makes a queue item's 3MF project for one printer (cached in printer_projects). */
  'queue.project': itemForPrinter,
  /** The queue's e-mails: the customer's 'printing started', the operator's 'a print failed'. */
  'queue.mail': v.variant('kind', [
    v.object({ kind: v.literal('printing-started'), jobId: uuid }),
    v.object({
      kind: v.literal('print-failed'),
      jobId: uuid,
      itemId: uuid,
      attempt: v.pipe(v.number(), v.integer(), v.minValue(0)),
      reason: v.pipe(v.string(), v.maxLength(500)),
      printerId: v.optional(uuid),
    }),
  ]),
} as const;

export type JobName = keyof typeof jobPayloadSchemas;
export type JobPayload<J extends JobName> = v.InferOutput<(typeof jobPayloadSchemas)[J]>;

export const JOB_NAMES = Object.keys(jobPayloadSchemas) as JobName[];

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(jobPayloadSchemas, name);
}

/** Checks a payload again on the worker side: the queue is a trust boundary too. */
export function parseJobPayload<J extends JobName>(job: J, payload: unknown): JobPayload<J> {
  return v.parse(jobPayloadSchemas[job], payload) as JobPayload<J>;
}

/** Retry policy shared by the relay (job options) and the worker (documentation of intent). */
export const JOB_RETRY = { attempts: 8, backoff: { type: 'exponential' as const, delay: 2_000 } };

/** The longest wait between two attempts of a job retried with the 'capped' backoff. */
export const RETRY_CAP_MS = 15 * 60 * 1000;

/**
 * E-mail waits out a mail relay's outage: the default policy gives up after about four minutes of
 * refusals, and the message would be lost. 'capped' doubles from 2 s like the default, then waits
 * RETRY_CAP_MS between attempts, for about a day in all. Sending is idempotent (email_log), so a
 * late attempt never sends a second copy.
 */
export const EMAIL_RETRY = { attempts: 110, backoff: { type: 'capped' as const, delay: 2_000 } };

/** The retry policy a job is recorded with. */
export function retryPolicyOf(job: JobName): typeof JOB_RETRY | typeof EMAIL_RETRY {
  return job === 'email.send' ? EMAIL_RETRY : JOB_RETRY;
}

/** The 'capped' backoff: the wait before the attempt after `attemptsMade` failed ones. */
export function cappedBackoffMs(attemptsMade: number, delayMs: number): number {
  return Math.min(RETRY_CAP_MS, delayMs * 2 ** Math.max(0, Math.min(attemptsMade - 1, 30)));
}
