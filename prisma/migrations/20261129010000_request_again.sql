-- 'Request again' (issue 25): a new draft copied from a cancelled or finished request, with its files,
-- remembers where it came from, so a second click finds the draft already made; its files share the
-- stored bytes of the old ones.

-- migrate:up
ALTER TABLE "custom_print_requests" ADD COLUMN "again_of_id" UUID;
CREATE INDEX "custom_print_requests_again_of_id_idx" ON "custom_print_requests"("again_of_id");
ALTER TABLE "custom_print_requests" ADD CONSTRAINT "custom_print_requests_again_of_id_fkey"
  FOREIGN KEY ("again_of_id") REFERENCES "custom_print_requests"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The copies share their stored bytes; deleting a file asks whether another row still uses them.
CREATE INDEX "project_files_file_path_idx" ON "project_files"("file_path");

-- migrate:down
DROP INDEX "project_files_file_path_idx";
ALTER TABLE "custom_print_requests" DROP COLUMN "again_of_id";
