-- Places a batch of one store's priced orders in one call and one transaction (api/src/services/checkout.ts
-- gathers the orders that arrive while the store's previous batch is being written). Each order takes
-- the stock of its lines, or none of it: an order whose lines cannot all be taken (gone, hidden, short,
-- or priced at another price) is refused, an order whose Idempotency-Key the store already has is a
-- duplicate, and neither writes anything. Every other order is written with its items and its outbox
-- events. One row comes back per order, in the batch's order.
--
-- The batch's products are locked first, all at once and in id order: checkouts of the same products
-- queue for them instead of each holding a row the other needs (a deadlock, which PostgreSQL breaks
-- only after deadlock_timeout), and the items' foreign key checks then find rows this transaction has
-- locked already instead of sharing them with every other checkout in flight. Their stock is counted
-- down in memory and written once per product; one commit (one WAL flush) and one NOTIFY serve the
-- whole batch.

-- migrate:up
CREATE FUNCTION place_store_orders(store uuid, batch jsonb, channel text)
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

-- The single checkout statement this replaces was its only caller.
DROP FUNCTION raise_exception(text);

-- migrate:down
DROP FUNCTION place_store_orders(uuid, jsonb, text);

CREATE FUNCTION raise_exception(message text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING MESSAGE = message, ERRCODE = 'P0001';
END
$$;
