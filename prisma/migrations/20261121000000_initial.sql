-- The whole data model of prisma/schema.prisma, written as `prisma migrate diff --from-empty` would.
-- tests/schema/migration-matches-schema.test.ts checks that the migrated database matches the schema.

-- migrate:up
-- CreateEnum
CREATE TYPE "user_role" AS ENUM ('customer', 'operator', 'staff');

-- CreateEnum
CREATE TYPE "geocode_status" AS ENUM ('pending', 'located', 'not_found', 'failed');

-- CreateEnum
CREATE TYPE "node_status" AS ENUM ('online', 'offline', 'maintenance', 'setup');

-- CreateEnum
CREATE TYPE "file_analysis_status" AS ENUM ('pending', 'analyzing', 'ready', 'rejected');

-- CreateEnum
CREATE TYPE "email_status" AS ENUM ('sending', 'sent', 'failed');

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "email" TEXT,
    "first_name" TEXT,
    "last_name" TEXT,
    "profile_image_url" TEXT,
    "role" "user_role" NOT NULL DEFAULT 'customer',
    "password_hash" TEXT,
    "auth_subject" TEXT,
    "default_shipping_address" JSONB,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "sid" TEXT NOT NULL,
    "sess" JSONB NOT NULL,
    "expire" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("sid")
);

-- CreateTable
CREATE TABLE "print_farms" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID,
    "farm_name" TEXT NOT NULL,
    "display_name" TEXT NOT NULL,
    "company_key" TEXT NOT NULL,
    "description" TEXT,
    "location" TEXT NOT NULL,
    "contact_name" TEXT NOT NULL,
    "contact_email" TEXT NOT NULL,
    "contact_phone" TEXT NOT NULL,
    "full_street_address" TEXT NOT NULL,
    "street_name" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "zip_code" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "geocode_status" "geocode_status" NOT NULL DEFAULT 'pending',
    "geocode_error" TEXT,
    "geocoded_at" TIMESTAMPTZ(6),
    "total_printer_count" INTEGER NOT NULL,
    "printer_inventory" JSONB NOT NULL,
    "printer_count" INTEGER NOT NULL,
    "printer_types" TEXT[],
    "website" TEXT,
    "wants_ordering_link" BOOLEAN NOT NULL DEFAULT false,
    "assigned_ordering_link" TEXT,
    "custom_website" TEXT,
    "is_paid_member" BOOLEAN NOT NULL DEFAULT false,
    "monthly_fee" DECIMAL(10,2) NOT NULL DEFAULT 15.00,
    "signup_fee" DECIMAL(10,2) NOT NULL DEFAULT 750.00,
    "capacity" INTEGER NOT NULL,
    "available_capacity" INTEGER NOT NULL,
    "capabilities" JSONB NOT NULL,
    "operating_hours" JSONB,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "node_status" "node_status" NOT NULL DEFAULT 'online',
    "coverage_radius_miles" INTEGER NOT NULL DEFAULT 50,
    "rating" DECIMAL(3,2) NOT NULL DEFAULT 0,
    "total_jobs" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "print_farms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "print_farm_capabilities" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "farm_id" UUID NOT NULL,
    "material_type" TEXT NOT NULL,
    "max_print_size" JSONB NOT NULL,
    "layer_height" JSONB,
    "print_technology" TEXT NOT NULL,
    "post_processing" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "is_active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "print_farm_capabilities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "farm_claims" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "farm_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "used_at" TIMESTAMPTZ(6),
    "claimed_by_user_id" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "farm_claims_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "custom_print_requests" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "assigned_farm_id" UUID,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "specifications" JSONB NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 1,
    "budget" DECIMAL(10,2),
    "deadline" TIMESTAMPTZ(6),
    "status" TEXT NOT NULL DEFAULT 'pending',
    "priority" TEXT NOT NULL DEFAULT 'normal',
    "quoted_price" DECIMAL(10,2),
    "final_price" DECIMAL(10,2),
    "estimated_completion_time" INTEGER,
    "actual_completion_time" INTEGER,
    "notes" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "custom_print_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "project_files" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "print_request_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "upload_id" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "original_file_name" TEXT NOT NULL,
    "file_type" TEXT NOT NULL,
    "file_size" INTEGER NOT NULL,
    "file_url" TEXT,
    "file_path" TEXT NOT NULL,
    "sha256" TEXT,
    "is_main_file" BOOLEAN NOT NULL DEFAULT false,
    "analysis_status" "file_analysis_status" NOT NULL DEFAULT 'pending',
    "uploaded_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(6),

    CONSTRAINT "project_files_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "file_analyses" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "file_id" UUID NOT NULL,
    "format" TEXT NOT NULL,
    "triangle_count" INTEGER,
    "bbox_x_mm" DOUBLE PRECISION,
    "bbox_y_mm" DOUBLE PRECISION,
    "bbox_z_mm" DOUBLE PRECISION,
    "volume_cm3" DOUBLE PRECISION,
    "surface_area_cm2" DOUBLE PRECISION,
    "shell_count" INTEGER,
    "open_edge_count" INTEGER,
    "non_manifold_edge_count" INTEGER,
    "watertight" BOOLEAN,
    "inverted_normals" BOOLEAN,
    "fits_build_volume" JSONB,
    "metadata" JSONB,
    "reject_reason" TEXT,
    "duration_ms" INTEGER,
    "analyzed_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "file_analyses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "request_offers" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "request_id" UUID NOT NULL,
    "farm_id" UUID NOT NULL,
    "price" DECIMAL(10,2) NOT NULL,
    "distance_miles" DOUBLE PRECISION NOT NULL,
    "estimated_hours" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'offered',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "responded_at" TIMESTAMPTZ(6),

    CONSTRAINT "request_offers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "request_status_history" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "request_id" UUID NOT NULL,
    "from_status" TEXT,
    "to_status" TEXT NOT NULL,
    "changed_by_user_id" UUID,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "request_status_history_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "applications" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "experience" TEXT,
    "workspace" TEXT,
    "investment" TEXT,
    "notes" TEXT,
    "status" TEXT NOT NULL DEFAULT 'New',
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "farms_within_50_miles" INTEGER,
    "printers_within_50_miles" INTEGER,
    "farms_within_100_miles" INTEGER,
    "printers_within_100_miles" INTEGER,
    "duplicate_of_id" UUID,
    "lead_score" INTEGER,
    "enriched_at" TIMESTAMPTZ(6),
    "follow_up_sent_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "applications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "newsletter_subscribers" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "email" TEXT NOT NULL,
    "confirm_token_hash" TEXT NOT NULL,
    "confirmed_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "newsletter_subscribers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stores" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "store_name" TEXT NOT NULL,
    "display_name" TEXT NOT NULL,
    "description" TEXT,
    "logo_url" TEXT,
    "banner_url" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stores_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "products" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "store_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "price" DECIMAL(10,2) NOT NULL,
    "image_url" TEXT,
    "category" TEXT,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "print_time" INTEGER,
    "material_type" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "stock_quantity" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "products_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "orders" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "store_id" UUID NOT NULL,
    "customer_email" TEXT NOT NULL,
    "customer_name" TEXT NOT NULL,
    "customer_phone" TEXT,
    "shipping_address" JSONB NOT NULL,
    "billing_address" JSONB,
    "subtotal" DECIMAL(10,2) NOT NULL,
    "shipping_fee" DECIMAL(10,2) NOT NULL DEFAULT 0,
    "total_amount" DECIMAL(10,2) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "payment_status" TEXT NOT NULL DEFAULT 'pending',
    "payment_id" TEXT,
    "tracking_number" TEXT,
    "shipping_method" TEXT NOT NULL DEFAULT 'standard',
    "notes" TEXT,
    "idempotency_key" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "orders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_items" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "order_id" UUID NOT NULL,
    "product_id" UUID NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unit_price" DECIMAL(10,2) NOT NULL,
    "product_name" TEXT NOT NULL,
    "customizations" JSONB,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "custom_order_requests" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "store_id" UUID NOT NULL,
    "full_name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "description" TEXT NOT NULL,
    "timeline" TEXT,
    "budget" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "custom_order_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "support_messages" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID,
    "email" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "support_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "platform_settings" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by_user_id" UUID,

    CONSTRAINT "platform_settings_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "outbox_events" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "job" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "run_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(6),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_log" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "message_key" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "status" "email_status" NOT NULL DEFAULT 'sending',
    "provider_message_id" TEXT,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(6),

    CONSTRAINT "email_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "users_auth_subject_key" ON "users"("auth_subject");

-- CreateIndex
CREATE INDEX "sessions_expire_idx" ON "sessions"("expire");

-- CreateIndex
CREATE UNIQUE INDEX "print_farms_farm_name_key" ON "print_farms"("farm_name");

-- CreateIndex
CREATE UNIQUE INDEX "print_farms_company_key_key" ON "print_farms"("company_key");

-- CreateIndex
CREATE INDEX "print_farms_state_idx" ON "print_farms"("state");

-- CreateIndex
CREATE INDEX "print_farms_latitude_longitude_idx" ON "print_farms"("latitude", "longitude");

-- CreateIndex
CREATE INDEX "print_farms_user_id_idx" ON "print_farms"("user_id");

-- CreateIndex
CREATE INDEX "print_farm_capabilities_farm_id_idx" ON "print_farm_capabilities"("farm_id");

-- CreateIndex
CREATE UNIQUE INDEX "farm_claims_token_hash_key" ON "farm_claims"("token_hash");

-- CreateIndex
CREATE INDEX "farm_claims_farm_id_idx" ON "farm_claims"("farm_id");

-- CreateIndex
CREATE INDEX "farm_claims_claimed_by_user_id_idx" ON "farm_claims"("claimed_by_user_id");

-- CreateIndex
CREATE INDEX "custom_print_requests_user_id_created_at_idx" ON "custom_print_requests"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "custom_print_requests_assigned_farm_id_idx" ON "custom_print_requests"("assigned_farm_id");

-- CreateIndex
CREATE UNIQUE INDEX "project_files_upload_id_key" ON "project_files"("upload_id");

-- CreateIndex
CREATE INDEX "project_files_print_request_id_idx" ON "project_files"("print_request_id");

-- CreateIndex
CREATE INDEX "project_files_user_id_idx" ON "project_files"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "file_analyses_file_id_key" ON "file_analyses"("file_id");

-- CreateIndex
CREATE INDEX "request_offers_farm_id_idx" ON "request_offers"("farm_id");

-- CreateIndex
CREATE UNIQUE INDEX "request_offers_request_id_farm_id_key" ON "request_offers"("request_id", "farm_id");

-- CreateIndex
CREATE INDEX "request_status_history_request_id_created_at_idx" ON "request_status_history"("request_id", "created_at");

-- CreateIndex
CREATE INDEX "request_status_history_changed_by_user_id_idx" ON "request_status_history"("changed_by_user_id");

-- CreateIndex
CREATE INDEX "applications_email_idx" ON "applications"("email");

-- CreateIndex
CREATE INDEX "applications_phone_idx" ON "applications"("phone");

-- CreateIndex
CREATE INDEX "applications_created_at_idx" ON "applications"("created_at");

-- CreateIndex
CREATE INDEX "applications_duplicate_of_id_idx" ON "applications"("duplicate_of_id");

-- CreateIndex
CREATE UNIQUE INDEX "newsletter_subscribers_email_key" ON "newsletter_subscribers"("email");

-- CreateIndex
CREATE UNIQUE INDEX "newsletter_subscribers_confirm_token_hash_key" ON "newsletter_subscribers"("confirm_token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "stores_store_name_key" ON "stores"("store_name");

-- CreateIndex
CREATE INDEX "stores_user_id_idx" ON "stores"("user_id");

-- CreateIndex
CREATE INDEX "products_store_id_idx" ON "products"("store_id");

-- CreateIndex
CREATE INDEX "orders_store_id_created_at_idx" ON "orders"("store_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "orders_store_id_idempotency_key_key" ON "orders"("store_id", "idempotency_key");

-- CreateIndex
CREATE INDEX "order_items_order_id_idx" ON "order_items"("order_id");

-- CreateIndex
CREATE INDEX "order_items_product_id_idx" ON "order_items"("product_id");

-- CreateIndex
CREATE INDEX "custom_order_requests_store_id_idx" ON "custom_order_requests"("store_id");

-- CreateIndex
CREATE INDEX "support_messages_user_id_idx" ON "support_messages"("user_id");

-- CreateIndex
CREATE INDEX "platform_settings_updated_by_user_id_idx" ON "platform_settings"("updated_by_user_id");

-- CreateIndex
CREATE INDEX "outbox_events_published_at_created_at_idx" ON "outbox_events"("published_at", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "email_log_message_key_key" ON "email_log"("message_key");

-- AddForeignKey
ALTER TABLE "print_farms" ADD CONSTRAINT "print_farms_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "print_farm_capabilities" ADD CONSTRAINT "print_farm_capabilities_farm_id_fkey" FOREIGN KEY ("farm_id") REFERENCES "print_farms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "farm_claims" ADD CONSTRAINT "farm_claims_farm_id_fkey" FOREIGN KEY ("farm_id") REFERENCES "print_farms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "farm_claims" ADD CONSTRAINT "farm_claims_claimed_by_user_id_fkey" FOREIGN KEY ("claimed_by_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_print_requests" ADD CONSTRAINT "custom_print_requests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_print_requests" ADD CONSTRAINT "custom_print_requests_assigned_farm_id_fkey" FOREIGN KEY ("assigned_farm_id") REFERENCES "print_farms"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_print_request_id_fkey" FOREIGN KEY ("print_request_id") REFERENCES "custom_print_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "file_analyses" ADD CONSTRAINT "file_analyses_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "project_files"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "request_offers" ADD CONSTRAINT "request_offers_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "custom_print_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "request_offers" ADD CONSTRAINT "request_offers_farm_id_fkey" FOREIGN KEY ("farm_id") REFERENCES "print_farms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "request_status_history" ADD CONSTRAINT "request_status_history_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "custom_print_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "request_status_history" ADD CONSTRAINT "request_status_history_changed_by_user_id_fkey" FOREIGN KEY ("changed_by_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "applications" ADD CONSTRAINT "applications_duplicate_of_id_fkey" FOREIGN KEY ("duplicate_of_id") REFERENCES "applications"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stores" ADD CONSTRAINT "stores_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "products" ADD CONSTRAINT "products_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_order_requests" ADD CONSTRAINT "custom_order_requests_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_updated_by_user_id_fkey" FOREIGN KEY ("updated_by_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Checks Prisma cannot express (the schema test ignores CHECK constraints)
ALTER TABLE "products" ADD CONSTRAINT "products_stock_quantity_check" CHECK ("stock_quantity" >= 0);

ALTER TABLE "order_items" ADD CONSTRAINT "order_items_quantity_check" CHECK ("quantity" > 0);

-- migrate:down
DROP TABLE IF EXISTS "email_log" CASCADE;
DROP TABLE IF EXISTS "outbox_events" CASCADE;
DROP TABLE IF EXISTS "platform_settings" CASCADE;
DROP TABLE IF EXISTS "support_messages" CASCADE;
DROP TABLE IF EXISTS "custom_order_requests" CASCADE;
DROP TABLE IF EXISTS "order_items" CASCADE;
DROP TABLE IF EXISTS "orders" CASCADE;
DROP TABLE IF EXISTS "products" CASCADE;
DROP TABLE IF EXISTS "stores" CASCADE;
DROP TABLE IF EXISTS "newsletter_subscribers" CASCADE;
DROP TABLE IF EXISTS "applications" CASCADE;
DROP TABLE IF EXISTS "request_status_history" CASCADE;
DROP TABLE IF EXISTS "request_offers" CASCADE;
DROP TABLE IF EXISTS "file_analyses" CASCADE;
DROP TABLE IF EXISTS "project_files" CASCADE;
DROP TABLE IF EXISTS "custom_print_requests" CASCADE;
DROP TABLE IF EXISTS "farm_claims" CASCADE;
DROP TABLE IF EXISTS "print_farm_capabilities" CASCADE;
DROP TABLE IF EXISTS "print_farms" CASCADE;
DROP TABLE IF EXISTS "sessions" CASCADE;
DROP TABLE IF EXISTS "users" CASCADE;

DROP TYPE IF EXISTS "email_status";
DROP TYPE IF EXISTS "file_analysis_status";
DROP TYPE IF EXISTS "node_status";
DROP TYPE IF EXISTS "geocode_status";
DROP TYPE IF EXISTS "user_role";
