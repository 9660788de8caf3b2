-- Hand-written (drizzle-kit cannot express it): btree_gist lets the exclusion constraints at the end mix
-- equality on ids with range overlap. It is a trusted extension: a database owner may create it.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"bucket" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"original_name" text,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"duration_seconds" integer,
	"width" integer,
	"height" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "assets_bucket_check" CHECK ("assets"."bucket" in ('uploads', 'receipts')),
	CONSTRAINT "assets_type_check" CHECK ("assets"."type" in ('image', 'video', 'thumbnail', 'receipt', 'screenshot', 'log', 'file')),
	CONSTRAINT "assets_name_check" CHECK ("assets"."name" ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$'),
	CONSTRAINT "assets_size_check" CHECK ("assets"."size_bytes" >= 0),
	CONSTRAINT "assets_duration_check" CHECK ("assets"."duration_seconds" is null or "assets"."duration_seconds" >= 0),
	CONSTRAINT "assets_dimensions_check" CHECK (("assets"."width" is null or "assets"."width" > 0) and ("assets"."height" is null or "assets"."height" > 0))
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "availability_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"tutor_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_slots_weekday_check" CHECK ("availability_slots"."weekday" between 0 and 6),
	CONSTRAINT "availability_slots_minutes_check" CHECK ("availability_slots"."start_minute" >= 0 and "availability_slots"."end_minute" <= 1440 and "availability_slots"."start_minute" < "availability_slots"."end_minute")
);
--> statement-breakpoint
CREATE TABLE "chat_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text,
	"direct_key" text,
	"lesson_id" integer,
	"interview_id" integer,
	"demo_session_id" integer,
	"created_by" integer,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_rooms_type_check" CHECK ("chat_rooms"."type" in ('general', 'lesson', 'interview', 'demoSession')),
	CONSTRAINT "chat_rooms_direct_key_check" CHECK ("chat_rooms"."direct_key" is null or "chat_rooms"."direct_key" ~ '^[0-9]+:[0-9]+$'),
	CONSTRAINT "chat_rooms_owner_check" CHECK (("chat_rooms"."lesson_id" is null or "chat_rooms"."type" = 'lesson') and ("chat_rooms"."interview_id" is null or "chat_rooms"."type" = 'interview') and ("chat_rooms"."demo_session_id" is null or "chat_rooms"."type" = 'demoSession') and ("chat_rooms"."direct_key" is null or "chat_rooms"."type" = 'general'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"sender_id" integer,
	"client_message_id" text,
	"body" text NOT NULL,
	"asset_id" integer,
	"pinned" boolean DEFAULT false NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_body_check" CHECK (char_length("messages"."body") <= 4000),
	CONSTRAINT "messages_client_message_id_check" CHECK (char_length("messages"."client_message_id") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "room_members" (
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"last_read_message_id" integer,
	"last_read_at" timestamp with time zone,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_members_pkey" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "contact_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"name" text,
	"email" text,
	"phone" text,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_requests_status_check" CHECK ("contact_requests"."status" in ('new', 'handled')),
	CONSTRAINT "contact_requests_title_check" CHECK (char_length("contact_requests"."title") between 1 and 300),
	CONSTRAINT "contact_requests_message_check" CHECK (char_length("contact_requests"."message") between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"inviter_id" integer,
	"name" text,
	"email" text,
	"phone" text,
	"role" smallint,
	"status" smallint DEFAULT 1 NOT NULL,
	"note" text,
	"invitee_id" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invites_status_check" CHECK ("invites"."status" between 1 and 3),
	CONSTRAINT "invites_role_check" CHECK ("invites"."role" is null or "invites"."role" between 1 and 6),
	CONSTRAINT "invites_code_check" CHECK (char_length("invites"."code") between 4 and 64)
);
--> statement-breakpoint
CREATE TABLE "earnings_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"tutor_id" integer NOT NULL,
	"kind" text DEFAULT 'lesson' NOT NULL,
	"lesson_id" integer,
	"amount_piastres" integer NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "earnings_entries_kind_check" CHECK ("earnings_entries"."kind" in ('lesson', 'adjustment')),
	CONSTRAINT "earnings_entries_amount_check" CHECK (("earnings_entries"."kind" = 'lesson' and "earnings_entries"."lesson_id" is not null and "earnings_entries"."amount_piastres" >= 0) or ("earnings_entries"."kind" = 'adjustment' and "earnings_entries"."lesson_id" is null and "earnings_entries"."amount_piastres" <> 0))
);
--> statement-breakpoint
CREATE TABLE "invoice_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"actor_id" integer,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"label" text NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_events_status_check" CHECK (("invoice_events"."from_status" is null or "invoice_events"."from_status" between 0 and 4) and "invoice_events"."to_status" between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"amount_piastres" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"label" text DEFAULT 'pending' NOT NULL,
	"method" smallint NOT NULL,
	"withdraw_method_id" integer,
	"bank" text,
	"phone" text,
	"account_number" text,
	"receiver" text,
	"username" text,
	"instapay_address" text,
	"admin_note" text,
	"receipt_asset_id" integer,
	"addressed_by" integer,
	"addressed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_amount_check" CHECK ("invoices"."amount_piastres" between 10000 and 5000000),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" between 0 and 4),
	CONSTRAINT "invoices_label_check" CHECK (("invoices"."status" = 0 and "invoices"."label" in ('pending', 'updated-by-receiver')) or ("invoices"."status" = 1 and "invoices"."label" = 'canceled-by-receiver') or ("invoices"."status" = 2 and "invoices"."label" in ('cancellation-approved-by-admin', 'canceled-by-admin')) or ("invoices"."status" = 3 and "invoices"."label" = 'fulfilled') or ("invoices"."status" = 4 and "invoices"."label" = 'rejected')),
	CONSTRAINT "invoices_method_check" CHECK ("invoices"."method" between 0 and 2),
	CONSTRAINT "invoices_bank_check" CHECK ("invoices"."bank" is null or "invoices"."bank" in ('CIB', 'ALEX', 'NBE', 'MISR', 'QNB', 'MASHREQ', 'AAIB')),
	CONSTRAINT "invoices_phone_check" CHECK ("invoices"."phone" is null or "invoices"."phone" ~ '^01[0125][0-9]{8}$'),
	CONSTRAINT "invoices_instapay_check" CHECK ("invoices"."instapay_address" is null or "invoices"."instapay_address" ~* '^[A-Za-z0-9_.]+@instapay$'),
	CONSTRAINT "invoices_method_fields_check" CHECK (("invoices"."method" <> 0 or "invoices"."phone" is not null) and ("invoices"."method" <> 1 or ("invoices"."bank" is not null and "invoices"."account_number" is not null)) and ("invoices"."method" <> 2 or "invoices"."instapay_address" is not null)),
	CONSTRAINT "invoices_receipt_check" CHECK ("invoices"."status" <> 3 or "invoices"."receipt_asset_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "withdraw_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"tutor_id" integer NOT NULL,
	"method" smallint NOT NULL,
	"bank" text,
	"phone" text,
	"account_number" text,
	"receiver" text,
	"username" text,
	"instapay_address" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdraw_methods_method_check" CHECK ("withdraw_methods"."method" between 0 and 2),
	CONSTRAINT "withdraw_methods_bank_check" CHECK ("withdraw_methods"."bank" is null or "withdraw_methods"."bank" in ('CIB', 'ALEX', 'NBE', 'MISR', 'QNB', 'MASHREQ', 'AAIB')),
	CONSTRAINT "withdraw_methods_phone_check" CHECK ("withdraw_methods"."phone" is null or "withdraw_methods"."phone" ~ '^01[0125][0-9]{8}$'),
	CONSTRAINT "withdraw_methods_instapay_check" CHECK ("withdraw_methods"."instapay_address" is null or "withdraw_methods"."instapay_address" ~* '^[A-Za-z0-9_.]+@instapay$'),
	CONSTRAINT "withdraw_methods_fields_check" CHECK (("withdraw_methods"."method" <> 0 or "withdraw_methods"."phone" is not null) and ("withdraw_methods"."method" <> 1 or ("withdraw_methods"."bank" is not null and "withdraw_methods"."account_number" is not null)) and ("withdraw_methods"."method" <> 2 or "withdraw_methods"."instapay_address" is not null))
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"tutor_id" integer NOT NULL,
	"subscription_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"duration_minutes" smallint NOT NULL,
	"price_piastres" integer NOT NULL,
	"rebooked_from" integer,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancel_reason" text,
	"tutor_joined_at" timestamp with time zone,
	"student_joined_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lessons_status_check" CHECK ("lessons"."status" in ('pending', 'happening', 'fulfilled', 'cancelledByStudent', 'cancelledByTutor')),
	CONSTRAINT "lessons_duration_check" CHECK ("lessons"."duration_minutes" in (15, 30)),
	CONSTRAINT "lessons_ends_at_check" CHECK ("lessons"."ends_at" = "lessons"."starts_at" + "lessons"."duration_minutes" * interval '1 minute'),
	CONSTRAINT "lessons_price_check" CHECK ("lessons"."price_piastres" >= 0),
	CONSTRAINT "lessons_members_check" CHECK ("lessons"."student_id" <> "lessons"."tutor_id"),
	CONSTRAINT "lessons_cancelled_check" CHECK (("lessons"."status" in ('cancelledByStudent', 'cancelledByTutor')) = ("lessons"."cancelled_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "demo_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tutor_id" integer NOT NULL,
	"manager_id" integer NOT NULL,
	"interview_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"feedback" text,
	"note" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_sessions_status_check" CHECK ("demo_sessions"."status" between 1 and 6),
	CONSTRAINT "demo_sessions_dates_check" CHECK ("demo_sessions"."starts_at" < "demo_sessions"."ends_at"),
	CONSTRAINT "demo_sessions_members_check" CHECK ("demo_sessions"."tutor_id" <> "demo_sessions"."manager_id"),
	CONSTRAINT "demo_sessions_feedback_check" CHECK ("demo_sessions"."feedback" is null or char_length("demo_sessions"."feedback") <= 2000),
	CONSTRAINT "demo_sessions_note_check" CHECK ("demo_sessions"."note" is null or char_length("demo_sessions"."note") <= 1000),
	CONSTRAINT "demo_sessions_cancelled_check" CHECK (("demo_sessions"."status" in (4, 5, 6)) = ("demo_sessions"."cancelled_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "interviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"interviewee_id" integer NOT NULL,
	"interviewer_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"feedback" text,
	"note" text,
	"level" smallint,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interviews_status_check" CHECK ("interviews"."status" between 1 and 5),
	CONSTRAINT "interviews_level_check" CHECK ("interviews"."level" is null or "interviews"."level" between 1 and 6),
	CONSTRAINT "interviews_dates_check" CHECK ("interviews"."starts_at" < "interviews"."ends_at"),
	CONSTRAINT "interviews_members_check" CHECK ("interviews"."interviewee_id" <> "interviews"."interviewer_id"),
	CONSTRAINT "interviews_feedback_check" CHECK ("interviews"."feedback" is null or char_length("interviews"."feedback") <= 2000),
	CONSTRAINT "interviews_note_check" CHECK ("interviews"."note" is null or char_length("interviews"."note") <= 1000),
	CONSTRAINT "interviews_cancelled_check" CHECK (("interviews"."status" in (4, 5)) = ("interviews"."cancelled_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "intro_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tutor_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"duration_seconds" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"review_note" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intro_videos_status_check" CHECK ("intro_videos"."status" in ('pending', 'rejected', 'accepted')),
	CONSTRAINT "intro_videos_duration_check" CHECK ("intro_videos"."duration_seconds" > 0)
);
--> statement-breakpoint
CREATE TABLE "photo_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tutor_id" integer NOT NULL,
	"studio_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"location" text,
	"note" text,
	"image_asset_id" integer,
	"video_asset_id" integer,
	"thumbnail_asset_id" integer,
	"completed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_sessions_status_check" CHECK ("photo_sessions"."status" in ('pending', 'scheduled', 'done', 'cancelled')),
	CONSTRAINT "photo_sessions_scheduled_check" CHECK ("photo_sessions"."status" <> 'scheduled' or "photo_sessions"."scheduled_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"user_id" integer,
	"subject" text,
	"body" text NOT NULL,
	"template" text,
	"params" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_message_id" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_messages_channel_check" CHECK ("outbox_messages"."channel" in ('email', 'whatsapp', 'telegram')),
	CONSTRAINT "outbox_messages_status_check" CHECK ("outbox_messages"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "outbox_messages_attempts_check" CHECK ("outbox_messages"."attempts" >= 0),
	CONSTRAINT "outbox_messages_sent_check" CHECK (("outbox_messages"."status" = 'sent') = ("outbox_messages"."sent_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "card_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"token" text NOT NULL,
	"last_four" text,
	"brand" text,
	"expiry_month" smallint,
	"expiry_year" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_tokens_provider_check" CHECK ("card_tokens"."provider" in ('fawry', 'paymob')),
	CONSTRAINT "card_tokens_last_four_check" CHECK ("card_tokens"."last_four" is null or "card_tokens"."last_four" ~ '^[0-9]{4}$'),
	CONSTRAINT "card_tokens_expiry_month_check" CHECK ("card_tokens"."expiry_month" is null or "card_tokens"."expiry_month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"transaction_id" integer,
	"response_status" smallint,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_key_check" CHECK (char_length("idempotency_keys"."key") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "transaction_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"source" text NOT NULL,
	"actor_id" integer,
	"note" text,
	"payload" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_events_status_check" CHECK (("transaction_events"."from_status" is null or "transaction_events"."from_status" between 0 and 7) and "transaction_events"."to_status" between 0 and 7),
	CONSTRAINT "transaction_events_source_check" CHECK ("transaction_events"."source" in ('user', 'admin', 'provider', 'sync', 'system'))
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"period" text NOT NULL,
	"coupon_id" integer,
	"card_token_id" integer,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"merchant_ref_num" text NOT NULL,
	"provider_ref" text,
	"idempotency_key" text,
	"amount_piastres" integer NOT NULL,
	"discount_piastres" integer DEFAULT 0 NOT NULL,
	"refunded_piastres" integer DEFAULT 0 NOT NULL,
	"installments" smallint,
	"status" smallint DEFAULT 0 NOT NULL,
	"provider_payload" jsonb,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_status_check" CHECK ("transactions"."status" between 0 and 7),
	CONSTRAINT "transactions_period_check" CHECK ("transactions"."period" in ('month', 'quarter', 'year', 'freeTrial')),
	CONSTRAINT "transactions_method_check" CHECK ("transactions"."method" in ('card', 'eWallet', 'bankInstallment', 'cashReference')),
	CONSTRAINT "transactions_provider_check" CHECK ("transactions"."provider" in ('fawry', 'paymob')),
	CONSTRAINT "transactions_amount_check" CHECK ("transactions"."amount_piastres" >= 0 and "transactions"."discount_piastres" >= 0),
	CONSTRAINT "transactions_refunded_check" CHECK ("transactions"."refunded_piastres" >= 0 and "transactions"."refunded_piastres" <= "transactions"."amount_piastres"),
	CONSTRAINT "transactions_installments_check" CHECK ("transactions"."installments" is null or "transactions"."installments" between 1 and 12),
	CONSTRAINT "transactions_paid_at_check" CHECK ("transactions"."status" not in (1, 3, 5, 7) or "transactions"."paid_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"discount_percent" smallint,
	"discount_piastres" integer,
	"max_discount_piastres" integer,
	"plan_id" integer,
	"expires_at" timestamp with time zone,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 3 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_check" CHECK ("coupons"."code" ~ '^[A-Za-z0-9_-]{3,32}$'),
	CONSTRAINT "coupons_discount_kind_check" CHECK (num_nonnulls("coupons"."discount_percent", "coupons"."discount_piastres") = 1),
	CONSTRAINT "coupons_discount_percent_check" CHECK ("coupons"."discount_percent" is null or "coupons"."discount_percent" between 1 and 100),
	CONSTRAINT "coupons_discount_piastres_check" CHECK ("coupons"."discount_piastres" is null or "coupons"."discount_piastres" > 0),
	CONSTRAINT "coupons_max_discount_check" CHECK ("coupons"."max_discount_piastres" is null or "coupons"."max_discount_piastres" > 0),
	CONSTRAINT "coupons_usage_limit_check" CHECK ("coupons"."usage_limit" is null or "coupons"."usage_limit" > 0),
	CONSTRAINT "coupons_used_count_check" CHECK ("coupons"."used_count" >= 0 and ("coupons"."usage_limit" is null or "coupons"."used_count" <= "coupons"."usage_limit")),
	CONSTRAINT "coupons_status_check" CHECK ("coupons"."status" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "plan_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_ar" text,
	"name_en" text,
	"weekly_minutes" integer NOT NULL,
	"base_month_price_piastres" integer NOT NULL,
	"month_discount_percent" smallint DEFAULT 0 NOT NULL,
	"quarter_discount_percent" smallint DEFAULT 0 NOT NULL,
	"year_discount_percent" smallint DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"for_invites_only" boolean DEFAULT false NOT NULL,
	"installments" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_weekly_minutes_check" CHECK ("plans"."weekly_minutes" > 0 and "plans"."weekly_minutes" <= 10080),
	CONSTRAINT "plans_base_month_price_check" CHECK ("plans"."base_month_price_piastres" >= 0),
	CONSTRAINT "plans_discounts_check" CHECK ("plans"."month_discount_percent" between 0 and 100 and "plans"."quarter_discount_percent" between 0 and 100 and "plans"."year_discount_percent" between 0 and 100),
	CONSTRAINT "plans_state_check" CHECK ("plans"."state" in ('active', 'inactive')),
	CONSTRAINT "plans_installments_check" CHECK ("plans"."installments" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"rater_id" integer NOT NULL,
	"ratee_id" integer NOT NULL,
	"lesson_id" integer,
	"value" smallint NOT NULL,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_value_check" CHECK ("ratings"."value" between 1 and 5),
	CONSTRAINT "ratings_text_check" CHECK ("ratings"."text" is null or char_length("ratings"."text") <= 2000),
	CONSTRAINT "ratings_members_check" CHECK ("ratings"."rater_id" <> "ratings"."ratee_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporter_id" integer,
	"reported_user_id" integer,
	"lesson_id" integer,
	"description" text NOT NULL,
	"screenshot_asset_id" integer,
	"log_asset_id" integer,
	"context" jsonb,
	"status" text DEFAULT 'open' NOT NULL,
	"admin_note" text,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'resolved', 'dismissed')),
	CONSTRAINT "reports_description_check" CHECK (char_length("reports"."description") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "session_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_events_kind_check" CHECK ("session_events"."kind" in ('join', 'leave', 'drop', 'reconnect'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"lesson_id" integer,
	"interview_id" integer,
	"demo_session_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_type_check" CHECK ("sessions"."type" in ('lesson', 'interview', 'demoSession')),
	CONSTRAINT "sessions_owner_check" CHECK (num_nonnulls("sessions"."lesson_id", "sessions"."interview_id", "sessions"."demo_session_id") = 1 and ("sessions"."type" <> 'lesson' or "sessions"."lesson_id" is not null) and ("sessions"."type" <> 'interview' or "sessions"."interview_id" is not null) and ("sessions"."type" <> 'demoSession' or "sessions"."demo_session_id" is not null)),
	CONSTRAINT "sessions_status_check" CHECK ("sessions"."status" between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"period" text NOT NULL,
	"weekly_minutes" integer NOT NULL,
	"price_piastres" integer DEFAULT 0 NOT NULL,
	"transaction_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"week_anchor_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_period_check" CHECK ("subscriptions"."period" in ('month', 'quarter', 'year', 'freeTrial')),
	CONSTRAINT "subscriptions_weekly_minutes_check" CHECK ("subscriptions"."weekly_minutes" > 0 and "subscriptions"."weekly_minutes" <= 10080),
	CONSTRAINT "subscriptions_price_check" CHECK ("subscriptions"."price_piastres" >= 0),
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'ended', 'cancelled')),
	CONSTRAINT "subscriptions_dates_check" CHECK ("subscriptions"."starts_at" < "subscriptions"."ends_at"),
	CONSTRAINT "subscriptions_cancelled_check" CHECK (("subscriptions"."status" = 'cancelled') = ("subscriptions"."cancelled_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topics_name_ar_check" CHECK (char_length("topics"."name_ar") between 1 and 100),
	CONSTRAINT "topics_name_en_check" CHECK (char_length("topics"."name_en") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "user_topics" (
	"user_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_topics_pkey" PRIMARY KEY("user_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "students" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"english_level" smallint,
	"goal" text,
	"tour_completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_english_level_check" CHECK ("students"."english_level" is null or "students"."english_level" between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "tutors" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"bio" text,
	"about" text,
	"video" text,
	"thumbnail" text,
	"activated" boolean DEFAULT false NOT NULL,
	"notice_period_minutes" integer DEFAULT 30 NOT NULL,
	"bypass_onboarding" boolean DEFAULT false NOT NULL,
	"rate_per_minute_piastres" integer,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutors_notice_period_check" CHECK ("tutors"."notice_period_minutes" between 0 and 10080),
	CONSTRAINT "tutors_rate_check" CHECK ("tutors"."rate_per_minute_piastres" is null or "tutors"."rate_per_minute_piastres" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"role" smallint NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"governorate" smallint,
	"birth_year" smallint,
	"gender" text,
	"image" text,
	"job" text,
	"credit_score" integer DEFAULT 0 NOT NULL,
	"notification_method" text DEFAULT 'none' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"phone_verified_at" timestamp with time zone,
	"password_hash" text,
	"google_sub" text,
	"telegram_chat_id" text,
	"profile_completed_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" between 1 and 6),
	CONSTRAINT "users_gender_check" CHECK ("users"."gender" is null or "users"."gender" in ('male', 'female')),
	CONSTRAINT "users_notification_method_check" CHECK ("users"."notification_method" in ('whatsapp', 'telegram', 'none')),
	CONSTRAINT "users_governorate_check" CHECK ("users"."governorate" is null or "users"."governorate" between 1 and 30)
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" smallint NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"code_hash" text NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "verification_codes_purpose_check" CHECK ("verification_codes"."purpose" in (1, 3, 4)),
	CONSTRAINT "verification_codes_channel_check" CHECK ("verification_codes"."channel" in ('email', 'whatsapp', 'telegram'))
);
--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_updated_by_fkey" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_tutor_id_fkey" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_lesson_id_fkey" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_interview_id_fkey" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_demo_session_id_fkey" FOREIGN KEY ("demo_session_id") REFERENCES "public"."demo_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_room_id_fkey" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_fkey" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_members" ADD CONSTRAINT "room_members_room_id_fkey" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_members" ADD CONSTRAINT "room_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_members" ADD CONSTRAINT "room_members_last_read_message_id_fkey" FOREIGN KEY ("last_read_message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_handled_by_fkey" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_inviter_id_fkey" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_invitee_id_fkey" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_decided_by_fkey" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD CONSTRAINT "earnings_entries_tutor_id_fkey" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD CONSTRAINT "earnings_entries_lesson_id_fkey" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD CONSTRAINT "earnings_entries_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "public"."tutors"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_withdraw_method_id_fkey" FOREIGN KEY ("withdraw_method_id") REFERENCES "public"."withdraw_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_receipt_asset_id_fkey" FOREIGN KEY ("receipt_asset_id") REFERENCES "public"."assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_addressed_by_fkey" FOREIGN KEY ("addressed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_methods" ADD CONSTRAINT "withdraw_methods_tutor_id_fkey" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "public"."students"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_tutor_id_fkey" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_rebooked_from_fkey" FOREIGN KEY ("rebooked_from") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_cancelled_by_fkey" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_sessions" ADD CONSTRAINT "demo_sessions_tutor_id_fkey" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_sessions" ADD CONSTRAINT "demo_sessions_manager_id_fkey" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_sessions" ADD CONSTRAINT "demo_sessions_interview_id_fkey" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_sessions" ADD CONSTRAINT "demo_sessions_decided_by_fkey" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_sessions" ADD CONSTRAINT "demo_sessions_cancelled_by_fkey" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_interviewee_id_fkey" FOREIGN KEY ("interviewee_id") REFERENCES "public"."tutors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_interviewer_id_fkey" FOREIGN KEY ("interviewer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_decided_by_fkey" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_cancelled_by_fkey" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intro_videos" ADD CONSTRAINT "intro_videos_tutor_id_fkey" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intro_videos" ADD CONSTRAINT "intro_videos_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intro_videos" ADD CONSTRAINT "intro_videos_reviewed_by_fkey" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_sessions" ADD CONSTRAINT "photo_sessions_tutor_id_fkey" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_sessions" ADD CONSTRAINT "photo_sessions_studio_id_fkey" FOREIGN KEY ("studio_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_sessions" ADD CONSTRAINT "photo_sessions_image_asset_id_fkey" FOREIGN KEY ("image_asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_sessions" ADD CONSTRAINT "photo_sessions_video_asset_id_fkey" FOREIGN KEY ("video_asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_sessions" ADD CONSTRAINT "photo_sessions_thumbnail_asset_id_fkey" FOREIGN KEY ("thumbnail_asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_sessions" ADD CONSTRAINT "photo_sessions_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_tokens" ADD CONSTRAINT "card_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_events" ADD CONSTRAINT "transaction_events_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_events" ADD CONSTRAINT "transaction_events_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_coupon_id_fkey" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_card_token_id_fkey" FOREIGN KEY ("card_token_id") REFERENCES "public"."card_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_invites" ADD CONSTRAINT "plan_invites_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_invites" ADD CONSTRAINT "plan_invites_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_invites" ADD CONSTRAINT "plan_invites_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rater_id_fkey" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_ratee_id_fkey" FOREIGN KEY ("ratee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_lesson_id_fkey" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_fkey" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reported_user_id_fkey" FOREIGN KEY ("reported_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_lesson_id_fkey" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_screenshot_asset_id_fkey" FOREIGN KEY ("screenshot_asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_log_asset_id_fkey" FOREIGN KEY ("log_asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_fkey" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_events" ADD CONSTRAINT "session_events_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_events" ADD CONSTRAINT "session_events_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_lesson_id_fkey" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_interview_id_fkey" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_demo_session_id_fkey" FOREIGN KEY ("demo_session_id") REFERENCES "public"."demo_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "public"."students"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_topics" ADD CONSTRAINT "user_topics_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_topics" ADD CONSTRAINT "user_topics_topic_id_fkey" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutors" ADD CONSTRAINT "tutors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assets_bucket_name_key" ON "assets" USING btree ("bucket","name");--> statement-breakpoint
CREATE INDEX "assets_owner_idx" ON "assets" USING btree ("owner_id","type");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "availability_slots_tutor_weekday_start_key" ON "availability_slots" USING btree ("tutor_id","weekday","start_minute");--> statement-breakpoint
CREATE INDEX "availability_slots_weekday_idx" ON "availability_slots" USING btree ("weekday","start_minute");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_direct_key" ON "chat_rooms" USING btree ("direct_key");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_lesson_key" ON "chat_rooms" USING btree ("lesson_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_interview_key" ON "chat_rooms" USING btree ("interview_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_demo_session_key" ON "chat_rooms" USING btree ("demo_session_id");--> statement-breakpoint
CREATE INDEX "chat_rooms_last_message_idx" ON "chat_rooms" USING btree ("last_message_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_client_message_key" ON "messages" USING btree ("sender_id","client_message_id");--> statement-breakpoint
CREATE INDEX "messages_room_idx" ON "messages" USING btree ("room_id","id");--> statement-breakpoint
CREATE INDEX "messages_room_pinned_idx" ON "messages" USING btree ("room_id") WHERE "messages"."pinned";--> statement-breakpoint
CREATE INDEX "room_members_user_idx" ON "room_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contact_requests_status_created_idx" ON "contact_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invites_code_key" ON "invites" USING btree ("code");--> statement-breakpoint
CREATE INDEX "invites_inviter_idx" ON "invites" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "invites_email_idx" ON "invites" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_entries_lesson_key" ON "earnings_entries" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "earnings_entries_tutor_idx" ON "earnings_entries" USING btree ("tutor_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_events_invoice_idx" ON "invoice_events" USING btree ("invoice_id","at");--> statement-breakpoint
CREATE INDEX "invoices_owner_status_idx" ON "invoices" USING btree ("owner_id","status");--> statement-breakpoint
CREATE INDEX "invoices_status_created_idx" ON "invoices" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdraw_methods_one_default_per_tutor" ON "withdraw_methods" USING btree ("tutor_id") WHERE "withdraw_methods"."is_default";--> statement-breakpoint
CREATE INDEX "withdraw_methods_tutor_idx" ON "withdraw_methods" USING btree ("tutor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_one_pending_per_student" ON "lessons" USING btree ("student_id") WHERE "lessons"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_rebooked_from_key" ON "lessons" USING btree ("rebooked_from");--> statement-breakpoint
CREATE INDEX "lessons_tutor_starts_idx" ON "lessons" USING btree ("tutor_id","starts_at");--> statement-breakpoint
CREATE INDEX "lessons_student_starts_idx" ON "lessons" USING btree ("student_id","starts_at");--> statement-breakpoint
CREATE INDEX "lessons_subscription_starts_idx" ON "lessons" USING btree ("subscription_id","starts_at");--> statement-breakpoint
CREATE INDEX "lessons_status_starts_idx" ON "lessons" USING btree ("status","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "demo_sessions_one_pending_per_tutor" ON "demo_sessions" USING btree ("tutor_id") WHERE "demo_sessions"."status" = 1;--> statement-breakpoint
CREATE INDEX "demo_sessions_tutor_idx" ON "demo_sessions" USING btree ("tutor_id","starts_at");--> statement-breakpoint
CREATE INDEX "demo_sessions_manager_idx" ON "demo_sessions" USING btree ("manager_id","starts_at");--> statement-breakpoint
CREATE INDEX "demo_sessions_status_starts_idx" ON "demo_sessions" USING btree ("status","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "interviews_one_pending_per_interviewee" ON "interviews" USING btree ("interviewee_id") WHERE "interviews"."status" = 1;--> statement-breakpoint
CREATE INDEX "interviews_interviewee_idx" ON "interviews" USING btree ("interviewee_id","starts_at");--> statement-breakpoint
CREATE INDEX "interviews_interviewer_idx" ON "interviews" USING btree ("interviewer_id","starts_at");--> statement-breakpoint
CREATE INDEX "interviews_status_starts_idx" ON "interviews" USING btree ("status","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "intro_videos_one_open_per_tutor" ON "intro_videos" USING btree ("tutor_id") WHERE "intro_videos"."status" in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "intro_videos_tutor_idx" ON "intro_videos" USING btree ("tutor_id","created_at");--> statement-breakpoint
CREATE INDEX "intro_videos_status_idx" ON "intro_videos" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_sessions_one_open_per_tutor" ON "photo_sessions" USING btree ("tutor_id") WHERE "photo_sessions"."status" in ('pending', 'scheduled');--> statement-breakpoint
CREATE INDEX "photo_sessions_tutor_idx" ON "photo_sessions" USING btree ("tutor_id","created_at");--> statement-breakpoint
CREATE INDEX "photo_sessions_status_scheduled_idx" ON "photo_sessions" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_pending_idx" ON "outbox_messages" USING btree ("next_attempt_at") WHERE "outbox_messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_messages_user_idx" ON "outbox_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_recipient_idx" ON "outbox_messages" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_tokens_provider_token_key" ON "card_tokens" USING btree ("provider","token");--> statement-breakpoint
CREATE INDEX "card_tokens_user_idx" ON "card_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transaction_events_transaction_idx" ON "transaction_events" USING btree ("transaction_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_merchant_ref_key" ON "transactions" USING btree ("merchant_ref_num");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_provider_ref_key" ON "transactions" USING btree ("provider","provider_ref") WHERE "transactions"."provider_ref" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_paid_per_checkout" ON "transactions" USING btree ("user_id","idempotency_key") WHERE "transactions"."idempotency_key" is not null and "transactions"."status" in (1, 3, 5, 7);--> statement-breakpoint
CREATE INDEX "transactions_user_created_idx" ON "transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_status_expires_idx" ON "transactions" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "transactions_coupon_idx" ON "transactions" USING btree ("coupon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree (upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "plan_invites_user_plan_key" ON "plan_invites" USING btree ("user_id","plan_id");--> statement-breakpoint
CREATE INDEX "plan_invites_plan_idx" ON "plan_invites" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "plans_state_idx" ON "plans" USING btree ("state","weekly_minutes");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_rater_ratee_key" ON "ratings" USING btree ("rater_id","ratee_id");--> statement-breakpoint
CREATE INDEX "ratings_ratee_idx" ON "ratings" USING btree ("ratee_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "session_events_session_idx" ON "session_events" USING btree ("session_id","at");--> statement-breakpoint
CREATE INDEX "session_events_user_idx" ON "session_events" USING btree ("user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_lesson_key" ON "sessions" USING btree ("lesson_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_interview_key" ON "sessions" USING btree ("interview_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_demo_session_key" ON "sessions" USING btree ("demo_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_active_per_student" ON "subscriptions" USING btree ("student_id") WHERE "subscriptions"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_transaction_key" ON "subscriptions" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "subscriptions_student_idx" ON "subscriptions" USING btree ("student_id","starts_at");--> statement-breakpoint
CREATE INDEX "subscriptions_status_ends_idx" ON "subscriptions" USING btree ("status","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_name_en_key" ON "topics" USING btree (lower("name_en"));--> statement-breakpoint
CREATE UNIQUE INDEX "topics_name_ar_key" ON "topics" USING btree ("name_ar");--> statement-breakpoint
CREATE INDEX "user_topics_topic_idx" ON "user_topics" USING btree ("topic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_sub_key" ON "users" USING btree ("google_sub");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "verification_codes_user_purpose_idx" ON "verification_codes" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
-- Hand-written exclusion constraints (drizzle-kit cannot express EXCLUDE); documented in the *.table.ts files.
-- A tutor is never double-booked, a student never in two lessons at once (ranges are [start, end): back-to-back is fine).
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_tutor_no_overlap" EXCLUDE USING gist ("tutor_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" IN ('pending', 'happening'));--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_student_no_overlap" EXCLUDE USING gist ("student_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" IN ('pending', 'happening'));--> statement-breakpoint
-- An interviewer or demo-session evaluator is never booked twice for the same time.
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_interviewer_no_overlap" EXCLUDE USING gist ("interviewer_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" = 1);--> statement-breakpoint
ALTER TABLE "demo_sessions" ADD CONSTRAINT "demo_sessions_manager_no_overlap" EXCLUDE USING gist ("manager_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" = 1);--> statement-breakpoint
-- A tutor's weekly availability spans never overlap on one weekday.
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_no_overlap" EXCLUDE USING gist ("tutor_id" WITH =, "weekday" WITH =, int4range("start_minute", "end_minute") WITH &&);
