// Staff only: the money desk (awaited payments, refunds, payouts, open claims), recording a transfer or a
// whole bank statement, marking a refund by bank transfer or a payout statement sent, and the ledger's
// trial balance and accounts.
import { trialBalance } from '@printfarm/db/ledger';
import { bankStatementSchema, paymentReceivedSchema, refundSentSchema } from '@printfarm/domain/receipts';
import { requireStaff, userOf } from '../auth/guards.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppRouter } from '../http/context.ts';
import { noStore } from '../http/noStore.ts';
import { pathId } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import {
  presentMoneyDesk,
  presentRecorded,
  presentRefundTransfer,
  presentStaffPayout,
} from '../presenters/staffMoney.ts';
import { payoutStatementCsv } from '../services/earnings.ts';
import {
  ledgerAccounts,
  markPayoutSentByStaff,
  markRefundSentByStaff,
  moneyDesk,
  PAYMENT_NOT_FOUND,
  PAYOUT_NOT_FOUND,
  REFUND_NOT_FOUND,
  recordPaymentReceived,
} from '../services/payments.ts';
import { reconcileStatement } from '../services/reconcile.ts';

const PAYMENT_ID = pathId('paymentId', PAYMENT_NOT_FOUND);
const PAYOUT_ID = pathId('payoutId', PAYOUT_NOT_FOUND);
const REFUND_ID = pathId('refundId', REFUND_NOT_FOUND);

export function registerAdminPaymentRoutes(router: AppRouter, { prisma, config }: ApiDeps): void {
  router.get('/api/admin/payments', requireStaff, noStore, async (ctx) => {
    ctx.body = presentMoneyDesk(await moneyDesk(prisma));
  });

  router.post('/api/admin/payments/reconcile', requireStaff, validate(bankStatementSchema), async (ctx) => {
    ctx.body = await reconcileStatement(prisma, ctx.state.input.csv);
  });

  router.post(
    '/api/admin/payments/:paymentId/received',
    requireStaff,
    PAYMENT_ID.required,
    validate(paymentReceivedSchema),
    async (ctx) => {
      const id = PAYMENT_ID.of(ctx);
      const { payment, duplicate } = await recordPaymentReceived(prisma, id, ctx.state.input);
      ctx.body = presentRecorded(payment, ctx.state.input.reference, duplicate);
    },
  );

  router.get('/api/admin/ledger/trial-balance', requireStaff, noStore, async (ctx) => {
    const { balanceCents, transactions } = await trialBalance(prisma);
    ctx.body = { balanceCents, transactions };
  });

  router.get('/api/admin/ledger/accounts', requireStaff, noStore, async (ctx) => {
    ctx.body = await ledgerAccounts(prisma);
  });

  router.post('/api/admin/payouts/:payoutId/sent', requireStaff, async (ctx) => {
    const id = PAYOUT_ID.of(ctx);
    ctx.body = presentStaffPayout(await markPayoutSentByStaff(prisma, config.PUBLIC_URL, id));
  });

  router.post(
    '/api/admin/refunds/:refundId/sent',
    requireStaff,
    REFUND_ID.required,
    validate(refundSentSchema),
    async (ctx) => {
      const id = REFUND_ID.of(ctx);
      ctx.body = presentRefundTransfer(await markRefundSentByStaff(prisma, id, ctx.state.input.reference));
    },
  );

  router.get('/api/admin/payouts/:payoutId/statement.csv', requireStaff, noStore, async (ctx) => {
    const id = PAYOUT_ID.of(ctx);
    const { filename, csv } = await payoutStatementCsv(prisma, userOf(ctx), id);
    ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = csv;
  });
}
