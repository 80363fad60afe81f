CREATE TABLE "reply_usage" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"model" text NOT NULL,
	"source" text NOT NULL,
	"plan" integer NOT NULL,
	"prompt_tokens" integer NOT NULL,
	"completion_tokens" integer NOT NULL,
	"counted" boolean NOT NULL,
	"ending" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reply_usage" ADD CONSTRAINT "reply_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reply_usage_created_at_idx" ON "reply_usage" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reply_usage_user_id_idx" ON "reply_usage" USING btree ("user_id");