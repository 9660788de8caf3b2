CREATE TABLE "auto_renewals" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"card_token_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_upgrades" (
	"transaction_id" integer PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"weekly_minutes" integer NOT NULL,
	"weeks" integer NOT NULL,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_upgrades_weekly_minutes_check" CHECK ("subscription_upgrades"."weekly_minutes" > 0 and "subscription_upgrades"."weekly_minutes" <= 10080),
	CONSTRAINT "subscription_upgrades_weeks_check" CHECK ("subscription_upgrades"."weeks" > 0)
);
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_status_check";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "for_next_period" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auto_renewals" ADD CONSTRAINT "auto_renewals_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_renewals" ADD CONSTRAINT "auto_renewals_card_token_id_fkey" FOREIGN KEY ("card_token_id") REFERENCES "public"."card_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_upgrades" ADD CONSTRAINT "subscription_upgrades_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_upgrades" ADD CONSTRAINT "subscription_upgrades_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_upgrades" ADD CONSTRAINT "subscription_upgrades_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_upgrades_subscription_idx" ON "subscription_upgrades" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_scheduled_per_student" ON "subscriptions" USING btree ("student_id") WHERE "subscriptions"."status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'scheduled', 'ended', 'cancelled'));--> statement-breakpoint
-- Hand-written (drizzle-kit cannot express it): a student's paid periods never overlap, so a period paid in
-- advance starts no sooner than the one under way ends. Cancelled periods and free trials (replaced when a paid
-- plan starts) are left out.
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_paid_no_overlap" EXCLUDE USING gist ("student_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" <> 'cancelled' AND "period" <> 'freeTrial');
