CREATE TABLE "proxy_exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"recording_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"method" text NOT NULL,
	"url" text NOT NULL,
	"host" text NOT NULL,
	"path" text NOT NULL,
	"query" text NOT NULL,
	"request_body_hash" text,
	"request_body_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"request_headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" integer NOT NULL,
	"response_headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"response_body_hash" text,
	"truncated" boolean DEFAULT false NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proxy_recordings" (
	"id" serial PRIMARY KEY NOT NULL,
	"simulator_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'recording' NOT NULL,
	"source" text NOT NULL,
	"session_public_id" text,
	"exchange_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "proxy_exchanges" ADD CONSTRAINT "proxy_exchanges_recording_id_proxy_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."proxy_recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_recordings" ADD CONSTRAINT "proxy_recordings_simulator_id_simulators_id_fk" FOREIGN KEY ("simulator_id") REFERENCES "public"."simulators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_recordings" ADD CONSTRAINT "proxy_recordings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_exchanges_seq_uq" ON "proxy_exchanges" USING btree ("recording_id","seq");--> statement-breakpoint
CREATE INDEX "proxy_exchanges_lookup_idx" ON "proxy_exchanges" USING btree ("recording_id","method","host","path");--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_recordings_version_uq" ON "proxy_recordings" USING btree ("simulator_id","version");