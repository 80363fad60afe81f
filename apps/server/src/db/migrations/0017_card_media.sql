CREATE TABLE "card_media" (
	"user_id" text NOT NULL,
	"sha256" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "card_media_user_id_sha256_pk" PRIMARY KEY("user_id","sha256")
);
--> statement-breakpoint
ALTER TABLE "card_media" ADD CONSTRAINT "card_media_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;