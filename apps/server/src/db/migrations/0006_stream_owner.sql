ALTER TABLE "active_streams" ADD COLUMN "owner" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "active_streams" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "active_streams" ADD COLUMN "day" text;