ALTER TABLE "demo_sessions" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "cancel_reason" text;