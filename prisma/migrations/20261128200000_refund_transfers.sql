-- Refunds by bank transfer (issue 24). With the default provider (invoice) staff send a refund
-- themselves: the refund is owed to the customer in the ledger's 'platform:refundsDue' until they mark
-- it sent with the bank's reference, which moves it out of cash. One row per refund (its ledger key).

-- migrate:up
CREATE TABLE "refund_transfers" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "payment_id" UUID NOT NULL,
    "cents" INTEGER NOT NULL CHECK ("cents" > 0),
    "ledger_key" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(6),
    "sent_reference" TEXT,

    CONSTRAINT "refund_transfers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "refund_transfers_sent_with_reference" CHECK (("sent_at" IS NULL) = ("sent_reference" IS NULL))
);

CREATE UNIQUE INDEX "refund_transfers_ledger_key_key" ON "refund_transfers"("ledger_key");
CREATE INDEX "refund_transfers_sent_at_created_at_idx" ON "refund_transfers"("sent_at", "created_at");
CREATE INDEX "refund_transfers_payment_id_idx" ON "refund_transfers"("payment_id");

ALTER TABLE "refund_transfers" ADD CONSTRAINT "refund_transfers_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- migrate:down
DROP TABLE "refund_transfers";
