CREATE TABLE "review_buckets" (
	"user_id" text NOT NULL,
	"deck_id" text NOT NULL,
	"bucket_start" bigint NOT NULL,
	"reviews" integer NOT NULL,
	"duration_ms" bigint NOT NULL,
	"mature" integer NOT NULL,
	"mature_passed" integer NOT NULL,
	CONSTRAINT "review_buckets_user_id_deck_id_bucket_start_pk" PRIMARY KEY("user_id","deck_id","bucket_start")
);
--> statement-breakpoint
ALTER TABLE "review_buckets" ADD CONSTRAINT "review_buckets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_buckets" ADD CONSTRAINT "review_buckets_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model functions or triggers): what keeps review_buckets equal to the
-- review log summed by (user, the card's deck, quarter hour). Decision 024.
-- A grade counts toward true retention when the card was in review state (2) on an interval of 21 days or more
-- (MATURE_INTERVAL_DAYS) before it: the analytics' "mature" (decision 013).
CREATE FUNCTION "review_is_mature"("p_state_before" smallint, "p_previous" jsonb) RETURNS boolean
	LANGUAGE sql IMMUTABLE
	AS $$ SELECT p_state_before = 2 AND (p_previous ->> 'scheduledDays')::int >= 21 $$;
--> statement-breakpoint
-- New log rows (a grade, an import): added to their card's deck, one statement per insert.
CREATE FUNCTION "review_buckets_add_logs"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	INSERT INTO review_buckets AS b (user_id, deck_id, bucket_start, reviews, duration_ms, mature, mature_passed)
	SELECT l.user_id, c.deck_id, l.reviewed_at - l.reviewed_at % 900000, count(*), sum(l.duration_ms),
		count(*) FILTER (WHERE review_is_mature(l.state_before, l.previous)),
		count(*) FILTER (WHERE l.rating > 1 AND review_is_mature(l.state_before, l.previous))
	FROM new_logs l JOIN cards c ON c.id = l.card_id
	GROUP BY 1, 2, 3
	ON CONFLICT (user_id, deck_id, bucket_start) DO UPDATE SET
		reviews = b.reviews + excluded.reviews,
		duration_ms = b.duration_ms + excluded.duration_ms,
		mature = b.mature + excluded.mature,
		mature_passed = b.mature_passed + excluded.mature_passed;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "review_logs_add_to_buckets" AFTER INSERT ON "review_logs"
	REFERENCING NEW TABLE AS new_logs FOR EACH STATEMENT EXECUTE FUNCTION review_buckets_add_logs();
--> statement-breakpoint
-- Log rows deleted while their card stays (an undo): taken off its deck. Rows deleted with their card find no card
-- here: the card's own trigger took them off, or its deck's or owner's buckets went by the foreign keys.
CREATE FUNCTION "review_buckets_remove_logs"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	UPDATE review_buckets b SET
		reviews = b.reviews - g.reviews,
		duration_ms = b.duration_ms - g.duration_ms,
		mature = b.mature - g.mature,
		mature_passed = b.mature_passed - g.mature_passed
	FROM (
		SELECT l.user_id, c.deck_id, l.reviewed_at - l.reviewed_at % 900000 AS bucket_start, count(*) AS reviews,
			sum(l.duration_ms) AS duration_ms,
			count(*) FILTER (WHERE review_is_mature(l.state_before, l.previous)) AS mature,
			count(*) FILTER (WHERE l.rating > 1 AND review_is_mature(l.state_before, l.previous)) AS mature_passed
		FROM old_logs l JOIN cards c ON c.id = l.card_id
		GROUP BY 1, 2, 3
	) g
	WHERE b.user_id = g.user_id AND b.deck_id = g.deck_id AND b.bucket_start = g.bucket_start;
	DELETE FROM review_buckets b
	USING (SELECT DISTINCT l.user_id, c.deck_id, l.reviewed_at - l.reviewed_at % 900000 AS bucket_start
		FROM old_logs l JOIN cards c ON c.id = l.card_id) g
	WHERE b.user_id = g.user_id AND b.deck_id = g.deck_id AND b.bucket_start = g.bucket_start AND b.reviews = 0;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "review_logs_remove_from_buckets" AFTER DELETE ON "review_logs"
	REFERENCING OLD TABLE AS old_logs FOR EACH STATEMENT EXECUTE FUNCTION review_buckets_remove_logs();
--> statement-breakpoint
-- Adds (p_sign 1) or takes off (-1) one card's whole log to or from a deck's buckets.
CREATE FUNCTION "review_buckets_shift_card"("p_card" text, "p_user" text, "p_deck" text, "p_sign" integer) RETURNS void
	LANGUAGE sql
	AS $$
	INSERT INTO review_buckets AS b (user_id, deck_id, bucket_start, reviews, duration_ms, mature, mature_passed)
	SELECT p_user, p_deck, l.reviewed_at - l.reviewed_at % 900000, p_sign * count(*), p_sign * sum(l.duration_ms),
		p_sign * count(*) FILTER (WHERE review_is_mature(l.state_before, l.previous)),
		p_sign * count(*) FILTER (WHERE l.rating > 1 AND review_is_mature(l.state_before, l.previous))
	FROM review_logs l WHERE l.card_id = p_card
	GROUP BY 3
	ON CONFLICT (user_id, deck_id, bucket_start) DO UPDATE SET
		reviews = b.reviews + excluded.reviews,
		duration_ms = b.duration_ms + excluded.duration_ms,
		mature = b.mature + excluded.mature,
		mature_passed = b.mature_passed + excluded.mature_passed;
	DELETE FROM review_buckets b
	WHERE b.user_id = p_user AND b.deck_id = p_deck AND b.reviews = 0
		AND b.bucket_start IN (SELECT l.reviewed_at - l.reviewed_at % 900000 FROM review_logs l WHERE l.card_id = p_card);
$$;
--> statement-breakpoint
-- A card deleted alone (its note, or a cloze number removed) takes its log off its deck's buckets before the log goes;
-- a card moved to another deck (its note moved) takes it along. A deck or an account being deleted is gone already
-- when its cards are, and its buckets go by the foreign keys: nothing to subtract.
CREATE FUNCTION "review_buckets_follow_card"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM decks d JOIN users u ON u.id = d.user_id WHERE d.id = OLD.deck_id) THEN
		PERFORM review_buckets_shift_card(OLD.id, OLD.user_id, OLD.deck_id, -1);
	END IF;
	IF TG_OP = 'UPDATE' THEN
		PERFORM review_buckets_shift_card(NEW.id, NEW.user_id, NEW.deck_id, 1);
	END IF;
	RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cards_remove_from_buckets" BEFORE DELETE ON "cards"
	FOR EACH ROW EXECUTE FUNCTION review_buckets_follow_card();
--> statement-breakpoint
CREATE TRIGGER "cards_move_buckets" AFTER UPDATE OF "deck_id" ON "cards"
	FOR EACH ROW WHEN (OLD.deck_id IS DISTINCT FROM NEW.deck_id) EXECUTE FUNCTION review_buckets_follow_card();
--> statement-breakpoint
-- The log so far.
INSERT INTO "review_buckets" ("user_id", "deck_id", "bucket_start", "reviews", "duration_ms", "mature", "mature_passed")
SELECT l.user_id, c.deck_id, l.reviewed_at - l.reviewed_at % 900000, count(*), sum(l.duration_ms),
	count(*) FILTER (WHERE review_is_mature(l.state_before, l.previous)),
	count(*) FILTER (WHERE l.rating > 1 AND review_is_mature(l.state_before, l.previous))
FROM "review_logs" l JOIN "cards" c ON c.id = l.card_id
GROUP BY 1, 2, 3;
