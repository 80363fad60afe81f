ALTER TABLE "passages" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "passages" ADD COLUMN "parent_id" text;--> statement-breakpoint
ALTER TABLE "passages" ADD COLUMN "start_ms" integer;--> statement-breakpoint
CREATE INDEX "passages_parent_idx" ON "passages" USING btree ("user_id","parent_id");