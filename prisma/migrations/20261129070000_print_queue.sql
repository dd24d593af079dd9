-- The farm's print queue (issue 27): its printers, one row per printer the signup counted in
-- printer_inventory, the queue items an accepted job becomes, and G-code sliced per printer profile.
-- A job whose last item finished printing is ready to ship (print_jobs.printed_at).

-- migrate:up
-- AlterTable
ALTER TABLE "print_jobs" ADD COLUMN     "printed_at" TIMESTAMPTZ(6);

-- CreateTable
CREATE TABLE "printers" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "farm_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "technology" TEXT NOT NULL,
    "brand" TEXT NOT NULL,
    "model" TEXT,
    "build_x_mm" DOUBLE PRECISION NOT NULL,
    "build_y_mm" DOUBLE PRECISION NOT NULL,
    "build_z_mm" DOUBLE PRECISION NOT NULL,
    "nozzle_mm" DOUBLE PRECISION,
    "material" TEXT,
    "color" TEXT,
    "state" TEXT NOT NULL DEFAULT 'idle',
    "state_message" TEXT,
    "connector" TEXT NOT NULL DEFAULT 'none',
    "connector_settings" JSONB NOT NULL DEFAULT '{}',
    "connector_secret" TEXT,
    "last_seen_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "printers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "queue_items" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "farm_id" UUID NOT NULL,
    "job_id" UUID NOT NULL,
    "file_id" UUID NOT NULL,
    "copy" INTEGER NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "position" INTEGER NOT NULL,
    "printer_id" UUID,
    "pinned_printer_id" UUID,
    "technology" TEXT NOT NULL,
    "material" TEXT NOT NULL,
    "color" TEXT,
    "layer_height_mm" DOUBLE PRECISION NOT NULL,
    "profile_key" TEXT NOT NULL,
    "units" TEXT NOT NULL,
    "orientation" TEXT NOT NULL,
    "part_x_mm" DOUBLE PRECISION,
    "part_y_mm" DOUBLE PRECISION,
    "part_z_mm" DOUBLE PRECISION,
    "ready_by" DATE NOT NULL,
    "progress" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "dispatch_file_name" TEXT,
    "dispatched_at" TIMESTAMPTZ(6),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "started_at" TIMESTAMPTZ(6),
    "finished_at" TIMESTAMPTZ(6),
    "last_failure" TEXT,
    "failed_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "queue_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "printer_slices" (
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
    "gcode" BYTEA,
    "print_seconds" INTEGER,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "printer_slices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "printers_farm_id_name_key" ON "printers"("farm_id", "name");

-- CreateIndex
CREATE INDEX "queue_items_farm_id_state_position_idx" ON "queue_items"("farm_id", "state", "position");

-- CreateIndex
CREATE INDEX "queue_items_printer_id_idx" ON "queue_items"("printer_id");

-- CreateIndex
CREATE UNIQUE INDEX "queue_items_job_id_file_id_copy_key" ON "queue_items"("job_id", "file_id", "copy");

-- CreateIndex
CREATE UNIQUE INDEX "printer_slices_sha256_profile_key_units_orientation_bed_noz_key" ON "printer_slices"("sha256", "profile_key", "units", "orientation", "bed", "nozzle_mm", "material");

-- AddForeignKey
ALTER TABLE "printers" ADD CONSTRAINT "printers_farm_id_fkey" FOREIGN KEY ("farm_id") REFERENCES "print_farms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "queue_items" ADD CONSTRAINT "queue_items_farm_id_fkey" FOREIGN KEY ("farm_id") REFERENCES "print_farms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "queue_items" ADD CONSTRAINT "queue_items_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "print_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "queue_items" ADD CONSTRAINT "queue_items_printer_id_fkey" FOREIGN KEY ("printer_id") REFERENCES "printers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "queue_items" ADD CONSTRAINT "queue_items_pinned_printer_id_fkey" FOREIGN KEY ("pinned_printer_id") REFERENCES "printers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The signup's inventory, one printer per unit counted: named after its model ('Prusa MK4 #2'), sized by
-- the catalogue's published build volume (domain/printerCatalogue.ts, as it stands today) or else the
-- technology's typical one. What is loaded is not known yet: the operator says so on the printers screen.
WITH published(brand, model, x, y, z) AS (
  VALUES
    ('Bambu Lab', 'A1 mini', 180, 180, 180),
    ('Bambu Lab', 'A1', 256, 256, 256),
    ('Bambu Lab', 'X1 Carbon', 256, 256, 256),
    ('Bambu Lab', 'X1E', 256, 256, 256),
    ('Bambu Lab', 'P1P', 256, 256, 256),
    ('Bambu Lab', 'P1S', 256, 256, 256),
    ('Creality', 'Ender 3', 220, 220, 250),
    ('Creality', 'Ender 3 V2', 220, 220, 250),
    ('Creality', 'Ender 3 S1', 220, 220, 270),
    ('Creality', 'Ender 5', 220, 220, 300),
    ('Creality', 'CR-10', 300, 300, 400),
    ('Creality', 'K1', 220, 220, 250),
    ('Creality', 'K1 Max', 300, 300, 300),
    ('Creality', 'Halot-One', 127, 80, 160),
    ('Creality', 'LD-002H', 130, 82, 160),
    ('Creality', 'LD-006', 192, 120, 250),
    ('Prusa', 'MK4', 250, 210, 220),
    ('Prusa', 'MK3S+', 250, 210, 210),
    ('Prusa', 'MINI+', 180, 180, 180),
    ('Prusa', 'XL', 360, 360, 360),
    ('Ultimaker', 'S3', 230, 190, 200),
    ('Ultimaker', 'S5', 330, 240, 300),
    ('Ultimaker', '2+ Connect', 223, 220, 205),
    ('Ultimaker', 'Method X', 190, 190, 196),
    ('Formlabs', 'Fuse 1+ 30W', 165, 165, 300),
    ('Formlabs', 'Form 3', 145, 145, 185),
    ('Formlabs', '3+', 145, 145, 185),
    ('Formlabs', '3L', 335, 200, 300),
    ('Formlabs', '3B', 145, 145, 185),
    ('Formlabs', 'Form 4', 200, 125, 210),
    ('Markforged', 'Mark Two', 320, 132, 154),
    ('Markforged', 'Mark X', 330, 270, 200),
    ('Markforged', 'Onyx One', 320, 132, 154),
    ('Markforged', 'Onyx Pro', 320, 132, 154),
    ('Markforged', 'Metal X', 300, 220, 180),
    ('Raise3D', 'Pro2', 305, 305, 300),
    ('Raise3D', 'Pro3', 300, 300, 300),
    ('Raise3D', 'E2', 330, 240, 240),
    ('Raise3D', 'E2CF', 330, 240, 240),
    ('Stratasys', 'F123', 254, 254, 254),
    ('Stratasys', 'F170', 254, 254, 254),
    ('Stratasys', 'F270', 305, 254, 305),
    ('Stratasys', 'F370', 355, 254, 355),
    ('Stratasys', 'F770', 1000, 610, 610),
    ('Stratasys', 'J750', 490, 390, 200),
    ('Stratasys', 'J826', 255, 252, 200),
    ('Stratasys', 'J850', 490, 390, 200),
    ('FlashForge', 'Creator Pro', 227, 148, 150),
    ('FlashForge', 'Adventurer 3', 150, 150, 150),
    ('FlashForge', 'Dreamer', 230, 150, 140),
    ('LulzBot', 'TAZ Pro', 280, 280, 285),
    ('LulzBot', 'Mini 2', 160, 160, 180),
    ('Elegoo', 'Mars 3', 143.43, 89.6, 175),
    ('Elegoo', 'Mars 4', 153.36, 77.76, 175),
    ('Elegoo', 'Saturn 2', 218.88, 123.12, 250),
    ('Elegoo', 'Saturn 3', 218.88, 122.88, 250),
    ('Anycubic', 'Photon M3', 163.84, 102.4, 180),
    ('Anycubic', 'Photon Mono X', 192, 120, 245),
    ('Anycubic', 'Photon Ultra', 102.4, 57.6, 165),
    ('Peopoly', 'Phenom', 276, 155, 400),
    ('Peopoly', 'Phenom L', 345, 194, 400),
    ('Peopoly', 'Phenom XXL', 527, 296, 600),
    ('3D Systems', '3600', 298, 185, 203),
    ('3D Systems', 'NextDent 5100', 124.8, 70.2, 196),
    ('3D Systems', 'Figure 4', 124.8, 70.2, 196),
    ('3D Systems', 'ProX SLS 6100', 381, 330, 460),
    ('3D Systems', 'sPro 60', 381, 330, 460),
    ('3D Systems', 'sPro 140', 550, 550, 460),
    ('3D Systems', 'ProJet MJP 2500', 294, 211, 144),
    ('3D Systems', 'ProX DMP 320', 275, 275, 420),
    ('3D Systems', 'DMP Flex 350', 275, 275, 420),
    ('Phrozen', 'Sonic Mini 8K', 165, 72, 180),
    ('Phrozen', 'Transform', 292, 165, 400),
    ('HP', '3200', 380, 284, 380),
    ('HP', '4200', 380, 284, 380),
    ('HP', '5200', 380, 284, 380),
    ('HP', '5210', 380, 284, 380),
    ('HP', 'Multi Jet Fusion 5200', 380, 284, 380),
    ('HP', 'Metal Jet', 430, 320, 200),
    ('EOS', 'P 396', 340, 340, 600),
    ('EOS', 'P 770', 700, 380, 580),
    ('EOS', 'M 290', 250, 250, 325),
    ('EOS', 'M 400', 400, 400, 400),
    ('EOS', 'M 300-4', 300, 300, 400),
    ('Sinterit', 'Lisa Pro', 110, 160, 245),
    ('Desktop Metal', 'Shop System', 350, 222, 50),
    ('Desktop Metal', 'Studio System 2', 300, 200, 200),
    ('Desktop Metal', 'Production System', 200, 100, 40),
    ('ExOne', 'Innovent+', 160, 65, 65),
    ('ExOne', '25 Pro', 400, 250, 250),
    ('SLM Solutions', 'SLM 280', 280, 280, 365),
    ('SLM Solutions', 'SLM 500', 500, 280, 365),
    ('Renishaw', 'AM 400', 250, 250, 300),
    ('Renishaw', 'AM 500Q', 250, 250, 350)
), typical(technology, x, y, z) AS (
  VALUES
    ('FFF/FDM', 256, 256, 256),
    ('SLA/Resin', 145, 145, 185),
    ('SLS', 165, 165, 300),
    ('Multi Jet Fusion', 380, 284, 380),
    ('PolyJet', 490, 390, 200),
    ('Binder Jetting', 400, 250, 250),
    ('Metal 3D Printing', 250, 250, 325),
    ('Other', 200, 200, 200)
), entries AS (
  SELECT f.id AS farm_id,
         -- Early signups wrote 'FDM' for the catalogue's 'FFF/FDM'.
         CASE e->>'technology' WHEN 'FDM' THEN 'FFF/FDM' ELSE COALESCE(e->>'technology', 'Other') END AS technology,
         COALESCE(NULLIF(btrim(e->>'brand'), ''), 'Other') AS brand,
         NULLIF(btrim(e->>'model'), '') AS model,
         GREATEST(LEAST(COALESCE((e->>'count')::int, 1), 500), 0) AS count,
         ord
  FROM print_farms f
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(f.printer_inventory) = 'array' THEN f.printer_inventory ELSE '[]'::jsonb END
  ) WITH ORDINALITY AS inventory(e, ord)
), units AS (
  SELECT entries.*, n,
         CASE WHEN brand IN ('Other', 'Custom') THEN COALESCE(model, 'Other printer')
              ELSE brand || COALESCE(' ' || model, '') END AS base_name
  FROM entries CROSS JOIN LATERAL generate_series(1, entries.count) AS n
)
INSERT INTO printers (farm_id, name, technology, brand, model, build_x_mm, build_y_mm, build_z_mm, nozzle_mm)
SELECT u.farm_id,
       u.base_name || ' #' || row_number() OVER (PARTITION BY u.farm_id, u.base_name ORDER BY u.ord, u.n),
       u.technology, u.brand, u.model,
       COALESCE(p.x, t.x, 200), COALESCE(p.y, t.y, 200), COALESCE(p.z, t.z, 200),
       CASE WHEN u.technology = 'FFF/FDM' THEN 0.4 END
FROM units u
LEFT JOIN published p ON p.brand = u.brand AND p.model = u.model
LEFT JOIN typical t ON t.technology = u.technology;

-- migrate:down
DROP TABLE "printer_slices";
DROP TABLE "queue_items";
DROP TABLE "printers";
ALTER TABLE "print_jobs" DROP COLUMN "printed_at";
