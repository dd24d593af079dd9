import { describe, expect, it } from 'vitest';
import type { Email } from './compose.ts';
import { deferredEmail, type MessageName, renderDeferred } from './deferred.ts';
import { newJobEmail } from './operatorJobs.ts';
import { newOrderEmail, orderConfirmationEmail } from './orders.ts';
import { counterOfferEmail, jobAcceptedEmail } from './requests.ts';
import { APP_URL, customer, jobFacts, ORDER_URL, operator, order, request, store } from './sampleFacts.ts';

const job = {
  id: '7e6d5c4b-3a29-4180-9f7e-6d5c4b3a2918',
  price: '49.5',
  readyBy: new Date('2026-05-08T00:00:00Z'),
};
const counter = {
  ...job,
  counterPrice: '55',
  counterReadyBy: new Date('2026-05-12T00:00:00Z'),
  counterRespondBy: new Date('2026-05-02T15:30:00Z'),
};

// Each message beside the same message deferred; Dates in the input travel as Dates.
const cases: [MessageName, () => Promise<Email>, () => Promise<Email>][] = [
  [
    'orderConfirmationEmail',
    () => orderConfirmationEmail(order, store, ORDER_URL),
    () => deferredEmail('orderConfirmationEmail', order, store, ORDER_URL),
  ],
  [
    'newOrderEmail',
    () => newOrderEmail(order, store, 'owner@makerbay.example', APP_URL),
    () => deferredEmail('newOrderEmail', order, store, 'owner@makerbay.example', APP_URL),
  ],
  [
    'jobAcceptedEmail',
    () => jobAcceptedEmail(APP_URL, customer, request, job, 'Prusa Barn'),
    () => deferredEmail('jobAcceptedEmail', APP_URL, customer, request, job, 'Prusa Barn'),
  ],
  [
    'counterOfferEmail',
    () => counterOfferEmail(APP_URL, customer, request, counter, 'Prusa Barn'),
    () => deferredEmail('counterOfferEmail', APP_URL, customer, request, counter, 'Prusa Barn'),
  ],
  [
    'newJobEmail',
    () => newJobEmail(APP_URL, operator, { ...jobFacts, respondBy: counter.counterRespondBy }),
    () =>
      deferredEmail('newJobEmail', APP_URL, operator, { ...jobFacts, respondBy: counter.counterRespondBy }),
  ],
];

describe('deferred e-mails', () => {
  it.each(cases)(
    '%s: the same words now, the same HTML from its stored input later',
    async (_, now, later) => {
      const direct = await now();
      const deferred = await later();
      const { html, ...words } = direct;
      expect(deferred.html).toBeUndefined();
      expect({ ...deferred, view: undefined }).toEqual({ ...words, view: undefined });
      // As the outbox and the queue carry it: JSON.
      const stored = JSON.parse(JSON.stringify(deferred)) as Email;
      expect(stored.view).toBeDefined();
      expect(await renderDeferred(stored.view!)).toBe(html);
    },
  );

  it('renders nothing for a message this version does not know', async () => {
    expect(await renderDeferred({ message: 'noSuchEmail', args: [] })).toBeUndefined();
    expect(await renderDeferred({ message: 'constructor', args: [] })).toBeUndefined();
  });
});
