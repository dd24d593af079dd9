// A print job is one routing of an ordered request to one farm. Its states, and what the operator
// sends when answering or reporting on it (routes under /api/operator/jobs).
import * as v from 'valibot';
import { formObject, requiredParagraph, requiredText, ruleAcross } from './fields.ts';
import { labelsOf } from './labels.ts';
import { futureDateSchema } from './printRequest.ts';
import { priceSchema } from './store.ts';
import { CARRIERS, isTrackingNumberOf, normalizeTrackingNumber, trackingNumberHint } from './tracking.ts';

export const JOB_STATES = [
  'offered',
  'countered',
  'accepted',
  'printing',
  'shipped',
  'delivered',
  'declined',
  'expired',
  'refused',
  'cancelled',
] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A job in one of these holds its request; the database allows one per request. */
export const OPEN_JOB_STATES: readonly JobState[] = [
  'offered',
  'countered',
  'accepted',
  'printing',
  'shipped',
];

/** A job still being made: only its queue items may start on a printer (not a cancelled or shipped job's). */
export const LIVE_JOB_STATES: readonly JobState[] = ['accepted', 'printing'];
export const isLiveJob = (state: string) => (LIVE_JOB_STATES as readonly string[]).includes(state);

/** The operator inbox's tabs. */
export const JOB_TABS = {
  new: ['offered', 'countered'],
  active: ['accepted', 'printing', 'shipped'],
  done: ['delivered', 'declined', 'expired', 'refused', 'cancelled'],
} as const satisfies Record<string, readonly JobState[]>;
export type JobTab = keyof typeof JOB_TABS;

export const jobListQuerySchema = formObject({
  state: v.optional(v.picklist(['new', 'active', 'done'], 'Choose new, active or done'), 'new'),
  farmId: v.optional(v.pipe(v.string('Invalid farm'), v.uuid('Invalid farm'))),
});

export const JOB_STATE_LABELS = labelsOf(JOB_STATES, {
  offered: 'Awaiting your answer',
  countered: 'Counter-offer sent',
  expired: 'Not answered in time',
  refused: 'Counter-offer refused',
  cancelled: 'Cancelled by the customer',
});

export const declineJobSchema = formObject({
  reason: requiredParagraph('Tell the customer why you decline', 500),
});

export const counterOfferSchema = v.pipe(
  formObject({
    price: v.optional(priceSchema),
    readyBy: v.optional(futureDateSchema('Choose a ready-by date')),
  }),
  v.check(
    (counter) => counter.price !== undefined || counter.readyBy !== undefined,
    'Propose a new price or ready-by date',
  ),
);
export type CounterOffer = v.InferOutput<typeof counterOfferSchema>;

export const progressSchema = formObject({
  percent: v.pipe(
    v.number('Progress must be a number'),
    v.integer('Progress must be a whole percentage'),
    v.minValue(0, 'Progress must be between 0 and 100'),
    v.maxValue(100, 'Progress must be between 0 and 100'),
  ),
});

export const shipJobSchema = v.pipe(
  formObject({
    carrier: v.picklist(CARRIERS, 'Choose a carrier'),
    trackingNumber: v.pipe(
      requiredText('Tracking number is required', 40),
      v.transform(normalizeTrackingNumber),
    ),
  }),
  ruleAcross(
    ['carrier', 'trackingNumber'],
    (shipment) => isTrackingNumberOf(shipment.carrier, shipment.trackingNumber),
    'This is not a tracking number of the chosen carrier',
  ),
);
export type Shipment = v.InferOutput<typeof shipJobSchema>;
export { trackingNumberHint };
