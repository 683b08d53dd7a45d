ALTER TABLE "network_requests" ADD COLUMN "resource_type" text;--> statement-breakpoint
ALTER TABLE "network_requests" ADD COLUMN "started_at" double precision;--> statement-breakpoint
ALTER TABLE "network_requests" ADD COLUMN "duration_ms" double precision;--> statement-breakpoint
ALTER TABLE "network_requests" ADD COLUMN "failed" text;--> statement-breakpoint
ALTER TABLE "network_requests" ADD COLUMN "truncated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "network_requests" ADD COLUMN "step_idx" integer;--> statement-breakpoint
ALTER TABLE "session_steps" ADD COLUMN "mutations_before" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "session_steps" ADD COLUMN "mutations_after" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "session_steps" ADD COLUMN "format_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "prompt" text;