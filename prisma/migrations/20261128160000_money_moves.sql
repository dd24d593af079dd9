-- Money moves (issue 24): a double-entry ledger, payments, claims, payouts and membership invoices.
-- Rules the database keeps whatever the code does:
--   * the entries of a ledger transaction sum to zero (checked at commit, when the transaction is whole);
--   * ledger transactions and entries are never updated or deleted;
--   * each account's cached balance is the sum of its entries, kept in the same statement;
--   * a payment never refunds or captures more than it received or was asked for.

-- migrate:up
-- AlterTable
ALTER TABLE "print_farms" ADD COLUMN     "stripe_account_id" TEXT;

-- AlterTable
ALTER TABLE "print_jobs" ADD COLUMN     "claims_close_at" TIMESTAMPTZ(6),
ADD COLUMN     "commission_cents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "released_at" TIMESTAMPTZ(6);

-- AlterTable
ALTER TABLE "stores" ADD COLUMN     "stripe_account_id" TEXT;

-- CreateTable
CREATE TABLE "ledger_accounts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "code" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "farm_id" UUID,
    "store_id" UUID,
    "balance_cents" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_transactions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "kind" TEXT NOT NULL,
    "memo" TEXT NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "payment_id" UUID,
    "payout_id" UUID,
    "farm_id" UUID,
    "store_id" UUID,
    "job_id" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" BIGSERIAL NOT NULL,
    "transaction_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "amount_cents" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payments" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "provider" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'awaiting',
    "amount_cents" INTEGER NOT NULL,
    "received_cents" INTEGER NOT NULL DEFAULT 0,
    "captured_cents" INTEGER NOT NULL DEFAULT 0,
    "refunded_cents" INTEGER NOT NULL DEFAULT 0,
    "share_cents" INTEGER NOT NULL DEFAULT 0,
    "reference" TEXT NOT NULL,
    "provider_ref" TEXT,
    "payer_name" TEXT NOT NULL,
    "payer_email" TEXT NOT NULL,
    "user_id" UUID,
    "request_id" UUID,
    "offer_id" UUID,
    "job_id" UUID,
    "order_id" UUID,
    "invoice_id" UUID,
    "failure_reason" TEXT,
    "secured_at" TIMESTAMPTZ(6),
    "captured_at" TIMESTAMPTZ(6),
    "refunded_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_events" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "provider" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "job_claims" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "request_id" UUID NOT NULL,
    "job_id" UUID NOT NULL,
    "farm_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "reason" TEXT NOT NULL,
    "details" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "answer" TEXT,
    "refund_cents" INTEGER NOT NULL DEFAULT 0,
    "answered_at" TIMESTAMPTZ(6),
    "decided_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_claims_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "claim_photos" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "claim_id" UUID NOT NULL,
    "content_type" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "claim_photos_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payouts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "farm_id" UUID,
    "store_id" UUID,
    "amount_cents" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "provider" TEXT NOT NULL,
    "provider_ref" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(6),

    CONSTRAINT "payouts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "membership_invoices" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "farm_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "period" DATE NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "due_at" DATE NOT NULL,
    "paid_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "membership_invoices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ledger_accounts_code_key" ON "ledger_accounts"("code");

-- CreateIndex
CREATE INDEX "ledger_accounts_farm_id_idx" ON "ledger_accounts"("farm_id");

-- CreateIndex
CREATE INDEX "ledger_accounts_store_id_idx" ON "ledger_accounts"("store_id");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_transactions_idempotency_key_key" ON "ledger_transactions"("idempotency_key");

-- CreateIndex
CREATE INDEX "ledger_transactions_payment_id_idx" ON "ledger_transactions"("payment_id");

-- CreateIndex
CREATE INDEX "ledger_transactions_payout_id_idx" ON "ledger_transactions"("payout_id");

-- CreateIndex
CREATE INDEX "ledger_transactions_farm_id_kind_created_at_idx" ON "ledger_transactions"("farm_id", "kind", "created_at");

-- CreateIndex
CREATE INDEX "ledger_transactions_store_id_kind_created_at_idx" ON "ledger_transactions"("store_id", "kind", "created_at");

-- CreateIndex
CREATE INDEX "ledger_transactions_job_id_idx" ON "ledger_transactions"("job_id");

-- CreateIndex
CREATE INDEX "ledger_entries_transaction_id_idx" ON "ledger_entries"("transaction_id");

-- CreateIndex
CREATE INDEX "ledger_entries_account_id_idx" ON "ledger_entries"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "payments_reference_key" ON "payments"("reference");

-- CreateIndex
CREATE UNIQUE INDEX "payments_provider_ref_key" ON "payments"("provider_ref");

-- CreateIndex
CREATE INDEX "payments_status_created_at_idx" ON "payments"("status", "created_at");

-- CreateIndex
CREATE INDEX "payments_request_id_idx" ON "payments"("request_id");

-- CreateIndex
CREATE INDEX "payments_job_id_idx" ON "payments"("job_id");

-- CreateIndex
CREATE INDEX "payments_order_id_idx" ON "payments"("order_id");

-- CreateIndex
CREATE INDEX "payments_invoice_id_idx" ON "payments"("invoice_id");

-- CreateIndex
CREATE INDEX "payments_user_id_idx" ON "payments"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "payment_events_provider_event_id_key" ON "payment_events"("provider", "event_id");

-- CreateIndex
CREATE UNIQUE INDEX "job_claims_request_id_key" ON "job_claims"("request_id");

-- CreateIndex
CREATE UNIQUE INDEX "job_claims_job_id_key" ON "job_claims"("job_id");

-- CreateIndex
CREATE INDEX "job_claims_farm_id_status_idx" ON "job_claims"("farm_id", "status");

-- CreateIndex
CREATE INDEX "job_claims_status_idx" ON "job_claims"("status");

-- CreateIndex
CREATE INDEX "claim_photos_claim_id_idx" ON "claim_photos"("claim_id");

-- CreateIndex
CREATE INDEX "payouts_farm_id_created_at_idx" ON "payouts"("farm_id", "created_at");

-- CreateIndex
CREATE INDEX "payouts_store_id_created_at_idx" ON "payouts"("store_id", "created_at");

-- CreateIndex
CREATE INDEX "payouts_status_idx" ON "payouts"("status");

-- CreateIndex
CREATE INDEX "membership_invoices_status_idx" ON "membership_invoices"("status");

-- CreateIndex
CREATE UNIQUE INDEX "membership_invoices_farm_id_kind_period_key" ON "membership_invoices"("farm_id", "kind", "period");

-- AddForeignKey
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_farm_id_fkey" FOREIGN KEY ("farm_id") REFERENCES "print_farms"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_payout_id_fkey" FOREIGN KEY ("payout_id") REFERENCES "payouts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "ledger_transactions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "ledger_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "custom_print_requests"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "request_offers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "print_jobs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "membership_invoices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "job_claims" ADD CONSTRAINT "job_claims_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "custom_print_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "job_claims" ADD CONSTRAINT "job_claims_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "print_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "job_claims" ADD CONSTRAINT "job_claims_farm_id_fkey" FOREIGN KEY ("farm_id") REFERENCES "print_farms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "claim_photos" ADD CONSTRAINT "claim_photos_claim_id_fkey" FOREIGN KEY ("claim_id") REFERENCES "job_claims"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_farm_id_fkey" FOREIGN KEY ("farm_id") REFERENCES "print_farms"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "membership_invoices" ADD CONSTRAINT "membership_invoices_farm_id_fkey" FOREIGN KEY ("farm_id") REFERENCES "print_farms"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_amount_not_zero" CHECK ("amount_cents" <> 0);
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind"
  CHECK ("kind" IN ('asset', 'liability', 'revenue'));
ALTER TABLE "payments" ADD CONSTRAINT "payments_amounts" CHECK (
  "amount_cents" > 0 AND "received_cents" >= 0 AND "captured_cents" >= 0 AND "refunded_cents" >= 0
  AND "refunded_cents" <= GREATEST("received_cents", "captured_cents"));
ALTER TABLE "payments" ADD CONSTRAINT "payments_status"
  CHECK ("status" IN ('awaiting', 'authorized', 'captured', 'refunded', 'failed'));
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose"
  CHECK ("purpose" IN ('request', 'difference', 'order', 'membership'));
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payee" CHECK (("farm_id" IS NULL) <> ("store_id" IS NULL));
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_amount" CHECK ("amount_cents" > 0);
-- One order payment awaited per request at a time (a re-quote's new order asks anew, even while the
-- old one's refund is still on its way).
CREATE UNIQUE INDEX "payments_one_open_per_request" ON "payments"("request_id")
  WHERE "purpose" = 'request' AND "status" = 'awaiting';
CREATE UNIQUE INDEX "payments_one_per_order" ON "payments"("order_id") WHERE "purpose" = 'order';
CREATE UNIQUE INDEX "payments_one_open_per_invoice" ON "payments"("invoice_id")
  WHERE "status" IN ('awaiting', 'authorized', 'captured');

CREATE FUNCTION ledger_entry_posted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance_cents = balance_cents + NEW.amount_cents WHERE id = NEW.account_id;
  RETURN NULL;
END $$;
CREATE TRIGGER "ledger_entries_keep_balance" AFTER INSERT ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_entry_posted();

CREATE FUNCTION ledger_transaction_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
  lines int;
BEGIN
  SELECT coalesce(sum(amount_cents), 0), count(*) INTO total, lines
  FROM ledger_entries WHERE transaction_id = NEW.transaction_id;
  IF total <> 0 OR lines < 2 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance: % entries summing to %',
      NEW.transaction_id, lines, total USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER "ledger_entries_balance" AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balances();

CREATE FUNCTION ledger_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused; post a reversing transaction instead',
    TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_append_only();
CREATE TRIGGER "ledger_transactions_no_truncate" BEFORE TRUNCATE ON "ledger_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_append_only();

-- migrate:down
DROP TABLE "ledger_entries", "ledger_transactions", "ledger_accounts", "payment_events", "claim_photos",
  "job_claims", "payments", "payouts", "membership_invoices";
DROP FUNCTION ledger_entry_posted(), ledger_transaction_balances(), ledger_is_append_only();
ALTER TABLE "print_jobs" DROP COLUMN "commission_cents", DROP COLUMN "released_at", DROP COLUMN "claims_close_at";
ALTER TABLE "print_farms" DROP COLUMN "stripe_account_id";
ALTER TABLE "stores" DROP COLUMN "stripe_account_id";
