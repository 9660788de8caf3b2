CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"muted_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"chosen_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_muted_kinds_check" CHECK ("notification_preferences"."muted_kinds" <@ array['lessonReminderDay', 'lessonReminderHour', 'subscriptionEnding']::text[])
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_notification_method_check";--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_notification_method_check" CHECK ("users"."notification_method" in ('email', 'whatsapp', 'telegram', 'none'));--> statement-breakpoint
-- A channel other than the default was a choice: its prompt is not shown again.
INSERT INTO "notification_preferences" ("user_id", "chosen_at") SELECT "id", now() FROM "users" WHERE "notification_method" <> 'none';
