// Paying by card: the pay step opens Stripe Checkout's hosted page for the payment (the customer's card
// never touches our pages). The page's address is kept while it takes payment, so coming back to the pay
// step reopens the same page; after it expires (23 hours) a new one is made. Only the payer opens it: the
// signed-in customer of a request, or a store's shopper holding the order's signed link.
import type { Payment, PrismaClient } from '@printfarm/db';
import type { PaymentProvider } from '@printfarm/db/payments/provider';
import { requestUrl } from '@printfarm/mail/marketplace';
import type { SessionUser } from '../auth/guards.ts';
import { conflict, notFound } from '../http/errors.ts';
import { isOrderLinkToken, orderLinkUrl } from './orderLinks.ts';
import { PAYMENT_NOT_FOUND } from './payments.ts';

/** A page that expires sooner than this is not handed out: the customer may take a while to pay. */
const FRESH_FOR_MS = 15 * 60_000;

export interface CheckoutCaller {
  user: SessionUser | null;
  /** The order's signed link token, for a shopper without an account. */
  token?: string | undefined;
}

export interface CheckoutLinks {
  appUrl: string;
  /** Signs order links (SESSION_SECRET). */
  linkSecret: string;
}

/** Where the customer returns from Checkout: the request's pay step, or the order's confirmation page. */
function returnUrls(payment: Payment, { appUrl, linkSecret }: CheckoutLinks) {
  if (payment.orderId) {
    const page = new URL(orderLinkUrl(appUrl, linkSecret, payment.orderId));
    const cancelUrl = page.href;
    page.searchParams.set('paid', 'card');
    return { successUrl: page.href, cancelUrl };
  }
  const page = new URL(requestUrl(appUrl, payment.requestId as string));
  const cancelUrl = `${page.href}#payment`;
  page.searchParams.set('paid', 'card');
  return { successUrl: `${page.href}#payment`, cancelUrl };
}

/** POST /api/payments/{id}/checkout: the Checkout page to pay this payment by card. */
export async function cardCheckoutUrl(
  prisma: PrismaClient,
  provider: PaymentProvider,
  links: CheckoutLinks,
  caller: CheckoutCaller,
  paymentId: string,
): Promise<{ url: string }> {
  const payment = await prisma.payment.findUnique({ where: { id: paymentId } });
  const payer =
    payment &&
    ((payment.userId !== null && payment.userId === caller.user?.id) ||
      (payment.orderId !== null &&
        caller.token !== undefined &&
        isOrderLinkToken(links.linkSecret, payment.orderId, caller.token)));
  if (!payment || !payer || (!payment.requestId && !payment.orderId)) throw notFound(PAYMENT_NOT_FOUND);
  if (payment.provider !== 'stripe' || provider.name !== 'stripe') {
    throw conflict('This payment is made by bank transfer; there is no card page');
  }
  if (payment.status !== 'awaiting') throw conflict('This payment is no longer awaited');
  const fresh = payment.checkoutExpiresAt && payment.checkoutExpiresAt.getTime() - Date.now() > FRESH_FOR_MS;
  if (payment.checkoutUrl && fresh) return { url: payment.checkoutUrl };
  // Only one page can take the money: the one about to expire is ended first (two paid would leave a
  // hold nobody tracks), unless the customer just paid on it.
  if ((await provider.endCheckout(payment)) === 'paid') {
    throw conflict('This payment was just made on its card page: it shows as paid in a moment');
  }
  // A new page for each expired one; asked twice at once, Stripe answers both with the same page.
  const attempt = payment.checkoutExpiresAt?.getTime() ?? 0;
  const opened = await provider.openCheckout(payment, returnUrls(payment, links), attempt);
  if (!opened) throw conflict('This payment is made by bank transfer; there is no card page');
  await prisma.payment.updateMany({
    where: { id: payment.id, status: 'awaiting' },
    data: {
      checkoutSessionId: opened.sessionId,
      checkoutUrl: opened.url,
      checkoutExpiresAt: opened.expiresAt,
    },
  });
  return { url: opened.url };
}
