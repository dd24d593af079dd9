-- A queue item's 3MF project for one printer (issue 27): the part in its quoted orientation and scale with
-- the printer's slicing settings, made by PrusaSlicer once per file, profile, unit, orientation, bed, nozzle
-- and material, as printer_slices keeps the G-code.

-- migrate:up
-- CreateTable
CREATE TABLE "printer_projects" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "sha256" TEXT NOT NULL,
    "profile_key" TEXT NOT NULL,
    "units" TEXT NOT NULL,
    "orientation" TEXT NOT NULL,
    "bed" TEXT NOT NULL,
    "nozzle_mm" DOUBLE PRECISION NOT NULL,
    "material" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "project" BYTEA,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "printer_projects_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "printer_projects_sha256_profile_key_units_orientation_bed_n_key" ON "printer_projects"("sha256", "profile_key", "units", "orientation", "bed", "nozzle_mm", "material");

-- migrate:down
DROP TABLE "printer_projects";
