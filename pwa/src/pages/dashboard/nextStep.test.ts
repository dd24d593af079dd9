import { describe, expect, it } from 'vitest';
import { nextStep } from './nextStep.ts';

const job = (extra: object = {}) =>
  ({ farm: { name: 'Harbor Forge' }, counter: null, carrier: null, ...extra }) as never;
const request = (status: string, extra: object = {}) =>
  ({ status, quoteIssue: null, canRate: false, job: null, ...extra }) as Parameters<typeof nextStep>[0];

describe('nextStep', () => {
  it('asks the customer to act where only they can', () => {
    expect(nextStep(request('quoted'))).toEqual({ text: 'Quotes ready: choose a farm', yours: true });
    expect(nextStep(request('draft', { quoteIssue: 'No farm prints PLA' }))?.text).toMatch(
      /change your choices/,
    );
    expect(nextStep(request('completed', { canRate: true, job: job() }))?.yours).toBe(true);
    expect(nextStep(request('ordered', { job: job({ counter: { price: '9.00' } }) }))).toEqual({
      text: 'Harbor Forge proposed new terms: accept or refuse',
      yours: true,
    });
  });

  it('says who works on the order while the farm has it, and nothing once it is settled', () => {
    expect(nextStep(request('ordered', { job: job() }))).toEqual({
      text: 'Sent to Harbor Forge; waiting for them to accept',
      yours: false,
    });
    expect(nextStep(request('shipped', { job: job({ carrier: 'UPS' }) }))?.text).toBe('On its way with UPS');
    expect(nextStep(request('completed', { job: job() }))).toBeNull();
    expect(nextStep(request('cancelled'))).toBeNull();
  });
});
