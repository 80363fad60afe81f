ALTER TABLE "sessions" ADD COLUMN "verified_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A session made before this column proved who it was when it was made, not now.
UPDATE "sessions" SET "verified_at" = "created_at";