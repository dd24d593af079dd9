-- An e-mail's claim and its handover to the SMTP server are recorded apart: a worker that died after
-- claiming but before handing over leaves a claim another attempt may take once it expires.

-- migrate:up
ALTER TABLE "email_log" ADD COLUMN "claimed_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP;
ALTER TABLE "email_log" ADD COLUMN "handed_over_at" TIMESTAMPTZ(6);
-- Rows from before: whatever was claimed may have gone out.
UPDATE "email_log" SET "handed_over_at" = "created_at" WHERE "status" <> 'failed';

-- migrate:down
ALTER TABLE "email_log" DROP COLUMN "handed_over_at";
ALTER TABLE "email_log" DROP COLUMN "claimed_at";
