// Every message with sample input, in the variants whose words differ (one item or several, free
// shipping, no tracking page, no reason given…). The unit tests check each one's two parts, the Chromium
// test looks at each at phone and laptop width, and the render benchmark times them. The inputs are the
// long ones real use produces: signed links, UUIDs, a product name with markup.

import { passwordChangedEmail, passwordResetEmail, staffConfirmationEmail } from './accounts.ts';
import {
  applicationConfirmationEmail,
  applicationFollowupAlertEmail,
  applicationFollowupEmail,
} from './applications.ts';
import type { Email } from './compose.ts';
import { customOrderAcknowledgementEmail, customOrderRequestEmail } from './customOrders.ts';
import { farmSignupEmail } from './farms.ts';
import { newsletterConfirmEmail } from './newsletter.ts';
import {
  counterAnsweredEmail,
  jobCancelledEmail,
  jobReminderEmail,
  newJobEmail,
  printFailedEmail,
} from './operatorJobs.ts';
import {
  newOrderEmail,
  orderCancelledEmail,
  orderConfirmationEmail,
  orderDeliveredEmail,
  orderShippedEmail,
} from './orders.ts';
import {
  cannotQuoteEmail,
  counterOfferEmail,
  deliveredEmail,
  halfwayEmail,
  jobAcceptedEmail,
  noFarmEmail,
  printingStartedEmail,
  quotesReadyEmail,
  requotingEmail,
  reroutedEmail,
  shippedEmail,
} from './requests.ts';
import {
  ADMIN_URL,
  APP_URL,
  applicant,
  CLAIM_URL,
  CONFIRM_URL,
  counterTerms,
  customer,
  customOrder,
  FARM,
  farm,
  job,
  jobFacts,
  NETWORK_URL,
  ORDER_URL,
  offers,
  oneItemOrder,
  operator,
  order,
  PROSPECTS_URL,
  request,
  respondBy,
  store,
  UPS_URL,
} from './sampleFacts.ts';
import { supportMessageEmail } from './support.ts';

export interface Sample {
  /** The builder's name, then the variant in brackets: 'orderConfirmationEmail (one free item)'. */
  name: string;
  render: () => Promise<Email>;
}

export const samples: readonly Sample[] = [
  { name: 'orderConfirmationEmail', render: () => orderConfirmationEmail(order, store, ORDER_URL) },
  {
    name: 'orderConfirmationEmail (one free item)',
    render: () => orderConfirmationEmail(oneItemOrder, store, ORDER_URL),
  },
  { name: 'newOrderEmail', render: () => newOrderEmail(order, store, 'owner@makerbay.example', ADMIN_URL) },
  { name: 'orderShippedEmail', render: () => orderShippedEmail(order, store, ORDER_URL) },
  { name: 'orderDeliveredEmail', render: () => orderDeliveredEmail(order, store, ORDER_URL) },
  { name: 'orderCancelledEmail', render: () => orderCancelledEmail(order, store) },
  {
    name: 'orderCancelledEmail (paid)',
    render: () =>
      orderCancelledEmail({ ...order, payment: order.payment && { ...order.payment, paid: true } }, store),
  },
  {
    name: 'customOrderRequestEmail',
    render: () => customOrderRequestEmail(customOrder, store, 'owner@makerbay.example'),
  },
  {
    name: 'customOrderRequestEmail (nothing optional)',
    render: () =>
      customOrderRequestEmail(
        { ...customOrder, phone: '', timeline: null, budget: undefined },
        store,
        'owner@makerbay.example',
      ),
  },
  {
    name: 'customOrderAcknowledgementEmail',
    render: () => customOrderAcknowledgementEmail(customOrder, store),
  },
  { name: 'applicationConfirmationEmail', render: () => applicationConfirmationEmail(applicant) },
  { name: 'applicationFollowupEmail', render: () => applicationFollowupEmail(applicant) },
  {
    name: 'applicationFollowupAlertEmail',
    render: () =>
      applicationFollowupAlertEmail(
        { ...applicant, investment: null },
        'staff@printfarm.example',
        PROSPECTS_URL,
      ),
  },
  {
    name: 'farmSignupEmail',
    render: () => farmSignupEmail(farm, { networkUrl: NETWORK_URL, claimUrl: CLAIM_URL }),
  },
  {
    name: 'farmSignupEmail (signed in, one printer)',
    render: () =>
      farmSignupEmail(
        { ...farm, totalPrinterCount: 1, printerTypes: ['Prusa MK4'] },
        { networkUrl: NETWORK_URL },
      ),
  },
  {
    name: 'staffConfirmationEmail',
    render: () =>
      staffConfirmationEmail({
        userId: '5f0c2b1e-8d3a-4c5e-9f6a-1b2c3d4e5f60',
        to: 'desk@printfarm.example',
        firstName: 'Sam',
        confirmUrl: 'https://printfarm.example/staff-confirmation?token=5f0c2b1e.1767225600000.sig',
        expiresAt: new Date('2026-12-06T12:00:00Z'),
      }),
  },
  {
    name: 'passwordResetEmail',
    render: () =>
      passwordResetEmail({
        userId: '5f0c2b1e-8d3a-4c5e-9f6a-1b2c3d4e5f60',
        to: 'sam.longname-customer@printfarm.example',
        firstName: 'Sam',
        resetUrl:
          'https://printfarm.example/reset-password?token=5f0c2b1e-8d3a-4c5e-9f6a-1b2c3d4e5f60.1767225600000.Qm9ndXNTaWduYXR1cmVGb3JUaGVTYW1wbGVPbmx5',
        expiresAt: new Date('2026-12-06T12:00:00Z'),
      }),
  },
  {
    name: 'passwordChangedEmail',
    render: () =>
      passwordChangedEmail({
        userId: '5f0c2b1e-8d3a-4c5e-9f6a-1b2c3d4e5f60',
        to: 'sam.longname-customer@printfarm.example',
        firstName: 'Sam',
        changedAt: new Date('2026-12-06T11:00:00Z'),
        resetUrl: 'https://printfarm.example/reset-password',
      }),
  },
  {
    name: 'newsletterConfirmEmail',
    render: () =>
      newsletterConfirmEmail({
        email: 'reader@example.com',
        confirmUrl: CONFIRM_URL,
        messageKey: 'newsletter-confirm:reader@example.com:1',
      }),
  },
  {
    name: 'supportMessageEmail',
    render: () =>
      supportMessageEmail({
        messageId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
        to: 'staff@printfarm.example',
        fromEmail: 'ada.lovelace@example.com',
        fromName: 'Ada Lovelace',
        source: 'contact page',
        subject: 'Where is my order?',
        message: 'Hello,\n\nmy order #3F2A9C1B has not arrived yet. Could you check?\n\nAda',
      }),
  },
  {
    name: 'supportMessageEmail (long words)',
    render: () =>
      supportMessageEmail({
        messageId: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e',
        to: 'staff@printfarm.example',
        fromEmail: 'a.very.long.mailbox.name.for.testing.wrapping@subdomain.example.com',
        fromName: 'Ada',
        source: 'dashboard',
        subject: `Broken link ${'x'.repeat(80)}`,
        message: `This link does not open: ${ORDER_URL}&utm_source=newsletter&utm_medium=email`,
      }),
  },
  { name: 'quotesReadyEmail', render: () => quotesReadyEmail(APP_URL, customer, request, offers, 5) },
  {
    name: 'quotesReadyEmail (one farm, no first name)',
    render: () => quotesReadyEmail(APP_URL, { ...customer, firstName: null }, request, offers.slice(1, 2), 1),
  },
  {
    name: 'quotesReadyEmail (all firm)',
    render: () =>
      quotesReadyEmail(
        APP_URL,
        customer,
        request,
        // The nearest farm in the customer's own town.
        offers
          .slice(0, 2)
          .map((o, i) => ({ ...o, kind: 'firm', distanceMiles: i === 0 ? 0.4 : o.distanceMiles })),
        2,
      ),
  },
  {
    name: 'quotesReadyEmail (estimates, with the reason)',
    render: () =>
      quotesReadyEmail(
        APP_URL,
        customer,
        request,
        offers.slice(1, 2),
        1,
        'Priced from the geometry; firm prices come from slicing FDM parts',
      ),
  },
  {
    name: 'cannotQuoteEmail',
    render: () =>
      cannotQuoteEmail(APP_URL, customer, request, [
        'woody.obj is a surface with no inside, so there is nothing to fill with material.',
      ]),
  },
  {
    name: 'noFarmEmail',
    render: () =>
      noFarmEmail(
        APP_URL,
        customer,
        request,
        'No active farm in the network prints PEEK with FDM on a printer large enough for your largest part.',
      ),
  },
  { name: 'jobAcceptedEmail', render: () => jobAcceptedEmail(APP_URL, customer, request, job, FARM) },
  {
    name: 'jobAcceptedEmail (long unbroken title)',
    render: () =>
      jobAcceptedEmail(
        APP_URL,
        customer,
        { ...request, title: 'quadcopter_arm_left_v17_final_FINAL_reprint.3mf' },
        job,
        FARM,
      ),
  },
  { name: 'printingStartedEmail', render: () => printingStartedEmail(APP_URL, customer, request, job, FARM) },
  { name: 'halfwayEmail', render: () => halfwayEmail(APP_URL, customer, request, job, FARM) },
  {
    name: 'shippedEmail',
    render: () =>
      shippedEmail(APP_URL, customer, request, job, FARM, {
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: UPS_URL,
      }),
  },
  {
    name: 'shippedEmail (no tracking page)',
    render: () =>
      shippedEmail(APP_URL, customer, request, job, FARM, {
        carrier: 'Local courier',
        trackingNumber: 'LC-2291',
        trackingUrl: null,
      }),
  },
  { name: 'deliveredEmail', render: () => deliveredEmail(APP_URL, customer, request, job, FARM) },
  {
    name: 'counterOfferEmail',
    render: () => counterOfferEmail(APP_URL, customer, request, { ...job, ...counterTerms }, FARM),
  },
  {
    name: 'counterOfferEmail (date only)',
    render: () =>
      counterOfferEmail(APP_URL, customer, request, { ...job, ...counterTerms, counterPrice: null }, FARM),
  },
  {
    name: 'reroutedEmail',
    render: () => reroutedEmail(APP_URL, customer, request, job, 'Resin Lab', 'expired', FARM),
  },
  {
    name: 'reroutedEmail (no previous farm)',
    render: () => reroutedEmail(APP_URL, customer, request, job, null, 'unavailable', FARM),
  },
  { name: 'requotingEmail', render: () => requotingEmail(APP_URL, customer, request, 150) },
  { name: 'requotingEmail (whole country)', render: () => requotingEmail(APP_URL, customer, request, null) },
  { name: 'newJobEmail', render: () => newJobEmail(APP_URL, operator, { ...jobFacts, respondBy }) },
  { name: 'jobReminderEmail', render: () => jobReminderEmail(APP_URL, operator, { ...jobFacts, respondBy }) },
  {
    name: 'counterAnsweredEmail (accepted)',
    render: () => counterAnsweredEmail(APP_URL, operator, jobFacts, true),
  },
  {
    name: 'counterAnsweredEmail (refused)',
    render: () => counterAnsweredEmail(APP_URL, operator, jobFacts, false),
  },
  {
    name: 'jobCancelledEmail',
    render: () => jobCancelledEmail(APP_URL, operator, jobFacts, 'Found a local shop that can do it today.'),
  },
  {
    name: 'jobCancelledEmail (no reason)',
    render: () => jobCancelledEmail(APP_URL, operator, jobFacts, null),
  },
  {
    name: 'printFailedEmail',
    render: () =>
      printFailedEmail(APP_URL, operator, jobFacts, {
        itemId: '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a',
        fileName: 'bracket.stl',
        printerName: 'Prusa MK4 #1',
        reason: 'Cancelled on the printer',
        attempt: 1,
      }),
  },
];
