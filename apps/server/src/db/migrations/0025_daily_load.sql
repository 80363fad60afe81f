ALTER TABLE "card_settings" ADD COLUMN "load_balancing" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "card_settings" ADD COLUMN "easy_days" jsonb;--> statement-breakpoint
ALTER TABLE "card_settings" ADD COLUMN "review_order" text DEFAULT 'due' NOT NULL;