// How each farm or store is paid. By bank transfer, staff send the weekly statement; with Stripe, each
// payee sets up its own Stripe account on Stripe's pages (the owner only: staff never enter anyone's
// bank details), and payouts go to it by transfer once Stripe says it is ready.

import { type PayoutAccount, useStartPayoutSetup } from '../../api/earnings.ts';
import { Badge, type BadgeVariant } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';

const STATES: Record<
  Exclude<PayoutAccount['state'], 'bank_transfer'>,
  { badge: string; variant: BadgeVariant; action: string; note: string }
> = {
  not_set_up: {
    badge: 'Not set up',
    variant: 'yellow',
    action: 'Set up Stripe payouts',
    note: 'Until then, staff send each payout by bank transfer.',
  },
  incomplete: {
    badge: 'Setup unfinished',
    variant: 'yellow',
    action: 'Finish on Stripe',
    note: 'Stripe needs a few more details before it can pay you.',
  },
  ready: {
    badge: 'Stripe payouts on',
    variant: 'green',
    action: 'Update on Stripe',
    note: 'Each weekly payout goes to your Stripe account.',
  },
};

export function PayoutAccounts({
  accounts,
  canSetUp,
}: {
  accounts: readonly PayoutAccount[];
  /** The owner may set up payouts; staff only look. */
  canSetUp: boolean;
}) {
  const start = useStartPayoutSetup(toastOnFailure('Could not open Stripe'));
  if (accounts.length === 0) return null;
  if (accounts.every((account) => account.state === 'bank_transfer')) {
    return (
      <p className="payout-accounts__note">
        Payouts are sent by bank transfer, with a statement of the jobs each one pays.
      </p>
    );
  }
  return (
    <ul className="payout-accounts" aria-label="How you are paid">
      {accounts.map((account) => {
        const state = account.state === 'bank_transfer' ? null : STATES[account.state];
        if (!state) return null;
        const starting =
          start.isPending && (start.variables?.farmId ?? start.variables?.storeId) === account.id;
        return (
          <li key={account.id} className="payout-accounts__row" data-payee-id={account.id}>
            <div className="payout-accounts__what">
              <span className="payout-accounts__name">{account.name}</span>
              <span className="payout-accounts__meta">
                {account.kind === 'farm' ? 'Farm' : 'Store'} · {state.note}
              </span>
            </div>
            <Badge variant={state.variant}>{state.badge}</Badge>
            {canSetUp && (
              <Button
                size="sm"
                variant={account.state === 'ready' ? 'outline' : 'default'}
                loading={starting}
                onClick={() =>
                  start.mutate(account.kind === 'farm' ? { farmId: account.id } : { storeId: account.id })
                }
                aria-label={`${state.action}: ${account.name}`}
              >
                {state.action}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
