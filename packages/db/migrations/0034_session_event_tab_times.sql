ALTER TABLE "session_events" ADD COLUMN "page" text;--> statement-breakpoint
ALTER TABLE "session_events" ADD COLUMN "ends_at" double precision;--> statement-breakpoint
ALTER TABLE "session_events" ADD COLUMN "full_snapshot" boolean DEFAULT false NOT NULL;