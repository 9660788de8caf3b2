ALTER TABLE "invoices" ADD COLUMN "pending_update" jsonb;--> statement-breakpoint
-- Edits made before "approve update" existed were applied at once: nothing awaits approval, so they read pending.
UPDATE "invoices" SET "label" = 'pending' WHERE "label" = 'updated-by-receiver';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_pending_update_check" CHECK (("invoices"."label" = 'updated-by-receiver') = ("invoices"."pending_update" is not null));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_pending_amount_check" CHECK ("invoices"."pending_update" is null or (("invoices"."pending_update"->>'amountPiastres')::int between 10000 and 5000000));--> statement-breakpoint
-- Processed (7) is now set when a paid transaction's subscription starts: paid ones that started theirs are processed.
INSERT INTO "transaction_events" ("transaction_id", "from_status", "to_status", "source", "note", "at")
SELECT "transactions"."id", 1, 7, 'system', 'processed at upgrade: its subscription had started', now()
FROM "transactions" WHERE "transactions"."status" = 1 AND EXISTS (SELECT 1 FROM "subscriptions" WHERE "subscriptions"."transaction_id" = "transactions"."id");--> statement-breakpoint
UPDATE "transactions" SET "status" = 7, "updated_at" = now()
WHERE "status" = 1 AND EXISTS (SELECT 1 FROM "subscriptions" WHERE "subscriptions"."transaction_id" = "transactions"."id");
