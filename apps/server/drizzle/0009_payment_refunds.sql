CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"amount_piastres" integer NOT NULL,
	"target_refunded_piastres" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"source" text NOT NULL,
	"actor_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount_piastres" > 0),
	CONSTRAINT "payment_refunds_target_check" CHECK ("payment_refunds"."target_refunded_piastres" >= "payment_refunds"."amount_piastres"),
	CONSTRAINT "payment_refunds_status_check" CHECK ("payment_refunds"."status" in ('requested', 'done', 'failed')),
	CONSTRAINT "payment_refunds_settled_check" CHECK (("payment_refunds"."status" = 'requested') = ("payment_refunds"."settled_at" is null))
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_one_in_flight" ON "payment_refunds" USING btree ("transaction_id") WHERE "payment_refunds"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "payment_refunds_transaction_idx" ON "payment_refunds" USING btree ("transaction_id","created_at");