CREATE TABLE "subscription_pauses" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"weeks" integer NOT NULL,
	"ended_early_at" timestamp with time zone,
	"ended_early_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_pauses_dates_check" CHECK ("subscription_pauses"."starts_at" < "subscription_pauses"."ends_at"),
	CONSTRAINT "subscription_pauses_weeks_check" CHECK ("subscription_pauses"."weeks" between 1 and 8),
	CONSTRAINT "subscription_pauses_ended_check" CHECK ("subscription_pauses"."ended_early_at" is null or "subscription_pauses"."ended_early_by" is not null)
);
--> statement-breakpoint
ALTER TABLE "subscription_pauses" ADD CONSTRAINT "subscription_pauses_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_pauses" ADD CONSTRAINT "subscription_pauses_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "public"."students"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_pauses" ADD CONSTRAINT "subscription_pauses_ended_early_by_fkey" FOREIGN KEY ("ended_early_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_pauses_one_per_period" ON "subscription_pauses" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscription_pauses_student_idx" ON "subscription_pauses" USING btree ("student_id","starts_at");--> statement-breakpoint
-- Hand-written (drizzle-kit cannot express it): a student's pauses never overlap.
ALTER TABLE "subscription_pauses" ADD CONSTRAINT "subscription_pauses_no_overlap" EXCLUDE USING gist ("student_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&);
