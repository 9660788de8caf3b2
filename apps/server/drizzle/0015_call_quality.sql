CREATE TABLE "call_quality_samples" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"seconds" smallint NOT NULL,
	"candidate_type" text,
	"protocol" text,
	"relay_protocol" text,
	"rtt_ms" integer,
	"loss_percent" real,
	"jitter_ms" integer,
	"send_kbps" integer,
	"receive_kbps" integer,
	"freezes" smallint NOT NULL,
	"audio_only_seconds" smallint NOT NULL,
	"ice_failures" smallint NOT NULL,
	CONSTRAINT "call_quality_samples_seconds_check" CHECK ("call_quality_samples"."seconds" between 1 and 120),
	CONSTRAINT "call_quality_samples_loss_check" CHECK ("call_quality_samples"."loss_percent" between 0 and 100),
	CONSTRAINT "call_quality_samples_path_check" CHECK ("call_quality_samples"."candidate_type" in ('host', 'srflx', 'prflx', 'relay') and "call_quality_samples"."protocol" in ('udp', 'tcp') and ("call_quality_samples"."relay_protocol" is null or "call_quality_samples"."relay_protocol" in ('udp', 'tcp', 'tls')))
);
--> statement-breakpoint
ALTER TABLE "call_quality_samples" ADD CONSTRAINT "call_quality_samples_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_quality_samples" ADD CONSTRAINT "call_quality_samples_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_quality_samples_session_idx" ON "call_quality_samples" USING btree ("session_id","at");