ALTER TABLE "users" ADD COLUMN "suspended_at" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;