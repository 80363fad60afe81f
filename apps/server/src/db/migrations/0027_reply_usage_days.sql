CREATE TABLE "reply_usage_days" (
	"day" date NOT NULL,
	"user_id" text,
	"model" text NOT NULL,
	"plan" integer NOT NULL,
	"replies" integer NOT NULL,
	"prompt_tokens" bigint NOT NULL,
	"completion_tokens" bigint NOT NULL,
	"estimated" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reply_usage_days" ADD CONSTRAINT "reply_usage_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reply_usage_days_key" ON "reply_usage_days" USING btree ("day","user_id","model","plan");--> statement-breakpoint
CREATE INDEX "reply_usage_days_user_id_idx" ON "reply_usage_days" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
-- The replies kept so far, summed by UTC day, person, model and plan (decision 037 "Usage and cost").
INSERT INTO "reply_usage_days" ("day", "user_id", "model", "plan", "replies", "prompt_tokens", "completion_tokens", "estimated")
SELECT ("created_at" AT TIME ZONE 'UTC')::date, "user_id", "model", "plan", count(*)::int, sum("prompt_tokens"),
  sum("completion_tokens"), (count(*) FILTER (WHERE NOT "counted"))::int
FROM "reply_usage"
GROUP BY 1, 2, 3, 4;
