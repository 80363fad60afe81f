CREATE TABLE "people_total" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"people" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_figures" (
	"user_id" text PRIMARY KEY NOT NULL,
	"replies_month" date DEFAULT '1970-01-01' NOT NULL,
	"replies" integer DEFAULT 0 NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	"cards" integer DEFAULT 0 NOT NULL,
	"lessons" integer DEFAULT 0 NOT NULL,
	"last_sign_in" timestamp with time zone,
	"sign_in" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "person_figures" ADD CONSTRAINT "person_figures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "person_figures_replies_idx" ON "person_figures" USING btree ("replies_month","replies","user_id");--> statement-breakpoint
CREATE INDEX "person_figures_tokens_idx" ON "person_figures" USING btree ("tokens","user_id");--> statement-breakpoint
CREATE INDEX "person_figures_cards_idx" ON "person_figures" USING btree ("cards","user_id");--> statement-breakpoint
CREATE INDEX "person_figures_lessons_idx" ON "person_figures" USING btree ("lessons","user_id");--> statement-breakpoint
CREATE INDEX "person_figures_sign_in_idx" ON "person_figures" USING btree ("sign_in","user_id");--> statement-breakpoint
CREATE INDEX "person_figures_last_sign_in_idx" ON "person_figures" USING btree ("last_sign_in","user_id");--> statement-breakpoint
CREATE INDEX "person_figures_last_sign_in_desc_idx" ON "person_figures" USING btree ("last_sign_in" desc nulls last,"user_id" desc);--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_plan_idx" ON "users" USING btree ("plan","expire_at","id");--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model functions or triggers): what keeps each person's figures equal to the
-- rows they count, in the statement that writes those rows (decision 037 "The people list at scale"). Only updates
-- here, never inserts, but for a new account: a count arriving for a person being deleted finds no row and adds none.
CREATE FUNCTION "month_of"("p_day" date) RETURNS date
	LANGUAGE sql IMMUTABLE
	AS $$ SELECT p_day - (extract(day FROM p_day)::int - 1) $$;
--> statement-breakpoint
INSERT INTO "people_total" ("id", "people") SELECT 1, count(*) FROM "users";
--> statement-breakpoint
INSERT INTO "person_figures" ("user_id", "sign_in", "last_sign_in", "cards", "lessons", "replies_month", "replies", "tokens")
SELECT u.id,
	CASE WHEN u.password_hash IS NULL THEN 2 WHEN i.user_id IS NOT NULL THEN 1 ELSE 0 END,
	s.at, coalesce(c.n, 0), coalesce(l.n, 0), coalesce(r.month, '1970-01-01'), coalesce(r.replies, 0), coalesce(t.tokens, 0)
FROM "users" u
LEFT JOIN (SELECT DISTINCT user_id FROM "identities") i ON i.user_id = u.id
LEFT JOIN (SELECT user_id, max(created_at) AS at FROM "sessions" GROUP BY 1) s ON s.user_id = u.id
LEFT JOIN (SELECT user_id, count(*) AS n FROM "cards" GROUP BY 1) c ON c.user_id = u.id
LEFT JOIN (SELECT user_id, count(*) AS n FROM "lesson_progress" GROUP BY 1) l ON l.user_id = u.id
LEFT JOIN (
	SELECT DISTINCT ON (user_id) user_id, month, replies FROM (
		SELECT user_id, month_of(day) AS month, sum(replies) AS replies FROM "reply_usage_days"
		WHERE user_id IS NOT NULL GROUP BY 1, 2
	) m ORDER BY user_id, month DESC
) r ON r.user_id = u.id
LEFT JOIN (
	SELECT user_id, sum(prompt_tokens + completion_tokens) AS tokens FROM "reply_usage_days"
	WHERE user_id IS NOT NULL GROUP BY 1
) t ON t.user_id = u.id;
--> statement-breakpoint
-- A new account: its row, how it signs in (its identities follow it), and the total.
CREATE FUNCTION "person_figures_users_added"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	INSERT INTO person_figures (user_id, sign_in)
	SELECT id, CASE WHEN password_hash IS NULL THEN 2 ELSE 0 END FROM new_users;
	UPDATE people_total SET people = people + (SELECT count(*) FROM new_users) WHERE id = 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "person_figures_users_added" AFTER INSERT ON "users"
	REFERENCING NEW TABLE AS new_users FOR EACH STATEMENT EXECUTE FUNCTION person_figures_users_added();
--> statement-breakpoint
-- An account deleted: its row goes by the foreign key; the total loses it.
CREATE FUNCTION "person_figures_users_removed"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	UPDATE people_total SET people = people - (SELECT count(*) FROM old_users) WHERE id = 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "person_figures_users_removed" AFTER DELETE ON "users"
	REFERENCING OLD TABLE AS old_users FOR EACH STATEMENT EXECUTE FUNCTION person_figures_users_removed();
--> statement-breakpoint
-- How the people named sign in: 2 without a password (third-party only), 1 with a password and an identity, 0 with a
-- password alone.
CREATE FUNCTION "person_figures_sign_in"("p_ids" text[]) RETURNS void
	LANGUAGE sql
	AS $$
	UPDATE person_figures f SET sign_in = CASE
		WHEN u.password_hash IS NULL THEN 2
		WHEN EXISTS (SELECT 1 FROM identities i WHERE i.user_id = u.id) THEN 1
		ELSE 0 END
	FROM users u WHERE u.id = f.user_id AND f.user_id = ANY (p_ids)
$$;
--> statement-breakpoint
CREATE FUNCTION "person_figures_password_changed"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	PERFORM person_figures_sign_in(ARRAY[NEW.id]);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "person_figures_password_changed" AFTER UPDATE OF "password_hash" ON "users"
	FOR EACH ROW WHEN (OLD.password_hash IS DISTINCT FROM NEW.password_hash)
	EXECUTE FUNCTION person_figures_password_changed();
--> statement-breakpoint
CREATE FUNCTION "person_figures_identities_added"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	PERFORM person_figures_sign_in(ARRAY(SELECT DISTINCT user_id FROM new_identities));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "person_figures_identities_added" AFTER INSERT ON "identities"
	REFERENCING NEW TABLE AS new_identities FOR EACH STATEMENT EXECUTE FUNCTION person_figures_identities_added();
--> statement-breakpoint
CREATE FUNCTION "person_figures_identities_removed"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	PERFORM person_figures_sign_in(ARRAY(SELECT DISTINCT user_id FROM old_identities));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "person_figures_identities_removed" AFTER DELETE ON "identities"
	REFERENCING OLD TABLE AS old_identities FOR EACH STATEMENT EXECUTE FUNCTION person_figures_identities_removed();
--> statement-breakpoint
-- The newest session's start: a new session can only move it later; a deleted one that was the newest sends it back
-- to the newest left, or to none.
CREATE FUNCTION "person_figures_sessions_added"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	UPDATE person_figures f SET last_sign_in = greatest(f.last_sign_in, n.at)
	FROM (SELECT user_id, max(created_at) AS at FROM new_sessions GROUP BY 1) n
	WHERE f.user_id = n.user_id AND f.last_sign_in IS DISTINCT FROM greatest(f.last_sign_in, n.at);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "person_figures_sessions_added" AFTER INSERT ON "sessions"
	REFERENCING NEW TABLE AS new_sessions FOR EACH STATEMENT EXECUTE FUNCTION person_figures_sessions_added();
--> statement-breakpoint
CREATE FUNCTION "person_figures_sessions_removed"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	UPDATE person_figures f SET last_sign_in = (SELECT max(s.created_at) FROM sessions s WHERE s.user_id = f.user_id)
	FROM (SELECT user_id, max(created_at) AS at FROM old_sessions GROUP BY 1) o
	WHERE f.user_id = o.user_id AND o.at >= f.last_sign_in;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "person_figures_sessions_removed" AFTER DELETE ON "sessions"
	REFERENCING OLD TABLE AS old_sessions FOR EACH STATEMENT EXECUTE FUNCTION person_figures_sessions_removed();
--> statement-breakpoint
-- Cards and lessons started: added and taken off as their rows are written and deleted.
CREATE FUNCTION "person_figures_cards_added"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	UPDATE person_figures f SET cards = f.cards + n.n
	FROM (SELECT user_id, count(*) AS n FROM new_cards GROUP BY 1) n WHERE f.user_id = n.user_id;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "person_figures_cards_added" AFTER INSERT ON "cards"
	REFERENCING NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION person_figures_cards_added();
--> statement-breakpoint
CREATE FUNCTION "person_figures_cards_removed"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	UPDATE person_figures f SET cards = f.cards - o.n
	FROM (SELECT user_id, count(*) AS n FROM old_cards GROUP BY 1) o WHERE f.user_id = o.user_id;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "person_figures_cards_removed" AFTER DELETE ON "cards"
	REFERENCING OLD TABLE AS old_cards FOR EACH STATEMENT EXECUTE FUNCTION person_figures_cards_removed();
--> statement-breakpoint
CREATE FUNCTION "person_figures_lessons_added"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	UPDATE person_figures f SET lessons = f.lessons + n.n
	FROM (SELECT user_id, count(*) AS n FROM new_lessons GROUP BY 1) n WHERE f.user_id = n.user_id;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "person_figures_lessons_added" AFTER INSERT ON "lesson_progress"
	REFERENCING NEW TABLE AS new_lessons FOR EACH STATEMENT EXECUTE FUNCTION person_figures_lessons_added();
--> statement-breakpoint
CREATE FUNCTION "person_figures_lessons_removed"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	UPDATE person_figures f SET lessons = f.lessons - o.n
	FROM (SELECT user_id, count(*) AS n FROM old_lessons GROUP BY 1) o WHERE f.user_id = o.user_id;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "person_figures_lessons_removed" AFTER DELETE ON "lesson_progress"
	REFERENCING OLD TABLE AS old_lessons FOR EACH STATEMENT EXECUTE FUNCTION person_figures_lessons_removed();
--> statement-breakpoint
-- A person's replies and tokens, from the days' sums (reply_usage_days, as the usage page): each change counted, an
-- update's new values less its old ones. Tokens add up over every month; replies only in the newest month the change
-- touches, which replaces the kept month when later and is dropped when earlier (a reply kept just after midnight for
-- the month before).
--> statement-breakpoint
CREATE FUNCTION "person_figures_replies_added"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	UPDATE person_figures f SET
		replies = CASE
			WHEN d.month > f.replies_month THEN d.replies
			WHEN d.month = f.replies_month THEN f.replies + d.replies
			ELSE f.replies END,
		replies_month = greatest(f.replies_month, d.month),
		tokens = f.tokens + d.tokens
	FROM (
		SELECT user_id, max(newest) AS month, coalesce(sum(replies) FILTER (WHERE month = newest), 0) AS replies,
			sum(tokens) AS tokens
		FROM (
			SELECT user_id, month_of(day) AS month, max(month_of(day)) OVER (PARTITION BY user_id) AS newest, replies,
				tokens
			FROM (SELECT user_id, day, replies, prompt_tokens + completion_tokens AS tokens FROM new_rows) c WHERE user_id IS NOT NULL
		) r GROUP BY user_id
	) d
	WHERE f.user_id = d.user_id;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "person_figures_replies_added" AFTER INSERT ON "reply_usage_days"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION person_figures_replies_added();
--> statement-breakpoint
CREATE FUNCTION "person_figures_replies_changed"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	UPDATE person_figures f SET
		replies = CASE
			WHEN d.month > f.replies_month THEN d.replies
			WHEN d.month = f.replies_month THEN f.replies + d.replies
			ELSE f.replies END,
		replies_month = greatest(f.replies_month, d.month),
		tokens = f.tokens + d.tokens
	FROM (
		SELECT user_id, max(newest) AS month, coalesce(sum(replies) FILTER (WHERE month = newest), 0) AS replies,
			sum(tokens) AS tokens
		FROM (
			SELECT user_id, month_of(day) AS month, max(month_of(day)) OVER (PARTITION BY user_id) AS newest, replies,
				tokens
			FROM (SELECT user_id, day, replies, prompt_tokens + completion_tokens AS tokens FROM new_rows
				UNION ALL SELECT user_id, day, -replies, -(prompt_tokens + completion_tokens) FROM old_rows) c
			WHERE user_id IS NOT NULL
		) r GROUP BY user_id
	) d
	WHERE f.user_id = d.user_id;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "person_figures_replies_changed" AFTER UPDATE ON "reply_usage_days"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION person_figures_replies_changed();
--> statement-breakpoint
CREATE FUNCTION "person_figures_replies_removed"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	UPDATE person_figures f SET
		replies = CASE
			WHEN d.month > f.replies_month THEN d.replies
			WHEN d.month = f.replies_month THEN f.replies + d.replies
			ELSE f.replies END,
		replies_month = greatest(f.replies_month, d.month),
		tokens = f.tokens + d.tokens
	FROM (
		SELECT user_id, max(newest) AS month, coalesce(sum(replies) FILTER (WHERE month = newest), 0) AS replies,
			sum(tokens) AS tokens
		FROM (
			SELECT user_id, month_of(day) AS month, max(month_of(day)) OVER (PARTITION BY user_id) AS newest, replies,
				tokens
			FROM (SELECT user_id, day, -replies AS replies, -(prompt_tokens + completion_tokens) AS tokens FROM old_rows) c
			WHERE user_id IS NOT NULL
		) r GROUP BY user_id
	) d
	WHERE f.user_id = d.user_id;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "person_figures_replies_removed" AFTER DELETE ON "reply_usage_days"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION person_figures_replies_removed();
