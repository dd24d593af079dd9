-- A short number per farm for the map's marker feed (GET /api/print-farms/markers): 10,000 UUIDs alone
-- would weigh more on the wire than the whole feed may.

-- migrate:up
ALTER TABLE "print_farms" ADD COLUMN "marker_id" SERIAL NOT NULL;
CREATE UNIQUE INDEX "print_farms_marker_id_key" ON "print_farms"("marker_id");

-- migrate:down
DROP INDEX "print_farms_marker_id_key";
ALTER TABLE "print_farms" DROP COLUMN "marker_id";
