-- An Idempotency-Key stands for one order: the hash of the request it came with, so that the same key
-- sent with a different order is refused instead of answered with the first.

-- migrate:up
ALTER TABLE "orders" ADD COLUMN "request_hash" TEXT;

-- migrate:down
ALTER TABLE "orders" DROP COLUMN "request_hash";
