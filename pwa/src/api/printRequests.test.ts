import { describe, expect, it } from 'vitest';
import { pollInterval, SLICING_REASON } from './printRequests.ts';

const ready = { analysisStatus: 'ready' as const };
const job = { state: 'offered' };
const request = (
  status: string,
  files: { analysisStatus: string }[] = [ready],
  quotedAt: string | null = null,
  withJob: object | null = job,
  statusHistory: { toStatus: string; createdAt: string }[] = [],
) => ({ status, files, quotedAt, job: withJob, statusHistory }) as Parameters<typeof pollInterval>[0];
const estimate = { kind: 'estimate' as const, estimateReason: SLICING_REASON };
const firm = { kind: 'firm' as const, estimateReason: null };

describe('pollInterval', () => {
  it('looks every 300 ms just after Get quotes, then every second while farms quote or a file is measured', () => {
    const now = Date.parse('2026-11-23T12:00:10Z');
    const askedAt = (at: string) =>
      request('quoting', [ready], null, null, [{ toStatus: 'quoting', createdAt: at }]);
    expect(pollInterval(askedAt('2026-11-23T12:00:08Z'), undefined, now)).toBe(300);
    expect(pollInterval(askedAt('2026-11-23T12:00:01Z'), undefined, now)).toBe(1_000);
    expect(pollInterval(request('quoting'), undefined)).toBe(1_000);
    expect(pollInterval(request('draft', [{ analysisStatus: 'analyzing' as const }]), undefined)).toBe(1_000);
  });

  it('keeps polling quoted offers only while the slicer is checking them, and slows down after two minutes', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    const justQuoted = request('quoted', [ready], '2026-11-23T11:59:58Z');
    expect(pollInterval(justQuoted, [firm, estimate], now)).toBe(1_000);
    expect(pollInterval(justQuoted, [firm, firm], now)).toBe(false);
    expect(
      pollInterval(justQuoted, [{ kind: 'estimate', estimateReason: 'Priced from the geometry' }], now),
    ).toBe(false);
    expect(pollInterval(request('quoted', [ready], '2026-11-23T11:55:00Z'), [estimate], now)).toBe(5_000);
  });

  it('polls fast while a new order finds its farm, slowly while the farm works, never once settled', () => {
    expect(pollInterval(request('ordered', [ready], null, null), undefined)).toBe(1_000);
    for (const status of ['ordered', 'accepted', 'printing', 'shipped']) {
      expect(pollInterval(request(status), undefined)).toBe(15_000);
    }
    for (const status of ['draft', 'completed', 'cancelled', 'rejected', 'expired']) {
      expect(pollInterval(request(status), undefined)).toBe(false);
    }
    expect(pollInterval(undefined, undefined)).toBe(false);
  });

  it('looks every 15 s, not every second, while the order waits for the customer’s bank transfer', () => {
    const awaiting = { ...request('ordered', [ready], null, null), payments: [{ status: 'awaiting' }] };
    expect(pollInterval(awaiting as Parameters<typeof pollInterval>[0], undefined)).toBe(15_000);
    const paid = { ...request('ordered', [ready], null, null), payments: [{ status: 'authorized' }] };
    expect(pollInterval(paid as Parameters<typeof pollInterval>[0], undefined)).toBe(1_000);
  });
});
