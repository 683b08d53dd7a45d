ALTER TABLE "run_session_batches" ADD COLUMN "kind" text DEFAULT 'batch' NOT NULL;--> statement-breakpoint
ALTER TABLE "run_session_batches" ADD COLUMN "version" text;--> statement-breakpoint
ALTER TABLE "run_session_batches" ADD COLUMN "runs" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "run_session_batches" ADD COLUMN "concurrency" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "run_session_batches" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
UPDATE "run_session_batches" SET "finished_at" = "created_at";
