// The wire: every answer's type as the PWA reads it after JSON.parse. The PWA imports types from here and
// nowhere else in the API. Each is a presenter's view, exported on purpose; the few answers still shaped
// by their service (staff's estimator, ledger and reconciliation reports, the operator's earnings) are
// named here from it, so that the PWA never reaches into a service.

import type { presentRecorded, presentRefundTransfer, presentStaffPayout } from '../presenters/staffMoney.ts';
import type { estimatorAccuracy } from '../services/estimator.ts';
import type { ledgerAccounts } from '../services/payments.ts';
import type { reconcileStatement } from '../services/reconcile.ts';

export type { SessionUser } from '@printfarm/domain/auth';
export type { ScreenAnswer } from '../http/screens.ts';
export type { PresentedApplication, StaffApplication } from '../presenters/application.ts';
export type { AuthProvidersView } from '../presenters/auth.ts';
export type { CustomOrderRequestView } from '../presenters/customOrder.ts';
export type {
  FarmSettingsAnswerView,
  FarmSettingsView,
  ManagedFarmView,
} from '../presenters/farmSettings.ts';
export type { MembershipView } from '../presenters/membership.ts';
export type { NetworkOfferingView, NetworkStatsView, PlatformUserView } from '../presenters/network.ts';
export type { SubscriptionView } from '../presenters/newsletter.ts';
export type { NodeView } from '../presenters/node.ts';
export type { OfferView } from '../presenters/offer.ts';
export type { OrderConfirmationView, PlacedOrderView, StoreOrderView } from '../presenters/order.ts';
export type { PaymentView } from '../presenters/payment.ts';
export type { PrinterView } from '../presenters/printer.ts';
export type { FullFarmView, PublicFarm, SignupStatusView } from '../presenters/printFarm.ts';
export type { OperatorJobView, OperatorSummaryView } from '../presenters/printJob.ts';
export type { PrintRequestSummaryView, PrintRequestView } from '../presenters/printRequest.ts';
export type {
  ManagedProductView,
  NetworkProductView,
  ProductDeletionView,
  PublicProductView,
} from '../presenters/product.ts';
export type { ProfileView } from '../presenters/profile.ts';
export type { ProjectFileView } from '../presenters/projectFile.ts';
export type { QueueItemView } from '../presenters/queueItem.ts';
export type { ScorecardView } from '../presenters/scorecard.ts';
export type { MoneyDeskView } from '../presenters/staffMoney.ts';
export type { ManagedStoreView, PublicStoreView } from '../presenters/store.ts';
export type { SupportMessageView } from '../presenters/support.ts';
export type { UploadEndpointView } from '../presenters/upload.ts';
export type { Wire } from '../presenters/wire.ts';
export type { EarningsView } from '../services/earnings.ts';

/** What staff recording a transfer, a payout or a refund by transfer get back. */
export type RecordedTransferView = ReturnType<typeof presentRecorded>;
export type StaffPayoutView = ReturnType<typeof presentStaffPayout>;
export type RefundTransferView = ReturnType<typeof presentRefundTransfer>;
/** GET /api/admin/estimator: the estimator's error against the slicer, and its models. */
export type EstimatorAccuracyView = Awaited<ReturnType<typeof estimatorAccuracy>>;
/** GET /api/admin/ledger/accounts: every ledger account with its balance. */
export type LedgerAccountsView = Awaited<ReturnType<typeof ledgerAccounts>>;
/** POST /api/admin/payments/reconcile: a bank statement matched against awaited transfers. */
export type ReconciliationView = Awaited<ReturnType<typeof reconcileStatement>>;
