CREATE TABLE "annotator_daily_figures" (
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"sessions" integer NOT NULL,
	"session_hours_sum" double precision NOT NULL,
	"session_hours_count" integer NOT NULL,
	"last_session_at" timestamp with time zone,
	"scores" integer NOT NULL,
	"correct_scores" integer NOT NULL,
	"scoring_seconds_sum" double precision NOT NULL,
	"scoring_seconds_count" integer NOT NULL,
	"last_score_at" timestamp with time zone,
	"scored_sessions" integer NOT NULL,
	CONSTRAINT "annotator_daily_figures_organization_id_user_id_day_pk" PRIMARY KEY("organization_id","user_id","day")
);
--> statement-breakpoint
CREATE INDEX "sessions_user_created_idx" ON "sessions" USING btree ("user_id","created_at","id");