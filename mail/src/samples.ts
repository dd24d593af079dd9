// Every message with sample input, in the variants whose words differ (one item or several, free
// shipping, no tracking page, no reason given…). The unit tests check each one's two parts, the Chromium
// test looks at each at phone and laptop width, and the render benchmark times them. The inputs are the
// long ones real use produces: signed links, UUIDs, a product name with markup.
import {
  applicationConfirmationEmail,
  applicationFollowupAlertEmail,
  applicationFollowupEmail,
  type FollowupFacts,
} from './applications.ts';
import type { Email } from './compose.ts';
import {
  customOrderAcknowledgementEmail,
  customOrderRequestEmail,
  type MailCustomOrder,
} from './customOrders.ts';
import { farmSignupEmail, type SignupMailFarm } from './farms.ts';
import type { MailJob, MailPerson } from './marketplace.ts';
import { newsletterConfirmEmail } from './newsletter.ts';
import {
  counterAnsweredEmail,
  jobCancelledEmail,
  jobReminderEmail,
  type MailJobFacts,
  newJobEmail,
  printFailedEmail,
} from './operatorJobs.ts';
import {
  type MailOrder,
  type MailStore,
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
  type MailOffer,
  noFarmEmail,
  printingStartedEmail,
  quotesReadyEmail,
  requotingEmail,
  reroutedEmail,
  shippedEmail,
} from './requests.ts';
import { supportMessageEmail } from './support.ts';

export interface Sample {
  /** The builder's name, then the variant in brackets: 'orderConfirmationEmail (one free item)'. */
  name: string;
  render: () => Promise<Email>;
}

export const APP_URL = 'https://printfarm.example';
export const ORDER_URL = `${APP_URL}/orders/3f2a9c1b-7d4e-4a61-9b0c-5e8f2d1a6c37?token=Qm9vdHN0cmFwLXNpZ25lZC1vcmRlci1saW5rLXRva2Vu`;
export const ADMIN_URL = `${APP_URL}/admin/store/maker-bay?tab=orders`;
export const CLAIM_URL = `${APP_URL}/api/print-farms/claim?token=kq3Zt8wVbP1xR6yN0aLmC4dF7gH2jS5uE9iO-TcBvXw`;
export const NETWORK_URL = `${APP_URL}/network`;
export const CONFIRM_URL = `${APP_URL}/api/newsletter/confirm?token=Yx81b2VuYzRkZTgzZjQ2MWEyYjljMGQ3ZTE1ZjYwYWI`;
export const PROSPECTS_URL = `${APP_URL}/admin/prospects`;
export const UPS_URL = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';

export const store: MailStore = { displayName: 'Maker Bay Workshop', storeName: 'maker-bay' };

export const order: MailOrder = {
  id: '3f2a9c1b-7d4e-4a61-9b0c-5e8f2d1a6c37',
  customerName: 'Ada Lovelace',
  customerEmail: 'ada.lovelace@example.com',
  shippingMethod: 'expedited',
  subtotal: '32.25',
  shippingFee: '9.99',
  totalAmount: '42.24',
  carrier: 'UPS',
  trackingNumber: '1Z999AA10123456784',
  shippingAddress: {
    street: '1100 Congress Avenue, Suite 210',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
  },
  items: [
    {
      productName: 'Articulated Dryer Knob Replacement (fits most front loaders)',
      quantity: 2,
      unitPrice: '12.50',
    },
    { productName: 'Fridge Shelf Clip', quantity: 1, unitPrice: '7.25' },
  ],
  payment: {
    reference: 'PF-7K3M-9QXA',
    amountCents: 4224,
    card: false,
    instructions:
      'Pay $42.24 by bank transfer (ACH) or a payment app, with the reference PF-7K3M-9QXA on the payment so we can match it. Send it to Maker Bay Payments, account 000123.',
    paid: false,
  },
};

/** One item with a name that is markup, free shipping, no tracking number yet, a country given. */
export const oneItemOrder: MailOrder = {
  ...order,
  id: '0b7e4d2a-91c3-4f58-a6e0-2d9b8c1f3e54',
  shippingMethod: 'standard',
  subtotal: '7.25',
  shippingFee: '0.00',
  totalAmount: '7.25',
  trackingNumber: null,
  shippingAddress: {
    street: '9 Elm Street',
    city: 'Raleigh',
    state: 'NC',
    zipCode: '27601-1234',
    country: 'US',
  },
  items: [{ productName: '<script>alert("knob")</script>', quantity: 1, unitPrice: '7.25' }],
  payment: { reference: 'PF-Q2WX-8HNB', amountCents: 725, card: true, instructions: null, paid: false },
};

export const customOrder: MailCustomOrder = {
  id: 'c0ffee00-1111-4222-8333-444455556666',
  fullName: 'Grace Hopper',
  email: 'grace.hopper@example.com',
  phone: '(919) 555-0100',
  description: 'A wall bracket for a 40 mm pipe,\nwith two screw holes & a <slot> for a cable tie.',
  timeline: 'Within 2 weeks',
  budget: '$150–$200',
};

const applicant: FollowupFacts = {
  id: '5d0c2b8e-3a71-4f96-8e24-b1c7a9d3f605',
  firstName: 'Linus',
  lastName: 'Torvalds',
  email: 'linus@example.com',
  phone: '(503) 555-0199',
  city: 'Portland',
  state: 'OR',
  investment: '3-6 months',
  createdAt: new Date('2026-05-01T10:00:00Z'),
};

const farm: SignupMailFarm = {
  id: 'f4e3d2c1-b0a9-4887-9665-544332211000',
  displayName: 'Prusa Barn Print Farm',
  contactName: 'Josef',
  contactEmail: 'josef@prusabarn.example',
  city: 'Austin',
  state: 'TX',
  totalPrinterCount: 12,
  printerTypes: ['Prusa MK4', 'Bambu Lab X1 Carbon', 'Formlabs Form 3+'],
};

export const customer: MailPerson = { email: 'ada.lovelace@example.com', firstName: 'Ada' };
export const operator: MailPerson = { email: 'josef@prusabarn.example', firstName: 'Josef' };
export const request = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  title: 'Quadcopter arm, left',
  round: 2,
};
const job: MailJob = {
  id: '7e6d5c4b-3a29-4180-9f7e-6d5c4b3a2918',
  price: '49.5',
  readyBy: new Date('2026-05-08T00:00:00Z'),
};
const offers: MailOffer[] = [
  {
    farmName: 'Prusa Barn Print Farm',
    price: '49.50',
    readyBy: new Date('2026-05-08T00:00:00Z'),
    distanceMiles: 12.4,
    kind: 'firm',
  },
  {
    farmName: 'Resin Lab',
    price: '61',
    readyBy: new Date('2026-05-09T00:00:00Z'),
    distanceMiles: 30.6,
    kind: 'instant',
  },
  {
    farmName: 'Hill Country Makers',
    price: '64.75',
    readyBy: new Date('2026-05-11T00:00:00Z'),
    distanceMiles: 71,
    kind: 'instant',
  },
];
export const jobFacts: MailJobFacts = {
  ...job,
  parts: 3,
  title: request.title,
  technology: 'FDM',
  material: 'PETG',
  shipTo: 'Austin, TX 78701',
};
const FARM = offers[0]?.farmName ?? '';
const respondBy = new Date('2026-05-02T15:30:00Z');
const counterTerms = {
  counterPrice: '55',
  counterReadyBy: new Date('2026-05-12T00:00:00Z'),
  counterRespondBy: respondBy,
};

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
