-- Card payments through Stripe Checkout (issue 24): the customer pays on Stripe's hosted page, opened
-- from the pay step; the PaymentIntent (manual capture) is Stripe's, and the webhook names it. A session
-- stops taking payment after 23 hours; the next visit to the pay step opens a new one.

-- migrate:up
ALTER TABLE "payments" ADD COLUMN "checkout_session_id" TEXT,
ADD COLUMN "checkout_url" TEXT,
ADD COLUMN "checkout_expires_at" TIMESTAMPTZ(6);
CREATE UNIQUE INDEX "payments_checkout_session_id_key" ON "payments"("checkout_session_id");

-- migrate:down
DROP INDEX "payments_checkout_session_id_key";
ALTER TABLE "payments" DROP COLUMN "checkout_expires_at", DROP COLUMN "checkout_url", DROP COLUMN "checkout_session_id";
