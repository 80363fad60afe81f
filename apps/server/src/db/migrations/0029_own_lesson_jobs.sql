CREATE TABLE "own_lesson_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"state" text NOT NULL,
	"engine" text NOT NULL,
	"sentences" jsonb NOT NULL,
	"pieces" jsonb NOT NULL,
	"sample_rate" integer,
	"estimate_ms" integer NOT NULL,
	"error" text,
	"lease_owner" text,
	"lease_until" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "own_lesson_jobs" ADD CONSTRAINT "own_lesson_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "own_lesson_jobs_state_created_idx" ON "own_lesson_jobs" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "own_lesson_jobs_user_idx" ON "own_lesson_jobs" USING btree ("user_id","created_at");