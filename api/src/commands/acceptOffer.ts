// Accepting an offer: the request becomes ordered with the farm assigned and the address to ship to,
// and its payment is asked for in the same transaction. The farm sees the order only once the payment is
// secured (db/src/payments/flow.ts routes it then).
import type { Prisma, PrismaClient } from '@printfarm/db';
import type { PaymentProvider } from '@printfarm/db/payments';
import { createPayment, moneyTerms } from '@printfarm/db/payments/flow';
import { findingsOf, printabilityContext } from '@printfarm/db/printability';
import { mailCustomer } from '@printfarm/db/requests/mail';
import { transitionPrintRequest } from '@printfarm/db/requests/transition';
import { chargeLines } from '@printfarm/domain/charges';
import { parseCents } from '@printfarm/domain/money';
import { offerPriceChanged, type ShipToAddress, shipToAddressSchema } from '@printfarm/domain/printRequest';
import { offersAreStale, statusLabel } from '@printfarm/domain/requestStatus';
import { validate } from '@printfarm/domain/validation';
import { deferredEmail } from '@printfarm/mail/deferred';
import { mailRequest } from '@printfarm/mail/marketplace';
import type { SessionUser } from '../auth/guards.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { onOwnRequest } from '../services/printRequests.ts';

export type AcceptOutcome = 'ordered' | 'expired';

const asObject = (value: Prisma.JsonValue | null | undefined): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};

/**
 * The address given with the acceptance, else the one saved on the request (its ship-to choice), else
 * the customer's default; a saved address without a name is addressed to the customer. Checked by the
 * very schema a given one is: a missing piece answers 400 naming its field.
 */
async function shipToOf(
  tx: Prisma.TransactionClient,
  user: SessionUser,
  request: { shippingAddress: Prisma.JsonValue | null; shipToZip: string | null },
  given: ShipToAddress | undefined,
): Promise<ShipToAddress> {
  let address: ShipToAddress | undefined = given;
  if (!address) {
    const customer = await tx.user.findUnique({
      where: { id: user.id },
      select: { firstName: true, lastName: true, defaultShippingAddress: true },
    });
    const saved = request.shippingAddress ?? customer?.defaultShippingAddress ?? null;
    const name = [customer?.firstName, customer?.lastName].filter(Boolean).join(' ');
    const checked = validate(shipToAddressSchema, { ...(name ? { name } : {}), ...asObject(saved) });
    if (!checked.success) {
      const fields = Object.fromEntries(
        Object.entries(checked.error.fields).map(([path, message]) => [`shippingAddress.${path}`, message]),
      );
      throw badRequest(saved ? 'Complete the address to ship to' : 'Enter the address to ship to', fields);
    }
    address = checked.output;
  }
  const zip = address.zipCode.slice(0, 5);
  if (request.shipToZip && zip !== request.shipToZip) {
    throw badRequest('The offers were priced for another ZIP code', {
      'shippingAddress.zipCode': `These prices include shipping to ${request.shipToZip}. To ship to ${zip}, change the ship-to ZIP and get new quotes`,
    });
  }
  return address;
}

/**
 * Nothing is ordered that cannot be printed, nor with a warning the customer has not answered: each
 * file with one is printed as it is only once they said so (here with printAsIs, or on the file).
 */
async function checkPrintability(
  tx: Prisma.TransactionClient,
  request: { id: string; technology: string | null },
  printAsIs: boolean,
): Promise<void> {
  const files = await tx.projectFile.findMany({
    where: { printRequestId: request.id, deletedAt: null, analysisStatus: 'ready' },
    include: { analysis: true },
  });
  const context = await printabilityContext(tx, files);
  const judged = files.map((file) => ({ file, findings: findingsOf(file, request.technology, context) }));
  const blocked = judged.flatMap(({ findings }) => findings).find((finding) => finding.severity === 'blocks');
  if (blocked) throw conflict(blocked.message);
  const warned = judged
    .filter(
      ({ file, findings }) => !file.printAsIsAt && findings.some((finding) => finding.severity === 'warns'),
    )
    .map(({ file }) => file);
  if (warned.length === 0) return;
  if (printAsIs) {
    await tx.projectFile.updateMany({
      where: { id: { in: warned.map((file) => file.id) } },
      data: { printAsIsAt: new Date() },
    });
    return;
  }
  const names = warned.map((file) => file.originalFileName).join(', ');
  throw conflict(`Choose 'Print as is' or upload a fixed file for ${names} before ordering`, {
    files: `${names}: printability warnings not answered`,
  });
}

/**
 * The payment for the accepted offer: its whole price, asked of the customer with a reference; with a
 * bank transfer, the e-mail says how to pay. (A card payment is confirmed in the browser instead.)
 */
async function askForPayment(
  tx: Prisma.TransactionClient,
  request: { id: string; title: string; userId: string },
  offer: { id: string; price: Prisma.Decimal; breakdown: Prisma.JsonValue },
  user: SessionUser,
  address: ShipToAddress,
  provider: PaymentProvider,
  appUrl: string,
): Promise<void> {
  const customer = await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { email: true } });
  const amountCents = parseCents(offer.price.toString()) ?? 0;
  const payment = await createPayment(tx, {
    provider: provider.name,
    purpose: 'request',
    amountCents,
    payer: { userId: user.id, name: address.name, email: customer.email ?? '' },
    requestId: request.id,
    offerId: offer.id,
  });
  if (provider.name !== 'invoice' || !customer.email) return;
  const terms = await moneyTerms(tx);
  await mailCustomer(tx, request.userId, (to) =>
    deferredEmail(
      'paymentRequestedEmail',
      appUrl,
      to,
      mailRequest(request),
      {
        paymentId: payment.id,
        reference: payment.reference,
        lines: chargeLines(amountCents, offer.breakdown),
        totalCents: amountCents,
      },
      terms.instructions,
    ),
  );
}

/**
 * Orders the request from one offer of its current round, to be shipped to `shipTo` (or the address
 * saved on the request or the account). Offers past their validity move the request to expired
 * instead (committed, so the customer sees it), and the caller answers 409.
 */
export async function acceptOffer(
  prisma: PrismaClient,
  user: SessionUser,
  requestId: string,
  offerId: string,
  {
    shipTo,
    printAsIs = false,
    seenPrice,
    provider,
    appUrl,
  }: {
    shipTo?: ShipToAddress | undefined;
    printAsIs?: boolean | undefined;
    /** The price the customer saw; when the offer's differs, 409 and nothing is ordered. */
    seenPrice?: string | number | undefined;
    provider: PaymentProvider;
    appUrl: string;
  },
): Promise<AcceptOutcome> {
  return onOwnRequest(prisma, user, requestId, async (tx, request) => {
    const offer = await tx.requestOffer.findFirst({ where: { id: offerId, requestId } });
    if (!offer) throw notFound('Offer not found');
    if (request.status !== 'quoted') {
      throw conflict(
        `You cannot accept an offer for a request that is ${statusLabel(request.status).toLowerCase()}`,
      );
    }
    if (offer.quoteRound !== request.quoteRound || offer.status !== 'offered') {
      throw conflict('This offer is no longer available; choose one of the current offers');
    }
    if (seenPrice !== undefined && parseCents(String(seenPrice)) !== parseCents(offer.price.toFixed(2))) {
      const message = offerPriceChanged(offer.price.toFixed(2));
      throw conflict(message, { price: message });
    }
    if (offersAreStale(request.quotedAt)) {
      await transitionPrintRequest(tx, request, 'expired', {
        byUserId: null,
        note: 'Offers older than 7 days',
      });
      return 'expired';
    }
    if (offer.blockedReason) throw conflict(offer.blockedReason);
    await checkPrintability(tx, request, printAsIs);
    const address = await shipToOf(tx, user, request, shipTo);
    await transitionPrintRequest(tx, request, 'ordered', {
      byUserId: user.id,
      note: 'Offer accepted; waiting for the payment',
      data: { assignedFarmId: offer.farmId, quotedPrice: offer.price, shippingAddress: address },
    });
    await askForPayment(tx, { ...request, title: request.title }, offer, user, address, provider, appUrl);
    return 'ordered';
  });
}
