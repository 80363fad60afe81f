CREATE TABLE "active_last_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"people" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "active_week_last_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"people" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reply_usage_last_counts" (
	"plan" integer NOT NULL,
	"day" date NOT NULL,
	"people" integer NOT NULL,
	CONSTRAINT "reply_usage_last_counts_plan_day_pk" PRIMARY KEY("plan","day")
);
--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model functions or triggers; decision 037 "Counts kept as rows are
-- written"): the people seen or asking in a period were counted a row a person; now a row a day, by each person's
-- last day (overall, in each week, on each plan).
DROP TRIGGER "active_weeks_count_added" ON "active_weeks";
--> statement-breakpoint
DROP TRIGGER "active_weeks_count_removed" ON "active_weeks";
--> statement-breakpoint
DROP FUNCTION "active_weeks_added"();
--> statement-breakpoint
DROP FUNCTION "active_weeks_removed"();
--> statement-breakpoint
DROP TABLE "active_week_counts" CASCADE;
--> statement-breakpoint
ALTER TABLE "active_weeks" ADD COLUMN "last_day" date;
--> statement-breakpoint
UPDATE "active_weeks" w SET "last_day" = m."day"
FROM (SELECT week_of("day") AS "week", "user_id", max("day") AS "day" FROM "active_days" GROUP BY 1, 2) m
WHERE w."week" = m."week" AND w."user_id" = m."user_id";
--> statement-breakpoint
ALTER TABLE "active_weeks" ALTER COLUMN "last_day" SET NOT NULL;
--> statement-breakpoint
INSERT INTO "active_week_last_counts" ("day", "people") SELECT "last_day", count(*) FROM "active_weeks" GROUP BY 1;
--> statement-breakpoint
INSERT INTO "active_last_counts" ("day", "people") SELECT "day", count(*) FROM "active_last" GROUP BY 1;
--> statement-breakpoint
INSERT INTO "reply_usage_last_counts" ("plan", "day", "people")
SELECT "plan", "day", count(*) FROM "reply_usage_last" GROUP BY 1, 2;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "active_days_added"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	INSERT INTO active_day_counts AS c (day, people)
	SELECT day, count(*) FROM new_days GROUP BY day ORDER BY day
	ON CONFLICT (day) DO UPDATE SET people = c.people + excluded.people;
	INSERT INTO active_weeks AS w (week, user_id, last_day)
	SELECT week_of(day), user_id, max(day) FROM new_days GROUP BY 1, 2
	ON CONFLICT (week, user_id) DO UPDATE SET last_day = greatest(w.last_day, excluded.last_day)
	WHERE w.last_day < excluded.last_day;
	INSERT INTO active_last AS l (user_id, day)
	SELECT user_id, max(day) FROM new_days GROUP BY user_id
	ON CONFLICT (user_id) DO UPDATE SET day = greatest(l.day, excluded.day) WHERE l.day < excluded.day;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "active_days_removed"() RETURNS trigger
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
	UPDATE active_weeks w SET last_day = m.day
	FROM (SELECT week_of(d.day) AS week, d.user_id, max(d.day) AS day FROM active_days d
		WHERE d.user_id IN (SELECT user_id FROM old_days) GROUP BY 1, 2) m
	WHERE w.week = m.week AND w.user_id = m.user_id AND w.last_day <> m.day;
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
-- Each last day's count follows its rows: +1 for a row's new day, -1 for its old one, added a day at a time in the
-- days' order (so two statements never wait for each other's days the other way round).
CREATE FUNCTION "active_weeks_moved"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO active_week_last_counts AS c (day, people)
		SELECT last_day, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
		ON CONFLICT (day) DO UPDATE SET people = c.people + excluded.people;
	ELSIF TG_OP = 'UPDATE' THEN
		INSERT INTO active_week_last_counts AS c (day, people)
		SELECT day, sum(people) FROM (
			SELECT last_day AS day, 1 AS people FROM new_rows UNION ALL SELECT last_day, -1 FROM old_rows
		) m GROUP BY 1 HAVING sum(people) <> 0 ORDER BY 1
		ON CONFLICT (day) DO UPDATE SET people = c.people + excluded.people;
	ELSE
		UPDATE active_week_last_counts c SET people = c.people - o.people
		FROM (SELECT last_day AS day, count(*) AS people FROM old_rows GROUP BY 1) o
		WHERE c.day = o.day;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "active_weeks_count_added" AFTER INSERT ON "active_weeks"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION active_weeks_moved();
--> statement-breakpoint
CREATE TRIGGER "active_weeks_count_moved" AFTER UPDATE ON "active_weeks"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION active_weeks_moved();
--> statement-breakpoint
CREATE TRIGGER "active_weeks_count_removed" AFTER DELETE ON "active_weeks"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION active_weeks_moved();
--> statement-breakpoint
CREATE FUNCTION "active_last_moved"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO active_last_counts AS c (day, people)
		SELECT day, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
		ON CONFLICT (day) DO UPDATE SET people = c.people + excluded.people;
	ELSIF TG_OP = 'UPDATE' THEN
		INSERT INTO active_last_counts AS c (day, people)
		SELECT day, sum(people) FROM (
			SELECT day, 1 AS people FROM new_rows UNION ALL SELECT day, -1 FROM old_rows
		) m GROUP BY 1 HAVING sum(people) <> 0 ORDER BY 1
		ON CONFLICT (day) DO UPDATE SET people = c.people + excluded.people;
	ELSE
		UPDATE active_last_counts c SET people = c.people - o.people
		FROM (SELECT day, count(*) AS people FROM old_rows GROUP BY 1) o
		WHERE c.day = o.day;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "active_last_count_added" AFTER INSERT ON "active_last"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION active_last_moved();
--> statement-breakpoint
CREATE TRIGGER "active_last_count_moved" AFTER UPDATE ON "active_last"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION active_last_moved();
--> statement-breakpoint
CREATE TRIGGER "active_last_count_removed" AFTER DELETE ON "active_last"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION active_last_moved();
--> statement-breakpoint
CREATE FUNCTION "reply_usage_last_moved"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO reply_usage_last_counts AS c (plan, day, people)
		SELECT plan, day, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (plan, day) DO UPDATE SET people = c.people + excluded.people;
	ELSIF TG_OP = 'UPDATE' THEN
		INSERT INTO reply_usage_last_counts AS c (plan, day, people)
		SELECT plan, day, sum(people) FROM (
			SELECT plan, day, 1 AS people FROM new_rows UNION ALL SELECT plan, day, -1 FROM old_rows
		) m GROUP BY 1, 2 HAVING sum(people) <> 0 ORDER BY 1, 2
		ON CONFLICT (plan, day) DO UPDATE SET people = c.people + excluded.people;
	ELSE
		UPDATE reply_usage_last_counts c SET people = c.people - o.people
		FROM (SELECT plan, day, count(*) AS people FROM old_rows GROUP BY 1, 2) o
		WHERE c.plan = o.plan AND c.day = o.day;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reply_usage_last_count_added" AFTER INSERT ON "reply_usage_last"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reply_usage_last_moved();
--> statement-breakpoint
CREATE TRIGGER "reply_usage_last_count_moved" AFTER UPDATE ON "reply_usage_last"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reply_usage_last_moved();
--> statement-breakpoint
CREATE TRIGGER "reply_usage_last_count_removed" AFTER DELETE ON "reply_usage_last"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reply_usage_last_moved();
--> statement-breakpoint
-- The last day asking moves only forward: a reply on a day already counted writes nothing more.
CREATE OR REPLACE FUNCTION "reply_usage_days_added"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	INSERT INTO reply_usage_totals AS t (day, plan, model, replies, prompt_tokens, completion_tokens, estimated)
	SELECT day, plan, model, sum(replies), sum(prompt_tokens), sum(completion_tokens), sum(estimated)
	FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
	ON CONFLICT (day, plan, model) DO UPDATE SET
		replies = t.replies + excluded.replies,
		prompt_tokens = t.prompt_tokens + excluded.prompt_tokens,
		completion_tokens = t.completion_tokens + excluded.completion_tokens,
		estimated = t.estimated + excluded.estimated;
	INSERT INTO reply_usage_last AS l (user_id, plan, day)
	SELECT user_id, plan, max(day) FROM new_rows WHERE user_id IS NOT NULL GROUP BY 1, 2
	UNION ALL
	SELECT user_id, -1, max(day) FROM new_rows WHERE user_id IS NOT NULL GROUP BY 1
	ON CONFLICT (user_id, plan) DO UPDATE SET day = excluded.day WHERE l.day < excluded.day;
	RETURN NULL;
END
$$;
