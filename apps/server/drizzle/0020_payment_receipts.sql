CREATE TABLE "receipt_counters" (
	"year" smallint PRIMARY KEY NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "receipt_counters_year_check" CHECK ("receipt_counters"."year" between 2000 and 9999),
	CONSTRAINT "receipt_counters_last_check" CHECK ("receipt_counters"."last" > 0)
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "receipt_number" text;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_receipt_number_key" ON "transactions" USING btree ("receipt_number");--> statement-breakpoint
-- Payments paid before receipts were numbered get theirs, in the order they were paid within each Cairo year.
WITH numbered AS (
	SELECT "id", extract(year FROM "paid_at" AT TIME ZONE 'Africa/Cairo')::int AS "year",
		row_number() OVER (PARTITION BY extract(year FROM "paid_at" AT TIME ZONE 'Africa/Cairo') ORDER BY "paid_at", "id") AS "n"
	FROM "transactions" WHERE "status" IN (1, 3, 5, 7)
)
UPDATE "transactions" SET "receipt_number" = 'DRS-' || numbered."year" || '-' || lpad(numbered."n"::text, 6, '0')
FROM numbered WHERE "transactions"."id" = numbered."id";--> statement-breakpoint
INSERT INTO "receipt_counters" ("year", "last")
SELECT extract(year FROM "paid_at" AT TIME ZONE 'Africa/Cairo')::int, count(*)
FROM "transactions" WHERE "status" IN (1, 3, 5, 7) GROUP BY 1;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_receipt_number_check" CHECK (("transactions"."status" not in (1, 3, 5, 7) or "transactions"."receipt_number" is not null) and ("transactions"."receipt_number" is null or "transactions"."receipt_number" ~ '^DRS-[0-9]{4}-[0-9]{6,}$'));