CREATE TABLE "optimizer_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"phase" text NOT NULL,
	"progress" double precision NOT NULL,
	"result" jsonb,
	"message" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_settings" ADD COLUMN "weights" jsonb;--> statement-breakpoint
ALTER TABLE "optimizer_runs" ADD CONSTRAINT "optimizer_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "optimizer_runs_user_created_idx" ON "optimizer_runs" USING btree ("user_id","created_at");