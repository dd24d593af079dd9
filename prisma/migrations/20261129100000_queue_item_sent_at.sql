-- When the start of a queue item's current attempt went out to its printer. From then on the printer may
-- be printing it whether or not its answer arrived, so the claim is never handed back unseen: only what
-- the printer says once it can be reached again (printing it, or idle without it) settles the attempt.

-- migrate:up
ALTER TABLE "queue_items" ADD COLUMN "sent_at" TIMESTAMPTZ(6);

-- migrate:down
ALTER TABLE "queue_items" DROP COLUMN "sent_at";
