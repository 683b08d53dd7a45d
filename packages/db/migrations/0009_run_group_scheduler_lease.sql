ALTER TABLE "run_session_batches" ADD COLUMN "scheduler_id" text;--> statement-breakpoint
ALTER TABLE "run_session_batches" ADD COLUMN "scheduler_lease_until" timestamp with time zone;