CREATE TABLE "audit_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"at" bigint NOT NULL,
	"actor_id" text,
	"via" text NOT NULL,
	"action" text NOT NULL,
	"target_id" text,
	"target_email" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "audit_entries_at_idx" ON "audit_entries" USING btree ("at");