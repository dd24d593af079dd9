-- The marketplace's middle: farm rates and availability, request choices, offers, print jobs routed to
-- farms, ratings and the slice cache (issues 10 and 11). Generated with `npm run db:diff`, then the
-- parts Prisma cannot express were added at the end.

-- migrate:up
-- AlterTable
ALTER TABLE "print_farms" ADD COLUMN     "declined_jobs" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "is_paused" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "median_response_minutes" INTEGER,
ADD COLUMN     "on_time_jobs" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "queued_parts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "routed_jobs" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "shipped_jobs" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "custom_print_requests" ADD COLUMN     "color" TEXT,
ADD COLUMN     "material" TEXT,
ADD COLUMN     "progress_percent" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "quote_issue" TEXT,
ADD COLUMN     "quote_round" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "quoted_at" TIMESTAMPTZ(6),
ADD COLUMN     "search_radius_miles" INTEGER,
ADD COLUMN     "ship_to_city" TEXT,
ADD COLUMN     "ship_to_latitude" DOUBLE PRECISION,
ADD COLUMN     "ship_to_longitude" DOUBLE PRECISION,
ADD COLUMN     "ship_to_state" TEXT,
ADD COLUMN     "ship_to_zip" TEXT,
ADD COLUMN     "shipping_address" JSONB,
ADD COLUMN     "technology" TEXT;

-- AlterTable
ALTER TABLE "project_files" ADD COLUMN     "quantity" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "file_analyses" ADD COLUMN     "overhang_area_cm2" DOUBLE PRECISION,
ADD COLUMN     "support_volume_cm3" DOUBLE PRECISION,
ADD COLUMN     "units" TEXT NOT NULL DEFAULT 'mm';

-- AlterTable
ALTER TABLE "request_offers" ADD COLUMN     "breakdown" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "estimate_reason" TEXT,
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'estimate',
ADD COLUMN     "on_time_rate" DOUBLE PRECISION,
ADD COLUMN     "quote_round" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "rank_score" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "rating" DECIMAL(3,2),
ADD COLUMN     "ready_by" DATE NOT NULL DEFAULT CURRENT_DATE,
ADD COLUMN     "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateTable
CREATE TABLE "farm_rates" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "farm_id" UUID NOT NULL,
    "technology" TEXT NOT NULL,
    "material" TEXT NOT NULL,
    "price_basis" TEXT NOT NULL,
    "material_rate" DECIMAL(10,4) NOT NULL,
    "machine_hour_rate" DECIMAL(10,2) NOT NULL,
    "setup_fee" DECIMAL(10,2) NOT NULL,
    "minimum_order" DECIMAL(10,2) NOT NULL,
    "lead_time_days" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "farm_rates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "print_jobs" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "request_id" UUID NOT NULL,
    "farm_id" UUID NOT NULL,
    "offer_id" UUID NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'offered',
    "price" DECIMAL(10,2) NOT NULL,
    "ready_by" DATE NOT NULL,
    "parts" INTEGER NOT NULL,
    "respond_by" TIMESTAMPTZ(6) NOT NULL,
    "counter_price" DECIMAL(10,2),
    "counter_ready_by" DATE,
    "counter_respond_by" TIMESTAMPTZ(6),
    "decline_reason" TEXT,
    "progress_percent" INTEGER NOT NULL DEFAULT 0,
    "carrier" TEXT,
    "tracking_number" TEXT,
    "offered_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "responded_at" TIMESTAMPTZ(6),
    "started_at" TIMESTAMPTZ(6),
    "shipped_at" TIMESTAMPTZ(6),
    "delivered_at" TIMESTAMPTZ(6),
    "closed_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "print_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "job_ratings" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "request_id" UUID NOT NULL,
    "job_id" UUID NOT NULL,
    "farm_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "quality" SMALLINT NOT NULL,
    "communication" SMALLINT NOT NULL,
    "timeliness" SMALLINT NOT NULL,
    "comment" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_ratings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "slice_results" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "sha256" TEXT NOT NULL,
    "profile_key" TEXT NOT NULL,
    "units" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "print_seconds" INTEGER,
    "filament_cm3" DOUBLE PRECISION,
    "estimated_seconds" INTEGER,
    "estimated_cm3" DOUBLE PRECISION,
    "slicer_version" TEXT,
    "duration_ms" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "slice_results_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "farm_rates_farm_id_technology_material_key" ON "farm_rates"("farm_id", "technology", "material");

-- CreateIndex
CREATE UNIQUE INDEX "print_jobs_offer_id_key" ON "print_jobs"("offer_id");

-- CreateIndex
CREATE INDEX "print_jobs_farm_id_state_idx" ON "print_jobs"("farm_id", "state");

-- CreateIndex
CREATE INDEX "print_jobs_request_id_idx" ON "print_jobs"("request_id");

-- CreateIndex
CREATE UNIQUE INDEX "job_ratings_request_id_key" ON "job_ratings"("request_id");

-- CreateIndex
CREATE UNIQUE INDEX "job_ratings_job_id_key" ON "job_ratings"("job_id");

-- CreateIndex
CREATE INDEX "job_ratings_farm_id_idx" ON "job_ratings"("farm_id");

-- CreateIndex
CREATE INDEX "job_ratings_user_id_idx" ON "job_ratings"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "slice_results_sha256_profile_key_units_key" ON "slice_results"("sha256", "profile_key", "units");

-- CreateIndex
CREATE INDEX "print_farm_capabilities_print_technology_material_type_idx" ON "print_farm_capabilities"("print_technology", "material_type");

-- CreateIndex
CREATE INDEX "custom_print_requests_status_quoted_at_idx" ON "custom_print_requests"("status", "quoted_at");

-- AddForeignKey
ALTER TABLE "farm_rates" ADD CONSTRAINT "farm_rates_farm_id_fkey" FOREIGN KEY ("farm_id") REFERENCES "print_farms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "custom_print_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_farm_id_fkey" FOREIGN KEY ("farm_id") REFERENCES "print_farms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "request_offers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "job_ratings" ADD CONSTRAINT "job_ratings_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "custom_print_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "job_ratings" ADD CONSTRAINT "job_ratings_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "print_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "job_ratings" ADD CONSTRAINT "job_ratings_farm_id_fkey" FOREIGN KEY ("farm_id") REFERENCES "print_farms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "job_ratings" ADD CONSTRAINT "job_ratings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Offers made before this migration get today as their ready-by date; new ones always set it.
ALTER TABLE "request_offers" ALTER COLUMN "ready_by" DROP DEFAULT;

-- Distance search (request.quote): earthdistance over a GiST index of each farm's position.
CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;
CREATE INDEX "print_farms_earth_location_idx" ON "print_farms" USING gist (ll_to_earth("latitude", "longitude"))
  WHERE "latitude" IS NOT NULL AND "longitude" IS NOT NULL;

-- At most one open job per request: two farms can never both hold it.
CREATE UNIQUE INDEX "print_jobs_one_open_per_request_idx" ON "print_jobs"("request_id")
  WHERE "state" IN ('offered', 'countered', 'accepted', 'printing', 'shipped');

-- Checks Prisma cannot express (the schema test ignores CHECK constraints)
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_progress_percent_check" CHECK ("progress_percent" BETWEEN 0 AND 100);
ALTER TABLE "custom_print_requests" ADD CONSTRAINT "custom_print_requests_progress_percent_check" CHECK ("progress_percent" BETWEEN 0 AND 100);
ALTER TABLE "print_farms" ADD CONSTRAINT "print_farms_queued_parts_check" CHECK ("queued_parts" >= 0);
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_quantity_check" CHECK ("quantity" > 0);
ALTER TABLE "job_ratings" ADD CONSTRAINT "job_ratings_scores_check"
  CHECK ("quality" BETWEEN 1 AND 5 AND "communication" BETWEEN 1 AND 5 AND "timeliness" BETWEEN 1 AND 5);

-- migrate:down
DROP TABLE IF EXISTS "slice_results" CASCADE;
DROP TABLE IF EXISTS "job_ratings" CASCADE;
DROP TABLE IF EXISTS "print_jobs" CASCADE;
DROP TABLE IF EXISTS "farm_rates" CASCADE;
DROP INDEX IF EXISTS "print_farms_earth_location_idx";
DROP INDEX IF EXISTS "custom_print_requests_status_quoted_at_idx";
DROP INDEX IF EXISTS "print_farm_capabilities_print_technology_material_type_idx";
ALTER TABLE "request_offers" DROP COLUMN "breakdown", DROP COLUMN "estimate_reason", DROP COLUMN "kind",
  DROP COLUMN "on_time_rate", DROP COLUMN "quote_round", DROP COLUMN "rank_score", DROP COLUMN "rating",
  DROP COLUMN "ready_by", DROP COLUMN "updated_at";
ALTER TABLE "file_analyses" DROP COLUMN "overhang_area_cm2", DROP COLUMN "support_volume_cm3", DROP COLUMN "units";
ALTER TABLE "project_files" DROP CONSTRAINT IF EXISTS "project_files_quantity_check", DROP COLUMN "quantity";
ALTER TABLE "custom_print_requests" DROP CONSTRAINT IF EXISTS "custom_print_requests_progress_percent_check",
  DROP COLUMN "color", DROP COLUMN "material", DROP COLUMN "progress_percent", DROP COLUMN "quote_issue",
  DROP COLUMN "quote_round", DROP COLUMN "quoted_at", DROP COLUMN "search_radius_miles", DROP COLUMN "ship_to_city",
  DROP COLUMN "ship_to_latitude", DROP COLUMN "ship_to_longitude", DROP COLUMN "ship_to_state", DROP COLUMN "ship_to_zip",
  DROP COLUMN "shipping_address", DROP COLUMN "technology";
ALTER TABLE "print_farms" DROP CONSTRAINT IF EXISTS "print_farms_queued_parts_check", DROP COLUMN "declined_jobs",
  DROP COLUMN "is_paused", DROP COLUMN "median_response_minutes", DROP COLUMN "on_time_jobs", DROP COLUMN "queued_parts",
  DROP COLUMN "routed_jobs", DROP COLUMN "shipped_jobs";
