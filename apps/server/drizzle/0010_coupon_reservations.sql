ALTER TABLE "coupons" DROP CONSTRAINT "coupons_used_count_check";--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "reserved_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Checkouts open at the upgrade hold their coupon's use, as new ones do (never past the limit).
UPDATE "coupons" SET "reserved_count" = LEAST("open"."count", COALESCE("coupons"."usage_limit" - "coupons"."used_count", "open"."count"))
FROM (SELECT "coupon_id", count(*)::int AS "count" FROM "transactions" WHERE "status" = 0 AND "coupon_id" IS NOT NULL GROUP BY "coupon_id") AS "open"
WHERE "open"."coupon_id" = "coupons"."id";--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_used_count_check" CHECK ("coupons"."used_count" >= 0 and "coupons"."reserved_count" >= 0 and ("coupons"."usage_limit" is null or "coupons"."used_count" + "coupons"."reserved_count" <= "coupons"."usage_limit"));