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
ALTER TABLE "subscription_upgrades" ADD CONSTRAINT "subscription_upgrades_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_upgrades" ADD CONSTRAINT "subscription_upgrades_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_upgrades" ADD CONSTRAINT "subscription_upgrades_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_upgrades_subscription_idx" ON "subscription_upgrades" USING btree ("subscription_id");