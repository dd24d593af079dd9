// The 'pay for your order' e-mail: by bank transfer it gives the reference to write on the payment and
// staff's words; by card it sends the customer to the order's pay step, and says when the card is charged.
import { describe, expect, it } from 'vitest';
import { hrefs, visibleText } from './expectations.ts';
import { type MailCharge, paymentRequestedEmail } from './payments.ts';

const APP_URL = 'https://printfarm.example';
const customer = { email: 'casey@example.test', firstName: 'Casey' };
const request = { id: '3f2a9c1b-7d4e-4a61-9b0c-5e8f2d1a6c37', title: 'Drone camera mount' };
const charge: MailCharge = {
  paymentId: '0b7f3c1e-5a2d-4e8f-9c6b-1d2e3f4a5b6c',
  reference: 'PF-7K3M-9QXA',
  lines: [
    ['Printed parts', 1200],
    ['Shipping', 600],
  ],
  totalCents: 1800,
};
const WORDS = 'Send it to PrintFarm Payments (Zelle: pay@printfarm.example).';
const page = `${APP_URL}/dashboard/requests/${request.id}#payment`;

describe('paymentRequestedEmail', () => {
  it('by bank transfer: the total, the reference to write and staff’s words', async () => {
    const email = await paymentRequestedEmail(APP_URL, customer, request, charge, WORDS);
    expect(email.subject).toBe('Pay for your order: Drone camera mount');
    expect(email.text).toContain('Pay $18.00 by bank transfer (ACH) or a payment app');
    expect(email.text).toContain('Write the reference PF-7K3M-9QXA on the payment');
    expect(email.text).toContain(WORDS);
    expect(hrefs(email.html ?? '')).toContain(page);
    expect(visibleText(email.html ?? '')).toContain('See your order');
  });

  it('by card: to the pay step, held now and charged when the farm accepts, no transfer reference', async () => {
    const email = await paymentRequestedEmail(APP_URL, customer, request, { ...charge, card: true }, '');
    expect(email.text).toContain("Pay $18.00 by card on the order's page");
    expect(email.text).toContain('Your card is held, and charged only when the farm accepts the job.');
    expect(email.text).not.toContain('Write the reference');
    expect(email.text).not.toContain('bank transfer');
    expect(hrefs(email.html ?? '')).toContain(page);
    expect(visibleText(email.html ?? '')).toContain('Pay by card');
  });
});
