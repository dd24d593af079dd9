// The membership invoice e-mail: the amount, the due date, the reference, the payer's name and e-mail
// to write on the payment, staff's own words, in both parts; and deferred, the same words.
import { describe, expect, it } from 'vitest';
import { deferredEmail, renderDeferred } from './deferred.ts';
import { hrefs, visibleText } from './expectations.ts';
import { type MailInvoice, membershipInvoiceEmail } from './membership.ts';

const APP_URL = 'https://printfarm.example';
const operator = { email: 'olive@prusabarn.example', firstName: 'Olive' };
const monthly: MailInvoice = {
  id: '0b7f3c1e-5a2d-4e8f-9c6b-1d2e3f4a5b6c',
  kind: 'monthly',
  farmName: 'Prusa Barn',
  period: new Date('2026-05-01T00:00:00Z'),
  dueAt: new Date('2026-05-01T00:00:00Z'),
  amountCents: 1500,
  reference: 'PF-7K3M-9QXA',
  payerName: 'Olive Operator',
  payerEmail: 'farm@prusabarn.example',
};
const WORDS = 'Send it to PrintFarm Payments (Zelle: pay@printfarm.example).';

describe('membershipInvoiceEmail', () => {
  it('says what is owed, by when, and how to pay it with the reference, name and e-mail', async () => {
    const email = await membershipInvoiceEmail(APP_URL, operator, monthly, WORDS);
    expect(email).toMatchObject({
      to: 'olive@prusabarn.example',
      subject: 'Membership fee for May 2026: $15.00',
      messageKey: `membership-invoice:${monthly.id}`,
    });
    expect(email.text.split('\n')).toEqual([
      'Hi Olive,',
      '',
      'This is the May 2026 membership fee for Prusa Barn: $15.00, due Friday, May 1, 2026.',
      '',
      'Amount: $15.00',
      'Due: Friday, May 1, 2026',
      'Reference: PF-7K3M-9QXA',
      '',
      'Pay by bank transfer (ACH, which takes 1-2 business days) or a peer-to-peer payment app.',
      'Write the reference PF-7K3M-9QXA, your full name (Olive Operator) and your e-mail (farm@prusabarn.example) on the payment, so we can match it to your account.',
      WORDS,
      '',
      `${APP_URL}/dashboard`,
      '',
      'The PrintFarm Network team',
    ]);
    const shown = visibleText(email.html ?? '');
    for (const fact of ['$15.00', 'PF-7K3M-9QXA', 'Olive Operator', 'farm@prusabarn.example', WORDS]) {
      expect(shown).toContain(fact);
    }
    expect(hrefs(email.html ?? '')).toEqual([`${APP_URL}/dashboard`]);
  });

  it('names the signup fee as such, and leaves out empty staff words', async () => {
    const signup = { ...monthly, kind: 'signup' as const, amountCents: 75000 };
    const email = await membershipInvoiceEmail(APP_URL, operator, signup, '  ');
    expect(email.subject).toBe('Signup fee for Prusa Barn: $750.00');
    expect(email.text).toContain('Welcome to the network as a paid member. This is the one-time signup fee');
    expect(email.text).not.toMatch(/\n\n\n/);
  });

  it('defers with the same words and renders the same HTML later', async () => {
    const direct = await membershipInvoiceEmail(APP_URL, operator, monthly, WORDS);
    const deferred = await deferredEmail('membershipInvoiceEmail', APP_URL, operator, monthly, WORDS);
    expect(deferred.text).toBe(direct.text);
    const view = JSON.parse(JSON.stringify(deferred.view));
    expect(await renderDeferred(view)).toBe(direct.html);
  });
});
