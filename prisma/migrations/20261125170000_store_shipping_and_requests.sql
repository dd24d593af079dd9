-- Each store sets its own shipping rules (the methods it offers at its fees, and a free-over threshold
-- for Standard); a store without rules charges the network's table. Custom order requests get a status
-- the store moves along in its Requests tab.

-- migrate:up
ALTER TABLE "stores" ADD COLUMN "free_shipping_over" DECIMAL(10,2)
  CONSTRAINT "stores_free_shipping_over_positive" CHECK ("free_shipping_over" > 0);

ALTER TABLE "custom_order_requests" ADD COLUMN "status" TEXT NOT NULL DEFAULT 'new',
ADD COLUMN "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP;

CREATE TABLE "store_shipping_methods" (
    "store_id" UUID NOT NULL,
    "method" TEXT NOT NULL CONSTRAINT "store_shipping_methods_method_known"
      CHECK ("method" IN ('standard', 'expedited', 'overnight')),
    "fee" DECIMAL(10,2) NOT NULL CONSTRAINT "store_shipping_methods_fee_not_negative" CHECK ("fee" >= 0),

    CONSTRAINT "store_shipping_methods_pkey" PRIMARY KEY ("store_id","method")
);

ALTER TABLE "store_shipping_methods" ADD CONSTRAINT "store_shipping_methods_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- migrate:down
DROP TABLE "store_shipping_methods";
ALTER TABLE "custom_order_requests" DROP COLUMN "updated_at", DROP COLUMN "status";
ALTER TABLE "stores" DROP COLUMN "free_shipping_over";
