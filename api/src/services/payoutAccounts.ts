// How a farm or store is paid: by a transfer staff send from each weekly statement, or, with Stripe, to
// a Stripe Connect (Express) account the operator sets up on Stripe's own pages. The account is made
// once per payee and saved at once, so a second visit continues the same onboarding; Stripe's
// account.updated (db/payments/stripeEvents.ts) says when it can take transfers.
import type { PrismaClient } from '@printfarm/db';
import type { PaymentProvider } from '@printfarm/db/payments/provider';
import type { Payee } from '@printfarm/domain/ledger';
import type { PayoutSetup } from '@printfarm/domain/receipts';
import type { SessionUser } from '../auth/guards.ts';
import { conflict, notFound } from '../http/errors.ts';

export const NO_PAYOUT_SETUP = 'Payouts are sent by bank transfer; there is no Stripe account to set up';

/** The payee's payout account as its owner sees it. */
export type PayoutAccountState = 'bank_transfer' | 'not_set_up' | 'incomplete' | 'ready';

export function payoutAccountState(
  provider: PaymentProvider['name'],
  payee: { stripeAccountId: string | null; stripePayoutsEnabled: boolean },
): PayoutAccountState {
  if (provider !== 'stripe') return 'bank_transfer';
  if (!payee.stripeAccountId) return 'not_set_up';
  return payee.stripePayoutsEnabled ? 'ready' : 'incomplete';
}

/** The owner's farm or store, or 404 (another's looks the same as none). */
async function ownedPayee(prisma: PrismaClient, user: SessionUser, input: PayoutSetup) {
  if (input.farmId) {
    const farm = await prisma.printFarm.findFirst({
      where: { id: input.farmId, userId: user.id },
      select: { id: true, displayName: true, contactEmail: true, stripeAccountId: true },
    });
    if (!farm) throw notFound('Farm not found');
    return { payee: { kind: 'farm', id: farm.id } as Payee, name: farm.displayName, ...farm };
  }
  const store = await prisma.store.findFirst({
    where: { id: input.storeId, userId: user.id },
    select: { id: true, displayName: true, stripeAccountId: true },
  });
  if (!store) throw notFound('Store not found');
  return {
    payee: { kind: 'store', id: store.id } as Payee,
    name: store.displayName,
    ...store,
    contactEmail: null,
  };
}

/** Starts (or continues) Stripe onboarding for the payee: the link to Stripe's hosted pages. */
export async function startPayoutSetup(
  prisma: PrismaClient,
  provider: PaymentProvider,
  appUrl: string,
  user: SessionUser,
  input: PayoutSetup,
): Promise<{ url: string }> {
  const owned = await ownedPayee(prisma, user, input);
  const back = new URL('/operator/earnings', appUrl);
  back.searchParams.set('payouts', 'stripe');
  const onboarding = await provider.payoutOnboarding({
    key: `${owned.payee.kind}:${owned.payee.id}`,
    email: owned.contactEmail ?? user.email,
    name: owned.name,
    accountId: owned.stripeAccountId,
    returnUrl: back.href,
    refreshUrl: back.href,
  });
  if (!onboarding) throw conflict(NO_PAYOUT_SETUP);
  if (onboarding.accountId !== owned.stripeAccountId) {
    const data = { stripeAccountId: onboarding.accountId, stripePayoutsEnabled: false };
    if (owned.payee.kind === 'farm') await prisma.printFarm.update({ where: { id: owned.id }, data });
    else await prisma.store.update({ where: { id: owned.id }, data });
  }
  return { url: onboarding.url };
}
