CREATE TABLE "test_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"test_run_id" integer NOT NULL,
	"name" text NOT NULL,
	"template" text NOT NULL,
	"path" text NOT NULL,
	"blob_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_reports_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "test_reports_path_unique" UNIQUE("path")
);
--> statement-breakpoint
ALTER TABLE "test_reports" ADD CONSTRAINT "test_reports_test_run_id_test_runs_id_fk" FOREIGN KEY ("test_run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_reports" ADD CONSTRAINT "test_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_reports_created_idx" ON "test_reports" USING btree ("created_at");