-- Files uploaded together in one dialog start one print request (their batch id), not one each.

-- migrate:up
ALTER TABLE "custom_print_requests" ADD COLUMN "upload_batch" UUID;

CREATE UNIQUE INDEX "custom_print_requests_user_id_upload_batch_key" ON "custom_print_requests"("user_id", "upload_batch");

-- migrate:down
DROP INDEX IF EXISTS "custom_print_requests_user_id_upload_batch_key";
ALTER TABLE "custom_print_requests" DROP COLUMN "upload_batch";
