CREATE TABLE "active_days" (
	"day" date NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "active_days_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
ALTER TABLE "active_days" ADD CONSTRAINT "active_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "active_days_user_id_idx" ON "active_days" USING btree ("user_id");