CREATE TABLE "reply_usage_person_days" (
	"day" date NOT NULL,
	"user_id" text NOT NULL,
	"replies" bigint NOT NULL,
	"tokens" bigint NOT NULL,
	CONSTRAINT "reply_usage_person_days_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
ALTER TABLE "reply_usage_person_days" ADD CONSTRAINT "reply_usage_person_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reply_usage_person_days_user_id_idx" ON "reply_usage_person_days" USING btree ("user_id","day");--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model functions or triggers; decision 037 "The heaviest users"): each
-- person's replies and tokens a UTC day, over every model and plan, kept from `reply_usage_days` in the statement that
-- writes its rows, as 0031's totals are. Filled from the sums kept before.
INSERT INTO "reply_usage_person_days" ("day", "user_id", "replies", "tokens")
SELECT "day", "user_id", sum("replies"), sum("prompt_tokens" + "completion_tokens")
FROM "reply_usage_days" WHERE "user_id" IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
-- New sums (a person's first reply of a day on a model and plan): added to the person's day, in the days' order.
CREATE FUNCTION "reply_usage_person_days_added"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	INSERT INTO reply_usage_person_days AS p (day, user_id, replies, tokens)
	SELECT day, user_id, sum(replies), sum(prompt_tokens + completion_tokens)
	FROM new_rows WHERE user_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT (day, user_id) DO UPDATE SET replies = p.replies + excluded.replies, tokens = p.tokens + excluded.tokens;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reply_usage_person_days_added" AFTER INSERT ON "reply_usage_days"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reply_usage_person_days_added();
--> statement-breakpoint
-- Sums changed (every reply after a day's first; a deleted person's losing their name): each person's day gets its new
-- values less its old ones. Only a day that gains replies may be made (a person being deleted loses replies, and their
-- rows go by the foreign key); a day left without replies goes.
CREATE FUNCTION "reply_usage_person_days_changed"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	INSERT INTO reply_usage_person_days AS p (day, user_id, replies, tokens)
	SELECT day, user_id, sum(replies), sum(tokens) FROM (
		SELECT day, user_id, replies, prompt_tokens + completion_tokens AS tokens FROM new_rows
		UNION ALL
		SELECT day, user_id, -replies, -(prompt_tokens + completion_tokens) FROM old_rows
	) c WHERE user_id IS NOT NULL GROUP BY 1, 2 HAVING sum(replies) > 0 ORDER BY 1, 2
	ON CONFLICT (day, user_id) DO UPDATE SET replies = p.replies + excluded.replies, tokens = p.tokens + excluded.tokens;
	UPDATE reply_usage_person_days p SET replies = p.replies + d.replies, tokens = p.tokens + d.tokens
	FROM (
		SELECT day, user_id, sum(replies) AS replies, sum(tokens) AS tokens FROM (
			SELECT day, user_id, replies, prompt_tokens + completion_tokens AS tokens FROM new_rows
			UNION ALL
			SELECT day, user_id, -replies, -(prompt_tokens + completion_tokens) FROM old_rows
		) c WHERE user_id IS NOT NULL GROUP BY 1, 2 HAVING sum(replies) <= 0 AND (sum(replies) <> 0 OR sum(tokens) <> 0)
	) d
	WHERE p.day = d.day AND p.user_id = d.user_id;
	DELETE FROM reply_usage_person_days p
	WHERE p.replies <= 0 AND (p.day, p.user_id) IN (SELECT day, user_id FROM old_rows WHERE user_id IS NOT NULL);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reply_usage_person_days_changed" AFTER UPDATE ON "reply_usage_days"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reply_usage_person_days_changed();
--> statement-breakpoint
-- Sums deleted (nothing in the app deletes them): taken off the person's day, which goes once it has no reply left.
CREATE FUNCTION "reply_usage_person_days_removed"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	UPDATE reply_usage_person_days p SET replies = p.replies - o.replies, tokens = p.tokens - o.tokens
	FROM (
		SELECT day, user_id, sum(replies) AS replies, sum(prompt_tokens + completion_tokens) AS tokens
		FROM old_rows WHERE user_id IS NOT NULL GROUP BY 1, 2
	) o
	WHERE p.day = o.day AND p.user_id = o.user_id;
	DELETE FROM reply_usage_person_days p
	WHERE p.replies <= 0 AND (p.day, p.user_id) IN (SELECT day, user_id FROM old_rows WHERE user_id IS NOT NULL);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reply_usage_person_days_removed" AFTER DELETE ON "reply_usage_days"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reply_usage_person_days_removed();
