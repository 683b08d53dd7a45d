ALTER TABLE "sessions" ADD COLUMN "scoring_badge" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "badge_reason" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "human_consensus" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "human_score_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "needs_human_scoring" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "human_disagreement" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "passed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "decided_by_super_scorer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "auto_marked_incorrect" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "classified_at" timestamp with time zone;