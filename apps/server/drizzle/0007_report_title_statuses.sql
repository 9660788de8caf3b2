ALTER TABLE "reports" DROP CONSTRAINT "reports_status_check";--> statement-breakpoint
-- Reports filed before titles existed take the start of their description as their title.
ALTER TABLE "reports" ADD COLUMN "title" text;--> statement-breakpoint
UPDATE "reports" SET "title" = coalesce(nullif(left(trim("description"), 120), ''), '—');--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "title" SET NOT NULL;--> statement-breakpoint
-- 'dismissed' is gone: a dismissed report was closed by staff, which is now 'resolved'.
UPDATE "reports" SET "status" = 'resolved', "resolved_at" = coalesce("resolved_at", "updated_at") WHERE "status" IN ('resolved', 'dismissed');--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_title_check" CHECK (char_length("reports"."title") between 1 and 120);--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_check" CHECK ("reports"."status" <> 'resolved' or "reports"."resolved_at" is not null);--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'in_progress', 'resolved'));
