CREATE TABLE "people_search" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reply_usage_person_windows" (
	"days" integer NOT NULL,
	"user_id" text NOT NULL,
	"replies" bigint NOT NULL,
	"tokens" bigint NOT NULL,
	CONSTRAINT "reply_usage_person_windows_days_user_id_pk" PRIMARY KEY("days","user_id")
);
--> statement-breakpoint
CREATE TABLE "reply_usage_windows" (
	"days" integer PRIMARY KEY NOT NULL,
	"through" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "people_search" ADD CONSTRAINT "people_search_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model functions, triggers or an index's collation; decision 037 "The
-- heaviest users, kept by period"): each person's sums over the console's own periods, kept from
-- `reply_usage_person_days` in the statement that writes its rows, for the days inside each window, and moved to a new
-- last day by `reply_usage_windows_roll`. The writers take a shared advisory lock and the move an exclusive one, so a
-- day is never added to a window that is moving past it. Filled from the days kept before, ending today (UTC).
CREATE INDEX "reply_usage_person_windows_top_idx" ON "reply_usage_person_windows" USING btree ("days", "tokens" DESC, "user_id" COLLATE "C");
--> statement-breakpoint
INSERT INTO "reply_usage_windows" ("days", "through")
SELECT d, (now() AT TIME ZONE 'UTC')::date FROM unnest(ARRAY[7, 30, 90]) d;
--> statement-breakpoint
INSERT INTO "reply_usage_person_windows" ("days", "user_id", "replies", "tokens")
SELECT w."days", p."user_id", sum(p."replies"), sum(p."tokens")
FROM "reply_usage_windows" w JOIN "reply_usage_person_days" p ON p."day" > w."through" - w."days" AND p."day" <= w."through"
GROUP BY 1, 2;
--> statement-breakpoint
-- The rows left without replies by a change, by their keys (each through the primary key, whatever the statistics).
CREATE FUNCTION "reply_usage_windows_drop"("p_days" integer[], "p_users" text[]) RETURNS void
	LANGUAGE plpgsql
	AS $$
BEGIN
	IF p_days IS NOT NULL THEN
		DELETE FROM reply_usage_person_windows p USING unnest(p_days, p_users) AS k(days, user_id)
		WHERE p.days = k.days AND p.user_id = k.user_id AND p.replies <= 0;
	END IF;
END
$$;
--> statement-breakpoint
-- New days of a person: added to every window holding them, in the keys' order.
CREATE FUNCTION "reply_usage_windows_added"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	PERFORM pg_advisory_xact_lock_shared(hashtext('turtle:reply_usage_windows'));
	INSERT INTO reply_usage_person_windows AS p (days, user_id, replies, tokens)
	SELECT w.days, n.user_id, sum(n.replies), sum(n.tokens)
	FROM new_rows n JOIN reply_usage_windows w ON n.day > w.through - w.days AND n.day <= w.through
	GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT (days, user_id) DO UPDATE SET replies = p.replies + excluded.replies, tokens = p.tokens + excluded.tokens;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reply_usage_windows_added" AFTER INSERT ON "reply_usage_person_days"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reply_usage_windows_added();
--> statement-breakpoint
-- Days changed (every reply after a person's first of the day; a deleted person's days losing their replies): each
-- window holding them gets the new values less the old ones; a person left without replies in a window has no row.
CREATE FUNCTION "reply_usage_windows_changed"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
DECLARE
	v_days integer[];
	v_users text[];
BEGIN
	PERFORM pg_advisory_xact_lock_shared(hashtext('turtle:reply_usage_windows'));
	WITH changed AS (
		INSERT INTO reply_usage_person_windows AS p (days, user_id, replies, tokens)
		SELECT w.days, c.user_id, sum(c.replies), sum(c.tokens) FROM (
			SELECT day, user_id, replies, tokens FROM new_rows
			UNION ALL
			SELECT day, user_id, -replies, -tokens FROM old_rows
		) c JOIN reply_usage_windows w ON c.day > w.through - w.days AND c.day <= w.through
		GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (days, user_id) DO UPDATE SET replies = p.replies + excluded.replies, tokens = p.tokens + excluded.tokens
		RETURNING p.days, p.user_id, p.replies
	)
	SELECT array_agg(days), array_agg(user_id) INTO v_days, v_users FROM changed WHERE replies <= 0;
	PERFORM reply_usage_windows_drop(v_days, v_users);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reply_usage_windows_changed" AFTER UPDATE ON "reply_usage_person_days"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reply_usage_windows_changed();
--> statement-breakpoint
-- Days gone (a day left without replies, a deleted person's days): taken off every window holding them.
CREATE FUNCTION "reply_usage_windows_removed"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
DECLARE
	v_days integer[];
	v_users text[];
BEGIN
	PERFORM pg_advisory_xact_lock_shared(hashtext('turtle:reply_usage_windows'));
	WITH changed AS (
		INSERT INTO reply_usage_person_windows AS p (days, user_id, replies, tokens)
		SELECT w.days, r.user_id, -sum(r.replies), -sum(r.tokens)
		FROM old_rows r JOIN reply_usage_windows w ON r.day > w.through - w.days AND r.day <= w.through
		GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (days, user_id) DO UPDATE SET replies = p.replies + excluded.replies, tokens = p.tokens + excluded.tokens
		RETURNING p.days, p.user_id, p.replies
	)
	SELECT array_agg(days), array_agg(user_id) INTO v_days, v_users FROM changed WHERE replies <= 0;
	PERFORM reply_usage_windows_drop(v_days, v_users);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reply_usage_windows_removed" AFTER DELETE ON "reply_usage_person_days"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reply_usage_windows_removed();
--> statement-breakpoint
-- Moves a window to end on `p_through`: the days entering it are added and those leaving it taken off, person by
-- person (a day at a time when the console reads it each day); a window moved by its length or more is summed afresh.
-- The exclusive lock waits for every writer's transaction holding a day's change, so none is counted twice or lost.
CREATE FUNCTION "reply_usage_windows_roll"("p_days" integer, "p_through" date) RETURNS void
	LANGUAGE plpgsql
	AS $$
DECLARE
	v_through date;
BEGIN
	PERFORM pg_advisory_xact_lock(hashtext('turtle:reply_usage_windows'));
	SELECT through INTO v_through FROM reply_usage_windows WHERE days = p_days;
	IF v_through = p_through THEN
		RETURN;
	END IF;
	IF v_through IS NULL OR abs(p_through - v_through) >= p_days THEN
		DELETE FROM reply_usage_person_windows WHERE days = p_days;
		INSERT INTO reply_usage_person_windows (days, user_id, replies, tokens)
		SELECT p_days, user_id, sum(replies), sum(tokens) FROM reply_usage_person_days
		WHERE day > p_through - p_days AND day <= p_through GROUP BY user_id;
	ELSE
		INSERT INTO reply_usage_person_windows AS p (days, user_id, replies, tokens)
		SELECT p_days, user_id, sum(replies), sum(tokens) FROM (
			SELECT user_id, replies, tokens FROM reply_usage_person_days
			WHERE day > p_through - p_days AND day <= p_through AND NOT (day > v_through - p_days AND day <= v_through)
			UNION ALL
			SELECT user_id, -replies, -tokens FROM reply_usage_person_days
			WHERE day > v_through - p_days AND day <= v_through AND NOT (day > p_through - p_days AND day <= p_through)
		) c GROUP BY user_id ORDER BY user_id
		ON CONFLICT (days, user_id) DO UPDATE SET replies = p.replies + excluded.replies, tokens = p.tokens + excluded.tokens;
		DELETE FROM reply_usage_person_windows WHERE days = p_days AND replies <= 0;
	END IF;
	INSERT INTO reply_usage_windows (days, through) VALUES (p_days, p_through)
	ON CONFLICT (days) DO UPDATE SET through = excluded.through;
END
$$;
--> statement-breakpoint
-- Each account's email and name lowered, for the people list's count of a search's matches (decision 037 "A search,
-- counted"): filled from the accounts, made with each account and changed with its email or name; gone with it by
-- the foreign key.
INSERT INTO "people_search" ("user_id", "email", "name") SELECT "id", lower("email"), lower("name") FROM "users";
--> statement-breakpoint
-- A search matching few people counts them from its trigrams; one matching most reads the narrow rows in turn. No
-- pending list (decision 048): accounts come seldom, and PGlite, which never vacuums, would keep every new one in it.
CREATE INDEX "people_search_email_trgm_idx" ON "people_search" USING gin ("email" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX "people_search_name_trgm_idx" ON "people_search" USING gin ("name" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
-- The same for the accounts' own trigram indexes (0028), which find a search's page: on PGlite every account made
-- since sat in their pending lists (100,000 on the bench: a search matching 11 people read them in 42 ms, then 8 ms).
ALTER INDEX "users_email_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "users_name_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('users_email_trgm_idx'::regclass), gin_clean_pending_list('users_name_trgm_idx'::regclass);
--> statement-breakpoint
CREATE FUNCTION "people_search_added"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	INSERT INTO people_search (user_id, email, name) SELECT id, lower(email), lower(name) FROM new_users;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "people_search_added" AFTER INSERT ON "users"
	REFERENCING NEW TABLE AS new_users FOR EACH STATEMENT EXECUTE FUNCTION people_search_added();
--> statement-breakpoint
CREATE FUNCTION "people_search_changed"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	UPDATE people_search SET email = lower(NEW.email), name = lower(NEW.name) WHERE user_id = NEW.id;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "people_search_changed" AFTER UPDATE OF "email", "name" ON "users"
	FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.name IS DISTINCT FROM NEW.name)
	EXECUTE FUNCTION people_search_changed();
--> statement-breakpoint
-- The embedded database never analyzes by itself: the new tables get their statistics now.
ANALYZE "reply_usage_windows", "reply_usage_person_windows", "people_search";
