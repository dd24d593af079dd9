-- Stripe payouts (issue 24): a farm or store sets up a Stripe Connect (Express) account from its
-- earnings screen; Stripe's account.updated says when it can take transfers, and only then do weekly
-- payouts go to it by transfer (until then staff send them from the statement).

-- migrate:up
ALTER TABLE "print_farms" ADD COLUMN "stripe_payouts_enabled" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "stores" ADD COLUMN "stripe_payouts_enabled" BOOLEAN NOT NULL DEFAULT false;
CREATE UNIQUE INDEX "print_farms_stripe_account_id_key" ON "print_farms"("stripe_account_id");
CREATE UNIQUE INDEX "stores_stripe_account_id_key" ON "stores"("stripe_account_id");

-- migrate:down
DROP INDEX "stores_stripe_account_id_key";
DROP INDEX "print_farms_stripe_account_id_key";
ALTER TABLE "stores" DROP COLUMN "stripe_payouts_enabled";
ALTER TABLE "print_farms" DROP COLUMN "stripe_payouts_enabled";
