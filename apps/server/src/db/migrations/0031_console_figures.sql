CREATE TABLE "active_day_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"people" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "active_last" (
	"user_id" text PRIMARY KEY NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "active_week_counts" (
	"week" date PRIMARY KEY NOT NULL,
	"people" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "active_weeks" (
	"week" date NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "active_weeks_week_user_id_pk" PRIMARY KEY("week","user_id")
);
--> statement-breakpoint
CREATE TABLE "reply_usage_last" (
	"user_id" text NOT NULL,
	"plan" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "reply_usage_last_user_id_plan_pk" PRIMARY KEY("user_id","plan")
);
--> statement-breakpoint
CREATE TABLE "reply_usage_totals" (
	"day" date NOT NULL,
	"plan" integer NOT NULL,
	"model" text NOT NULL,
	"replies" bigint NOT NULL,
	"prompt_tokens" bigint NOT NULL,
	"completion_tokens" bigint NOT NULL,
	"estimated" bigint NOT NULL,
	CONSTRAINT "reply_usage_totals_day_plan_model_pk" PRIMARY KEY("day","plan","model")
);
--> statement-breakpoint
ALTER TABLE "active_last" ADD CONSTRAINT "active_last_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active_weeks" ADD CONSTRAINT "active_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_usage_last" ADD CONSTRAINT "reply_usage_last_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "active_last_day_idx" ON "active_last" USING btree ("day");--> statement-breakpoint
CREATE INDEX "active_weeks_user_id_idx" ON "active_weeks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reply_usage_last_plan_day_idx" ON "reply_usage_last" USING btree ("plan","day");--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model functions or triggers): what keeps the console's figures equal to
-- the rows they count, in the statement that writes those rows (decision 037 "At scale"). A week is named by its
-- Monday: the day less its ISO weekday, with no time zone involved.
CREATE FUNCTION "week_of"("p_day" date) RETURNS date
	LANGUAGE sql IMMUTABLE
	AS $$ SELECT p_day - (extract(isodow FROM p_day)::int - 1) $$;
--> statement-breakpoint
-- The replies kept so far and the people seen so far, before the triggers take over.
INSERT INTO "active_day_counts" ("day", "people") SELECT "day", count(*) FROM "active_days" GROUP BY "day";
--> statement-breakpoint
INSERT INTO "active_weeks" ("week", "user_id") SELECT DISTINCT week_of("day"), "user_id" FROM "active_days";
--> statement-breakpoint
INSERT INTO "active_week_counts" ("week", "people") SELECT "week", count(*) FROM "active_weeks" GROUP BY "week";
--> statement-breakpoint
INSERT INTO "active_last" ("user_id", "day") SELECT "user_id", max("day") FROM "active_days" GROUP BY "user_id";
--> statement-breakpoint
INSERT INTO "reply_usage_totals" ("day", "plan", "model", "replies", "prompt_tokens", "completion_tokens", "estimated")
SELECT "day", "plan", "model", sum("replies"), sum("prompt_tokens"), sum("completion_tokens"), sum("estimated")
FROM "reply_usage_days" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "reply_usage_last" ("user_id", "plan", "day")
SELECT "user_id", "plan", max("day") FROM "reply_usage_days" WHERE "user_id" IS NOT NULL GROUP BY 1, 2
UNION ALL
SELECT "user_id", -1, max("day") FROM "reply_usage_days" WHERE "user_id" IS NOT NULL GROUP BY 1;
--> statement-breakpoint
-- Days seen (the first request of a person's day): counted on their day and week, and moved to the person's last day.
CREATE FUNCTION "active_days_added"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	INSERT INTO active_day_counts AS c (day, people)
	SELECT day, count(*) FROM new_days GROUP BY day
	ON CONFLICT (day) DO UPDATE SET people = c.people + excluded.people;
	INSERT INTO active_weeks (week, user_id)
	SELECT DISTINCT week_of(day), user_id FROM new_days
	ON CONFLICT DO NOTHING;
	INSERT INTO active_last AS l (user_id, day)
	SELECT user_id, max(day) FROM new_days GROUP BY user_id
	ON CONFLICT (user_id) DO UPDATE SET day = greatest(l.day, excluded.day);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "active_days_count_added" AFTER INSERT ON "active_days"
	REFERENCING NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION active_days_added();
--> statement-breakpoint
-- Days deleted (with their person, by the foreign key): taken off their day; a week or a last day with no day left
-- goes. Only updates and deletes here, as the person may be going in the same statement.
CREATE FUNCTION "active_days_removed"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	UPDATE active_day_counts c SET people = c.people - o.people
	FROM (SELECT day, count(*) AS people FROM old_days GROUP BY day) o
	WHERE c.day = o.day;
	DELETE FROM active_weeks w
	USING (SELECT DISTINCT week_of(day) AS week, user_id FROM old_days) o
	WHERE w.week = o.week AND w.user_id = o.user_id AND NOT EXISTS (
		SELECT 1 FROM active_days d WHERE d.user_id = o.user_id AND d.day BETWEEN o.week AND o.week + 6);
	DELETE FROM active_last l
	WHERE l.user_id IN (SELECT user_id FROM old_days)
		AND NOT EXISTS (SELECT 1 FROM active_days d WHERE d.user_id = l.user_id);
	UPDATE active_last l SET day = m.day
	FROM (SELECT d.user_id, max(d.day) AS day FROM active_days d
		WHERE d.user_id IN (SELECT user_id FROM old_days) GROUP BY d.user_id) m
	WHERE l.user_id = m.user_id AND l.day <> m.day;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "active_days_count_removed" AFTER DELETE ON "active_days"
	REFERENCING OLD TABLE AS old_days FOR EACH STATEMENT EXECUTE FUNCTION active_days_removed();
--> statement-breakpoint
CREATE FUNCTION "active_weeks_added"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	INSERT INTO active_week_counts AS c (week, people)
	SELECT week, count(*) FROM new_weeks GROUP BY week
	ON CONFLICT (week) DO UPDATE SET people = c.people + excluded.people;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "active_weeks_count_added" AFTER INSERT ON "active_weeks"
	REFERENCING NEW TABLE AS new_weeks FOR EACH STATEMENT EXECUTE FUNCTION active_weeks_added();
--> statement-breakpoint
CREATE FUNCTION "active_weeks_removed"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	UPDATE active_week_counts c SET people = c.people - o.people
	FROM (SELECT week, count(*) AS people FROM old_weeks GROUP BY week) o
	WHERE c.week = o.week;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "active_weeks_count_removed" AFTER DELETE ON "active_weeks"
	REFERENCING OLD TABLE AS old_weeks FOR EACH STATEMENT EXECUTE FUNCTION active_weeks_removed();
--> statement-breakpoint
-- A day's sums of a person's replies: new rows and the additions to them go into the day's totals by plan and model
-- (an update adds its new values less its old ones: a deleted person's rows losing their name add nothing), and a
-- new row moves the person's last day asking.
CREATE FUNCTION "reply_usage_days_added"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	INSERT INTO reply_usage_totals AS t (day, plan, model, replies, prompt_tokens, completion_tokens, estimated)
	SELECT day, plan, model, sum(replies), sum(prompt_tokens), sum(completion_tokens), sum(estimated)
	FROM new_rows GROUP BY 1, 2, 3
	ON CONFLICT (day, plan, model) DO UPDATE SET
		replies = t.replies + excluded.replies,
		prompt_tokens = t.prompt_tokens + excluded.prompt_tokens,
		completion_tokens = t.completion_tokens + excluded.completion_tokens,
		estimated = t.estimated + excluded.estimated;
	INSERT INTO reply_usage_last AS l (user_id, plan, day)
	SELECT user_id, plan, max(day) FROM new_rows WHERE user_id IS NOT NULL GROUP BY 1, 2
	UNION ALL
	SELECT user_id, -1, max(day) FROM new_rows WHERE user_id IS NOT NULL GROUP BY 1
	ON CONFLICT (user_id, plan) DO UPDATE SET day = greatest(l.day, excluded.day);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reply_usage_days_count_added" AFTER INSERT ON "reply_usage_days"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reply_usage_days_added();
--> statement-breakpoint
CREATE FUNCTION "reply_usage_days_changed"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	INSERT INTO reply_usage_totals AS t (day, plan, model, replies, prompt_tokens, completion_tokens, estimated)
	SELECT day, plan, model, sum(replies), sum(prompt_tokens), sum(completion_tokens), sum(estimated)
	FROM (
		SELECT day, plan, model, replies, prompt_tokens, completion_tokens, estimated FROM new_rows
		UNION ALL
		SELECT day, plan, model, -replies, -prompt_tokens, -completion_tokens, -estimated FROM old_rows
	) d GROUP BY 1, 2, 3
	ON CONFLICT (day, plan, model) DO UPDATE SET
		replies = t.replies + excluded.replies,
		prompt_tokens = t.prompt_tokens + excluded.prompt_tokens,
		completion_tokens = t.completion_tokens + excluded.completion_tokens,
		estimated = t.estimated + excluded.estimated;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reply_usage_days_count_changed" AFTER UPDATE ON "reply_usage_days"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reply_usage_days_changed();
--> statement-breakpoint
-- Sums deleted (nothing in the app deletes them; a person's go without a name): taken off the totals, and the last
-- day asking moves back to the person's last day left on the plan, or goes.
CREATE FUNCTION "reply_usage_days_removed"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	UPDATE reply_usage_totals t SET
		replies = t.replies - o.replies,
		prompt_tokens = t.prompt_tokens - o.prompt_tokens,
		completion_tokens = t.completion_tokens - o.completion_tokens,
		estimated = t.estimated - o.estimated
	FROM (
		SELECT day, plan, model, sum(replies) AS replies, sum(prompt_tokens) AS prompt_tokens,
			sum(completion_tokens) AS completion_tokens, sum(estimated) AS estimated
		FROM old_rows GROUP BY 1, 2, 3
	) o
	WHERE t.day = o.day AND t.plan = o.plan AND t.model = o.model;
	DELETE FROM reply_usage_last l
	WHERE l.user_id IN (SELECT user_id FROM old_rows) AND NOT EXISTS (
		SELECT 1 FROM reply_usage_days d WHERE d.user_id = l.user_id AND (l.plan = -1 OR d.plan = l.plan));
	UPDATE reply_usage_last l SET day = m.day
	FROM (
		SELECT d.user_id, d.plan, max(d.day) AS day FROM reply_usage_days d
		WHERE d.user_id IN (SELECT user_id FROM old_rows) GROUP BY 1, 2
		UNION ALL
		SELECT d.user_id, -1, max(d.day) FROM reply_usage_days d
		WHERE d.user_id IN (SELECT user_id FROM old_rows) GROUP BY 1
	) m
	WHERE l.user_id = m.user_id AND l.plan = m.plan AND l.day <> m.day;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reply_usage_days_count_removed" AFTER DELETE ON "reply_usage_days"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reply_usage_days_removed();
