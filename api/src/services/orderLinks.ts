// The order confirmation link a shopper gets without an account: the order id signed with the session
// secret (HMAC-SHA256), so only the link the checkout and the e-mail hand out opens the order.
import { isLinkSignature, linkSignature } from './signedLinks.ts';

const PURPOSE = 'order-confirmation';

/** The token for one order: base64url of HMAC-SHA256(secret, purpose + id). */
export function orderLinkToken(secret: string, orderId: string): string {
  return linkSignature(secret, PURPOSE, [orderId.toLowerCase()]);
}

/** Whether `token` is the one this order's link carries; compared in constant time. */
export function isOrderLinkToken(secret: string, orderId: string, token: string): boolean {
  return isLinkSignature(secret, PURPOSE, [orderId.toLowerCase()], token);
}

/** The confirmation page's path with its token: /orders/{id}?token=… */
export function orderLinkPath(secret: string, orderId: string): string {
  return `/orders/${orderId}?token=${orderLinkToken(secret, orderId)}`;
}

export function orderLinkUrl(publicUrl: string, secret: string, orderId: string): string {
  return new URL(orderLinkPath(secret, orderId), publicUrl).href;
}
