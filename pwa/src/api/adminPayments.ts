// Staff's money desk: payments awaiting money (a transfer recorded by hand, or a whole bank statement
// matched), refunds (and those staff send by transfer), payouts to mark sent, claims to decide, and the
// ledger's trial balance and accounts.
import type { PaymentReceived } from '@printfarm/domain/receipts';
import { queryOptions } from '@tanstack/react-query';
import type {
  LedgerAccountsView,
  MoneyDeskView,
  ReconciliationView,
  RecordedTransferView,
  RefundTransferView,
  StaffPayoutView,
} from '../../../api/src/views/index.ts';
import { apiJson, type Outcome } from './request.ts';
import { useSettledMutation } from './settledMutation.ts';

export type MoneyDesk = MoneyDeskView;
export type StaffPayment = MoneyDesk['unpaid'][number];
export type StaffPayout = MoneyDesk['payouts'][number];
export type StaffClaim = MoneyDesk['claims'][number];
export type StaffRefundTransfer = MoneyDesk['refundTransfers'][number];
export type RecordedTransfer = RecordedTransferView;
export type Reconciliation = ReconciliationView;
export type LedgerAccounts = LedgerAccountsView;
export interface TrialBalance {
  balanceCents: number;
  transactions: number;
}

export const adminPaymentKeys = {
  all: ['/api/admin/payments'] as const,
  ledger: ['/api/admin/ledger'] as const,
  trialBalance: ['/api/admin/ledger', 'trial-balance'] as const,
  accounts: ['/api/admin/ledger', 'accounts'] as const,
};

/** Each read on every visit: money arrives and moves in the background. */
export const adminPaymentQueries = {
  desk: () =>
    queryOptions({
      queryKey: adminPaymentKeys.all,
      queryFn: () => apiJson<MoneyDesk>('GET', '/api/admin/payments'),
      staleTime: 0,
    }),
  trialBalance: () =>
    queryOptions({
      queryKey: adminPaymentKeys.trialBalance,
      queryFn: () => apiJson<TrialBalance>('GET', '/api/admin/ledger/trial-balance'),
      staleTime: 0,
    }),
  accounts: () =>
    queryOptions({
      queryKey: adminPaymentKeys.accounts,
      queryFn: () => apiJson<LedgerAccounts>('GET', '/api/admin/ledger/accounts'),
      staleTime: 0,
    }),
};

/** A change to money: the desk and the ledger are read again. */
function useMoneyMutation<TInput, TAnswer>(
  call: (input: TInput) => Promise<TAnswer>,
  outcome: Outcome<TAnswer>,
) {
  return useSettledMutation(
    call,
    (_answer, queryClient) => {
      void queryClient.invalidateQueries({ queryKey: adminPaymentKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminPaymentKeys.ledger });
    },
    outcome,
  );
}

/** A bank transfer seen at the bank: its amount and the bank's own reference for it. */
export function useRecordTransfer(outcome: Outcome<RecordedTransfer> = {}) {
  return useMoneyMutation(
    ({ paymentId, ...received }: PaymentReceived & { paymentId: string }) =>
      apiJson<RecordedTransfer>(
        'POST',
        `/api/admin/payments/${encodeURIComponent(paymentId)}/received`,
        received,
      ),
    outcome,
  );
}

/** A bank statement (CSV) matched line by line to the payments awaiting money. */
export function useReconcileStatement(outcome: Outcome<Reconciliation> = {}) {
  return useMoneyMutation(
    (csv: string) => apiJson<Reconciliation>('POST', '/api/admin/payments/reconcile', { csv }),
    outcome,
  );
}

export function useMarkPayoutSent(outcome: Outcome<StaffPayoutView> = {}) {
  return useMoneyMutation(
    (payoutId: string) =>
      apiJson<StaffPayoutView>('POST', `/api/admin/payouts/${encodeURIComponent(payoutId)}/sent`),
    outcome,
  );
}

/** A refund by bank transfer staff sent, with the bank's reference for it. */
export function useMarkRefundSent(outcome: Outcome<RefundTransferView> = {}) {
  return useMoneyMutation(
    ({ refundId, reference }: { refundId: string; reference: string }) =>
      apiJson<RefundTransferView>('POST', `/api/admin/refunds/${encodeURIComponent(refundId)}/sent`, {
        reference,
      }),
    outcome,
  );
}

export const staffStatementUrl = (payoutId: string) =>
  `/api/admin/payouts/${encodeURIComponent(payoutId)}/statement.csv`;
