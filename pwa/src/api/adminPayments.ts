// Staff's money desk: payments awaiting money (a transfer recorded by hand, or a whole bank statement
// matched), refunds (and those staff send by transfer), payouts to mark sent, claims to decide, and the
// ledger's trial balance and accounts.
import type { PaymentReceived } from '@printfarm/domain/receipts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  LedgerAccountsView,
  MoneyDeskView,
  ReconciliationView,
  RecordedTransferView,
  RefundTransferView,
  StaffPayoutView,
} from '../../../api/src/views/index.ts';
import { toast } from '../components/ui/toast.tsx';
import { apiJson, errorMessage } from './request.ts';

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

/** A change to money: the desk and the ledger are read again; a failure says so in a toast. */
function useMoneyMutation<TInput, TAnswer>(call: (input: TInput) => Promise<TAnswer>, failureTitle: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminPaymentKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminPaymentKeys.ledger });
    },
    onError: (error) =>
      toast({ title: failureTitle, description: errorMessage(error), variant: 'destructive' }),
  });
}

/** A bank transfer seen at the bank: its amount and the bank's own reference for it. */
export function useRecordTransfer() {
  return useMoneyMutation(
    ({ paymentId, ...received }: PaymentReceived & { paymentId: string }) =>
      apiJson<RecordedTransfer>(
        'POST',
        `/api/admin/payments/${encodeURIComponent(paymentId)}/received`,
        received,
      ),
    'Could not record the transfer',
  );
}

/** A bank statement (CSV) matched line by line to the payments awaiting money. */
export function useReconcileStatement() {
  return useMoneyMutation(
    (csv: string) => apiJson<Reconciliation>('POST', '/api/admin/payments/reconcile', { csv }),
    'Could not read the statement',
  );
}

export function useMarkPayoutSent() {
  return useMoneyMutation(
    (payoutId: string) =>
      apiJson<StaffPayoutView>('POST', `/api/admin/payouts/${encodeURIComponent(payoutId)}/sent`),
    'Could not mark the payout sent',
  );
}

/** A refund by bank transfer staff sent, with the bank's reference for it. */
export function useMarkRefundSent() {
  return useMoneyMutation(
    ({ refundId, reference }: { refundId: string; reference: string }) =>
      apiJson<RefundTransferView>('POST', `/api/admin/refunds/${encodeURIComponent(refundId)}/sent`, {
        reference,
      }),
    'Could not mark the refund sent',
  );
}

export const staffStatementUrl = (payoutId: string) =>
  `/api/admin/payouts/${encodeURIComponent(payoutId)}/statement.csv`;
