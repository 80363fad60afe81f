CREATE TABLE "own_lesson_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"audio_key" text NOT NULL,
	"audio_type" text NOT NULL,
	"audio_bytes" bigint NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "own_lessons" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"audio_key" text NOT NULL,
	"audio_type" text NOT NULL,
	"audio_bytes" bigint NOT NULL,
	"duration_ms" integer NOT NULL,
	"transcript" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "own_lesson_uploads" ADD CONSTRAINT "own_lesson_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "own_lessons" ADD CONSTRAINT "own_lessons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "own_lesson_uploads_created_idx" ON "own_lesson_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "own_lessons_user_created_idx" ON "own_lessons" USING btree ("user_id","created_at");