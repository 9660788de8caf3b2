-- What each payment bought: the plan's weekly minutes at checkout (existing rows take the plan's current ones).
ALTER TABLE "transactions" ADD COLUMN "weekly_minutes" integer;--> statement-breakpoint
UPDATE "transactions" SET "weekly_minutes" = "plans"."weekly_minutes" FROM "plans" WHERE "plans"."id" = "transactions"."plan_id";--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "weekly_minutes" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_weekly_minutes_check" CHECK ("transactions"."weekly_minutes" > 0 and "transactions"."weekly_minutes" <= 10080);--> statement-breakpoint
-- One open payment per student: older open ones of a student are expired first, as the expiry job would
-- (a provider that reports one paid later still moves it to paid), with the event that says why.
WITH "superseded" AS (
  UPDATE "transactions" SET "status" = 4, "updated_at" = now()
  WHERE "status" = 0 AND "id" NOT IN (SELECT max("id") FROM "transactions" WHERE "status" = 0 GROUP BY "user_id")
  RETURNING "id"
)
INSERT INTO "transaction_events" ("transaction_id", "from_status", "to_status", "source", "note")
SELECT "id", 0, 4, 'system', 'another payment of the student is open' FROM "superseded";--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_open_per_student" ON "transactions" USING btree ("user_id") WHERE "transactions"."status" = 0;
