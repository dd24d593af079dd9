-- Orders a farm can fulfil (issue 23): the printability inspection of each file and the customer's
-- 'print as is' answer to its warnings; offers the slicer blocks; slices keyed by the orientation and
-- the bed they were made for, with the geometry the estimator is calibrated on; the fitted estimator.
-- Two rules the database keeps whatever the code does: a request past quoting has a ship-to address
-- (NOT VALID: rows from before the rule are not checked, every write after it is), and a job that is
-- open belongs to the farm the request is assigned to (checked at commit, when a re-route is whole).

-- migrate:up
ALTER TABLE "project_files" ADD COLUMN "print_as_is_at" TIMESTAMPTZ(6);

ALTER TABLE "file_analyses" ADD COLUMN "inspected_at" TIMESTAMPTZ(6),
ADD COLUMN "inspection" JSONB;

ALTER TABLE "request_offers" ADD COLUMN "blocked_reason" TEXT;

DROP INDEX "slice_results_sha256_profile_key_units_key";
ALTER TABLE "slice_results" ADD COLUMN "bed" TEXT NOT NULL DEFAULT '250x210x220',
ADD COLUMN "features" JSONB,
ADD COLUMN "orientation" TEXT NOT NULL DEFAULT 'z-';
CREATE UNIQUE INDEX "slice_results_sha256_profile_key_units_orientation_bed_key"
  ON "slice_results"("sha256", "profile_key", "units", "orientation", "bed");

CREATE TABLE "estimator_models" (
    "profile_key" TEXT NOT NULL,
    "model" JSONB NOT NULL,
    "samples" INTEGER NOT NULL,
    "fitted_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "estimator_models_pkey" PRIMARY KEY ("profile_key")
);

ALTER TABLE "custom_print_requests" ADD CONSTRAINT "custom_print_requests_ordered_has_address"
  CHECK ("status" NOT IN ('ordered', 'accepted', 'printing', 'shipped', 'completed')
         OR "shipping_address" IS NOT NULL) NOT VALID;

CREATE FUNCTION check_open_job_farm() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  request uuid;
  stray record;
BEGIN
  -- Each branch reads a column only its own table has (a statement is planned when it first runs).
  IF TG_TABLE_NAME = 'print_jobs' THEN
    request := NEW.request_id;
  ELSE
    request := NEW.id;
  END IF;
  SELECT j.id, j.farm_id, r.assigned_farm_id INTO stray
  FROM print_jobs j JOIN custom_print_requests r ON r.id = j.request_id
  WHERE j.request_id = request
    AND j.state IN ('offered', 'countered', 'accepted', 'printing', 'shipped')
    AND r.assigned_farm_id IS DISTINCT FROM j.farm_id;
  IF FOUND THEN
    RAISE EXCEPTION 'print request % has an open job % at farm %, but is assigned to farm %',
      request, stray.id, stray.farm_id, stray.assigned_farm_id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER "print_jobs_open_at_assigned_farm"
  AFTER INSERT OR UPDATE OF state, farm_id ON "print_jobs"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION check_open_job_farm();
CREATE CONSTRAINT TRIGGER "custom_print_requests_open_job_at_assigned_farm"
  AFTER UPDATE OF assigned_farm_id ON "custom_print_requests"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION check_open_job_farm();

-- migrate:down
DROP TRIGGER "custom_print_requests_open_job_at_assigned_farm" ON "custom_print_requests";
DROP TRIGGER "print_jobs_open_at_assigned_farm" ON "print_jobs";
DROP FUNCTION check_open_job_farm();
ALTER TABLE "custom_print_requests" DROP CONSTRAINT "custom_print_requests_ordered_has_address";
DROP TABLE "estimator_models";
DROP INDEX "slice_results_sha256_profile_key_units_orientation_bed_key";
ALTER TABLE "slice_results" DROP COLUMN "orientation", DROP COLUMN "features", DROP COLUMN "bed";
CREATE UNIQUE INDEX "slice_results_sha256_profile_key_units_key"
  ON "slice_results"("sha256", "profile_key", "units");
ALTER TABLE "request_offers" DROP COLUMN "blocked_reason";
ALTER TABLE "file_analyses" DROP COLUMN "inspection", DROP COLUMN "inspected_at";
ALTER TABLE "project_files" DROP COLUMN "print_as_is_at";
