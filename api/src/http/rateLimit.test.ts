import { describe, expect, it } from 'vitest';
import { clientKey } from './rateLimit.ts';

describe('clientKey', () => {
  it('counts an IPv6 client by its /64, however it writes or steps through its addresses', () => {
    const key = clientKey('2001:db8:85a3:12::1');
    for (const address of [
      '2001:db8:85a3:12::2',
      '2001:0db8:85a3:0012:ffff:1:2:3',
      '2001:DB8:85A3:12:0:0:0:9',
    ]) {
      expect(clientKey(address), address).toBe(key);
    }
    expect(key).toBe('2001:db8:85a3:12::/64');
    expect(clientKey('2001:db8:85a3:13::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('keeps IPv4 addresses whole, mapped or not', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('203.0.113.8')).not.toBe(clientKey('203.0.113.7'));
    expect(clientKey('')).toBe('unknown');
  });
});
