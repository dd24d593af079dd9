-- A long print job tells its customer once that it is past half-way (issue 25): the job remembers when,
-- so progress that goes back and forth across 50 % never mails again.

-- migrate:up
ALTER TABLE "print_jobs" ADD COLUMN "halfway_mailed_at" TIMESTAMPTZ(6);

-- migrate:down
ALTER TABLE "print_jobs" DROP COLUMN "halfway_mailed_at";
