-- Uploads begun and not yet finished, per user: with the stored files they make up the upload quota
-- (open uploads at once, stored bytes).

-- migrate:up
CREATE TABLE "open_uploads" (
    "id" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "size" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "open_uploads_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "open_uploads_user_id_expires_at_idx" ON "open_uploads"("user_id", "expires_at");
ALTER TABLE "open_uploads" ADD CONSTRAINT "open_uploads_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- migrate:down
DROP TABLE "open_uploads";
