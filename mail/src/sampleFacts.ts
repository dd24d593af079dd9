// The sample inputs every message's samples are built from (samples.ts): the long ones real use
// produces, signed links, UUIDs, a product name with markup. The unit tests import the links from here.
import type { FollowupFacts } from './applications.ts';
import type { MailCustomOrder } from './customOrders.ts';
import type { SignupMailFarm } from './farms.ts';
import type { MailJob, MailPerson } from './marketplace.ts';
import type { MailJobFacts } from './operatorJobs.ts';
import type { MailOrder, MailStore } from './orders.ts';
import type { MailOffer } from './requests.ts';

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

export const applicant: FollowupFacts = {
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

export const farm: SignupMailFarm = {
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
export const job: MailJob = {
  id: '7e6d5c4b-3a29-4180-9f7e-6d5c4b3a2918',
  price: '49.5',
  readyBy: new Date('2026-05-08T00:00:00Z'),
};
export const offers: MailOffer[] = [
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
export const FARM = offers[0]?.farmName ?? '';
export const respondBy = new Date('2026-05-02T15:30:00Z');
export const counterTerms = {
  counterPrice: '55',
  counterReadyBy: new Date('2026-05-12T00:00:00Z'),
  counterRespondBy: respondBy,
};
