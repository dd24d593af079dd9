// Links that carry their own proof: HMAC-SHA256 with the session secret over a purpose and the facts the
// link stands for, so a link made for one purpose or one set of facts never opens another.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** base64url of HMAC-SHA256(secret, purpose + facts). */
export function linkSignature(secret: string, purpose: string, facts: readonly string[]): string {
  return createHmac('sha256', secret)
    .update([purpose, ...facts].join(':'))
    .digest('base64url');
}

/** Whether `signature` is the one these facts carry; compared in constant time. */
export function isLinkSignature(
  secret: string,
  purpose: string,
  facts: readonly string[],
  signature: string,
): boolean {
  const expected = Buffer.from(linkSignature(secret, purpose, facts));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
