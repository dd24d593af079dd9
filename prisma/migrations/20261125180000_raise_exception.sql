-- A function a single SQL statement can call to abort itself with a message (the checkout statement
-- refuses an order whose stock changed after it was priced, undoing everything it did).

-- migrate:up
CREATE FUNCTION raise_exception(message text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING MESSAGE = message, ERRCODE = 'P0001';
END
$$;

-- migrate:down
DROP FUNCTION raise_exception(text);
