CREATE TABLE "card_note_types" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"fields" jsonb NOT NULL,
	"templates" jsonb NOT NULL,
	"css" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_notes" ADD COLUMN "note_type_id" text;--> statement-breakpoint
ALTER TABLE "card_notes" ADD COLUMN "fields" jsonb;--> statement-breakpoint
ALTER TABLE "card_notes" ADD COLUMN "sides" jsonb;--> statement-breakpoint
ALTER TABLE "card_note_types" ADD CONSTRAINT "card_note_types_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_note_types_user_idx" ON "card_note_types" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "card_notes" ADD CONSTRAINT "card_notes_note_type_id_card_note_types_id_fk" FOREIGN KEY ("note_type_id") REFERENCES "public"."card_note_types"("id") ON DELETE cascade ON UPDATE no action;