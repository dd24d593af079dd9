-- A shipped store order names its carrier (issue 25), so its e-mail and confirmation page can link the
-- carrier's tracking page as the print jobs' do.

-- migrate:up
ALTER TABLE "orders" ADD COLUMN "carrier" TEXT;

-- migrate:down
ALTER TABLE "orders" DROP COLUMN "carrier";
