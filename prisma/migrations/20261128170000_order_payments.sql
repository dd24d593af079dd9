-- Store orders take payment (issue 24). Each placed order's payment is written by place_store_orders
-- itself, in the statement (so the transaction) that writes the order: the batch keeps one call and one
-- commit, and no order exists without the payment that asks for its money. The checkout chooses the
-- payment's id and reference (db/src/payments/flow.ts newReference) as it chooses the order's id, so its
-- e-mail can say them before the write; the order's payment_id names the payment from the start.
--
-- An order's payment_status follows its payment: pending until the money is captured, then paid, or
-- failed (never paid; the order was cancelled), or refunded in whole. The payments flow changes the
-- payment; the trigger below keeps the order in step, in the same statement, whatever changed it
-- (a capture, a refund by a job, a card hold released), as ledger balances follow their entries.

-- migrate:up
CREATE OR REPLACE FUNCTION place_store_orders(store uuid, batch jsonb, channel text)
RETURNS TABLE (order_id uuid, outcome text, order_status text, order_payment_status text,
               order_created_at timestamptz, order_updated_at timestamptz, order_items jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  -- The batch's products as they stand, then as its orders leave them: each row is updated once, at the
  -- end, however many orders took from it (a row updated once per order grows a chain of versions that
  -- every later order in the batch walks).
  ids uuid[];
  prices numeric[];
  stock int[];
  left_over int[];
  entry jsonb;
  line record;
  slot int;
  short boolean;
  placed_at timestamptz;
  -- The placed orders' payments, written at the end in one statement (one per order made a batch of 32
  -- orders half as slow again; measured with ops/bench/checkout.ts).
  payments_asked jsonb[] := '{}';
BEGIN
  SELECT coalesce(array_agg(p.id ORDER BY p.id), '{}'), coalesce(array_agg(p.price ORDER BY p.id), '{}'),
         coalesce(array_agg(p.stock_quantity ORDER BY p.id), '{}')
    INTO ids, prices, stock
    FROM (SELECT p.id, p.price, p.stock_quantity FROM products p
           WHERE p.store_id = store AND p.is_active
             AND p.id IN (SELECT (x.line->>'productId')::uuid
                            FROM jsonb_array_elements(batch) AS b(o), jsonb_array_elements(b.o->'lines') AS x(line))
           ORDER BY p.id
             FOR NO KEY UPDATE) p;
  left_over := stock;

  FOR entry IN SELECT value FROM jsonb_array_elements(batch) LOOP
    order_id := (entry->>'id')::uuid;
    order_status := NULL;
    order_payment_status := NULL;
    order_created_at := NULL;
    order_updated_at := NULL;
    order_items := NULL;

    short := false;
    FOR line IN SELECT * FROM jsonb_to_recordset(entry->'lines') AS l("productId" uuid, quantity int, "unitPrice" numeric)
    LOOP
      slot := array_position(ids, line."productId");
      IF slot IS NULL OR left_over[slot] < line.quantity OR prices[slot] <> line."unitPrice" THEN
        short := true;
        EXIT;
      END IF;
    END LOOP;
    IF short THEN
      outcome := 'refused';
      RETURN NEXT;
      CONTINUE;
    END IF;
    -- A reference another payment has (about one order in a million, once a million payments exist):
    -- nothing is written, and the checkout places the order again with a fresh one. Two checkouts drawing the same reference
    -- at the same moment meet the unique index instead, and each is then written again on its own.
    IF EXISTS (SELECT 1 FROM payments p WHERE p.reference = entry->'payment'->>'reference') THEN
      outcome := 'clash';
      RETURN NEXT;
      CONTINUE;
    END IF;

    -- Each order its own moment, so that a store's list keeps the order they were placed in.
    placed_at := clock_timestamp();
    INSERT INTO orders AS o (id, store_id, customer_name, customer_email, customer_phone, shipping_address,
                             shipping_method, notes, subtotal, shipping_fee, total_amount, idempotency_key,
                             request_hash, payment_id, created_at, updated_at)
    VALUES (order_id, store, entry->>'customerName', entry->>'customerEmail', entry->>'customerPhone',
            entry->'shippingAddress', entry->>'shippingMethod', entry->>'notes',
            (entry->>'subtotal')::numeric, (entry->>'shippingFee')::numeric, (entry->>'totalAmount')::numeric,
            entry->>'idempotencyKey', entry->>'requestHash', entry->'payment'->>'id', placed_at, placed_at)
    ON CONFLICT (store_id, idempotency_key) DO NOTHING
    RETURNING o.status, o.payment_status, o.created_at, o.updated_at
         INTO order_status, order_payment_status, order_created_at, order_updated_at;
    IF NOT FOUND THEN
      outcome := 'duplicate';
      RETURN NEXT;
      CONTINUE;
    END IF;

    FOR line IN SELECT * FROM jsonb_to_recordset(entry->'lines') AS l("productId" uuid, quantity int) LOOP
      slot := array_position(ids, line."productId");
      left_over[slot] := left_over[slot] - line.quantity;
    END LOOP;

    WITH written AS (
      INSERT INTO order_items AS i (order_id, product_id, quantity, unit_price, product_name, customizations,
                                    created_at)
      SELECT order_id, l."productId", l.quantity, l."unitPrice", l."productName", l.customizations, placed_at
        FROM jsonb_to_recordset(entry->'lines')
             AS l("productId" uuid, quantity int, "unitPrice" numeric, "productName" text, customizations jsonb)
      RETURNING i.id, i.product_id, i.created_at
    )
    SELECT jsonb_agg(jsonb_build_object('id', w.id, 'productId', w.product_id, 'createdAt', w.created_at))
      INTO order_items
      FROM written w;

    payments_asked := payments_asked
      || (entry->'payment' || jsonb_build_object('orderId', order_id, 'customerName', entry->>'customerName',
                                                 'customerEmail', entry->>'customerEmail', 'placedAt', placed_at));

    INSERT INTO outbox_events (job, payload)
    SELECT e->>'job', e->'payload' FROM jsonb_array_elements(entry->'events') AS x(e);

    outcome := 'placed';
    RETURN NEXT;
  END LOOP;

  -- Each placed order's payment, asked of the shopper (no account: no user), awaiting until the money is here.
  INSERT INTO payments (id, provider, purpose, amount_cents, reference, payer_name, payer_email, order_id,
                        created_at, updated_at)
  SELECT (p->>'id')::uuid, p->>'provider', 'order', (p->>'amountCents')::int, p->>'reference', p->>'customerName',
         p->>'customerEmail', (p->>'orderId')::uuid, (p->>'placedAt')::timestamptz, (p->>'placedAt')::timestamptz
    FROM unnest(payments_asked) AS x(p);

  UPDATE products p
     SET stock_quantity = s.left_over, updated_at = clock_timestamp()
    FROM unnest(ids, stock, left_over) AS s(id, stock, left_over)
   WHERE p.id = s.id AND s.left_over <> s.stock;

  -- Wakes the relays at commit, as recordJob does.
  PERFORM pg_notify(channel, '');
END
$$;

CREATE FUNCTION order_payment_status_follows_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  followed text := CASE NEW.status
    WHEN 'captured' THEN 'paid'
    WHEN 'refunded' THEN 'refunded'
    WHEN 'failed' THEN 'failed'
    ELSE 'pending'
  END;
BEGIN
  UPDATE orders o SET payment_status = followed, payment_id = NEW.id::text, updated_at = clock_timestamp()
   WHERE o.id = NEW.order_id
     AND (o.payment_status IS DISTINCT FROM followed OR o.payment_id IS DISTINCT FROM NEW.id::text);
  RETURN NULL;
END $$;
CREATE TRIGGER "payments_order_payment_status" AFTER UPDATE OF status ON "payments"
  FOR EACH ROW WHEN (NEW.order_id IS NOT NULL AND NEW.status IS DISTINCT FROM OLD.status)
  EXECUTE FUNCTION order_payment_status_follows_payment();

-- migrate:down
DROP TRIGGER "payments_order_payment_status" ON "payments";
DROP FUNCTION order_payment_status_follows_payment();

-- place_store_orders as 20261127180000_place_store_orders made it: orders without payments.
CREATE OR REPLACE FUNCTION place_store_orders(store uuid, batch jsonb, channel text)
RETURNS TABLE (order_id uuid, outcome text, order_status text, order_payment_status text,
               order_created_at timestamptz, order_updated_at timestamptz, order_items jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  -- The batch's products as they stand, then as its orders leave them: each row is updated once, at the
  -- end, however many orders took from it (a row updated once per order grows a chain of versions that
  -- every later order in the batch walks).
  ids uuid[];
  prices numeric[];
  stock int[];
  left_over int[];
  entry jsonb;
  line record;
  slot int;
  short boolean;
  placed_at timestamptz;
BEGIN
  SELECT coalesce(array_agg(p.id ORDER BY p.id), '{}'), coalesce(array_agg(p.price ORDER BY p.id), '{}'),
         coalesce(array_agg(p.stock_quantity ORDER BY p.id), '{}')
    INTO ids, prices, stock
    FROM (SELECT p.id, p.price, p.stock_quantity FROM products p
           WHERE p.store_id = store AND p.is_active
             AND p.id IN (SELECT (x.line->>'productId')::uuid
                            FROM jsonb_array_elements(batch) AS b(o), jsonb_array_elements(b.o->'lines') AS x(line))
           ORDER BY p.id
             FOR NO KEY UPDATE) p;
  left_over := stock;

  FOR entry IN SELECT value FROM jsonb_array_elements(batch) LOOP
    order_id := (entry->>'id')::uuid;
    order_status := NULL;
    order_payment_status := NULL;
    order_created_at := NULL;
    order_updated_at := NULL;
    order_items := NULL;

    short := false;
    FOR line IN SELECT * FROM jsonb_to_recordset(entry->'lines') AS l("productId" uuid, quantity int, "unitPrice" numeric)
    LOOP
      slot := array_position(ids, line."productId");
      IF slot IS NULL OR left_over[slot] < line.quantity OR prices[slot] <> line."unitPrice" THEN
        short := true;
        EXIT;
      END IF;
    END LOOP;
    IF short THEN
      outcome := 'refused';
      RETURN NEXT;
      CONTINUE;
    END IF;

    -- Each order its own moment, so that a store's list keeps the order they were placed in.
    placed_at := clock_timestamp();
    INSERT INTO orders AS o (id, store_id, customer_name, customer_email, customer_phone, shipping_address,
                             shipping_method, notes, subtotal, shipping_fee, total_amount, idempotency_key,
                             request_hash, created_at, updated_at)
    VALUES (order_id, store, entry->>'customerName', entry->>'customerEmail', entry->>'customerPhone',
            entry->'shippingAddress', entry->>'shippingMethod', entry->>'notes',
            (entry->>'subtotal')::numeric, (entry->>'shippingFee')::numeric, (entry->>'totalAmount')::numeric,
            entry->>'idempotencyKey', entry->>'requestHash', placed_at, placed_at)
    ON CONFLICT (store_id, idempotency_key) DO NOTHING
    RETURNING o.status, o.payment_status, o.created_at, o.updated_at
         INTO order_status, order_payment_status, order_created_at, order_updated_at;
    IF NOT FOUND THEN
      outcome := 'duplicate';
      RETURN NEXT;
      CONTINUE;
    END IF;

    FOR line IN SELECT * FROM jsonb_to_recordset(entry->'lines') AS l("productId" uuid, quantity int) LOOP
      slot := array_position(ids, line."productId");
      left_over[slot] := left_over[slot] - line.quantity;
    END LOOP;

    WITH written AS (
      INSERT INTO order_items AS i (order_id, product_id, quantity, unit_price, product_name, customizations,
                                    created_at)
      SELECT order_id, l."productId", l.quantity, l."unitPrice", l."productName", l.customizations, placed_at
        FROM jsonb_to_recordset(entry->'lines')
             AS l("productId" uuid, quantity int, "unitPrice" numeric, "productName" text, customizations jsonb)
      RETURNING i.id, i.product_id, i.created_at
    )
    SELECT jsonb_agg(jsonb_build_object('id', w.id, 'productId', w.product_id, 'createdAt', w.created_at))
      INTO order_items
      FROM written w;

    INSERT INTO outbox_events (job, payload)
    SELECT e->>'job', e->'payload' FROM jsonb_array_elements(entry->'events') AS x(e);

    outcome := 'placed';
    RETURN NEXT;
  END LOOP;

  UPDATE products p
     SET stock_quantity = s.left_over, updated_at = clock_timestamp()
    FROM unnest(ids, stock, left_over) AS s(id, stock, left_over)
   WHERE p.id = s.id AND s.left_over <> s.stock;

  -- Wakes the relays at commit, as recordJob does.
  PERFORM pg_notify(channel, '');
END
$$;
