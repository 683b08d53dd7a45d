CREATE TABLE "agent_artifacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"user_id" integer,
	"alias" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "annotator_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"assignment_type" text NOT NULL,
	"stage" text NOT NULL,
	"simulator_id" integer,
	"test_case_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"organization_id" integer,
	"user_id" integer,
	"simulator_id" integer,
	"session_id" integer,
	"alias" text,
	"keepalive" boolean DEFAULT false NOT NULL,
	"overall_status" text DEFAULT 'queued' NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"worker_id" text,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "job_groups_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"job_group_id" integer NOT NULL,
	"service" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "network_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer,
	"site_id" integer,
	"method" text NOT NULL,
	"url" text NOT NULL,
	"origin_url" text,
	"content_type" text,
	"request_body" text,
	"request_headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"response_body" text,
	"response_headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_test_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"test_case_id" integer NOT NULL,
	"requested_recording_count" integer DEFAULT 1 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "run_session_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"organization_id" integer,
	"name" text NOT NULL,
	"test_case_set_id" integer,
	"agent_artifact_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "run_session_batches_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer,
	"type" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"source" text NOT NULL,
	"log_data" jsonb NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"idx" integer NOT NULL,
	"action" jsonb NOT NULL,
	"before_state" jsonb,
	"after_state" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"organization_id" integer,
	"user_id" integer,
	"agent_artifact_id" integer,
	"simulator_id" integer,
	"test_case_id" integer,
	"run_session_batch_id" integer,
	"replay_of_session_id" integer,
	"job_group_id" text,
	"simulator_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"output" jsonb,
	"failure_reason" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"session_duration" double precision,
	"recording_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "simulator_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"simulator_id" integer NOT NULL,
	"version" text NOT NULL,
	"tag" text,
	"description" text DEFAULT '' NOT NULL,
	"dataset" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulators" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"url" text,
	"img_url" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"job_name" text,
	"internal_app_port" integer,
	"sim_type" text DEFAULT 'app' NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"img_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_case_set_items" (
	"test_case_set_id" integer NOT NULL,
	"test_case_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "test_case_set_items_test_case_set_id_test_case_id_pk" PRIMARY KEY("test_case_set_id","test_case_id")
);
--> statement-breakpoint
CREATE TABLE "test_case_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text,
	"img_url" text,
	"is_benchmark" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"organization_id" integer,
	"simulator_id" integer,
	"site_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"hint" text,
	"start_url" text DEFAULT '' NOT NULL,
	"correct_outputs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"simulator_session_id" text DEFAULT '' NOT NULL,
	"is_single_step" boolean DEFAULT false NOT NULL,
	"single_step_replay_index" integer DEFAULT 0 NOT NULL,
	"evaluation_mode" text DEFAULT 'actions' NOT NULL,
	"simulator_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_scoring_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scoring_types" text[] DEFAULT '{"mutations"}' NOT NULL,
	"output_schema" jsonb DEFAULT '{"type":"object","properties":{},"additionalProperties":false}'::jsonb NOT NULL,
	"metadata_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_scoring_generation_result" jsonb,
	"built_in_key" text,
	"is_sample" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"target_user_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"organization_id" integer,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instance_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"organization_id" integer NOT NULL,
	"created_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"use_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"name" text NOT NULL,
	"purpose" text DEFAULT '' NOT NULL,
	"logo_url" text,
	"is_annotator" boolean DEFAULT false NOT NULL,
	"plan" jsonb DEFAULT '{"allowed_simulators":[]}'::jsonb NOT NULL,
	"permissions" jsonb DEFAULT '{"playground_access":false,"dashboard_access":false}'::jsonb NOT NULL,
	"api_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"spent_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"image_url" text,
	"password_hash" text,
	"oidc_subject" text,
	"organization_id" integer,
	"permissions" jsonb NOT NULL,
	"has_beta_access" boolean DEFAULT false NOT NULL,
	"last_active_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "browser_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"organization_id" integer,
	"user_id" integer,
	"type" text NOT NULL,
	"trainer_session_options" jsonb,
	"output" jsonb,
	"active_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "browser_sessions_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "integration_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"integration_source_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"method" text NOT NULL,
	"type" text NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon_url" text,
	"api_components" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"integration_source_id" integer NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer,
	"organization_id" integer,
	"origin_url" text NOT NULL,
	"url" text NOT NULL,
	"url_pattern" text,
	"method" text NOT NULL,
	"content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"schema" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_run_dumps" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"environment" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"blob_key" text NOT NULL,
	"size" integer NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_run_dumps_run_id_unique" UNIQUE("run_id")
);
--> statement-breakpoint
CREATE TABLE "web_flow_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"web_flow_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"response" jsonb,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_flow_runs_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "web_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_url" text DEFAULT '' NOT NULL,
	"icon_url" text,
	"nodes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_artifacts" ADD CONSTRAINT "agent_artifacts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_artifacts" ADD CONSTRAINT "agent_artifacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotator_assignments" ADD CONSTRAINT "annotator_assignments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotator_assignments" ADD CONSTRAINT "annotator_assignments_simulator_id_simulators_id_fk" FOREIGN KEY ("simulator_id") REFERENCES "public"."simulators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotator_assignments" ADD CONSTRAINT "annotator_assignments_test_case_id_test_cases_id_fk" FOREIGN KEY ("test_case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_groups" ADD CONSTRAINT "job_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_groups" ADD CONSTRAINT "job_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_groups" ADD CONSTRAINT "job_groups_simulator_id_simulators_id_fk" FOREIGN KEY ("simulator_id") REFERENCES "public"."simulators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_groups" ADD CONSTRAINT "job_groups_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_job_group_id_job_groups_id_fk" FOREIGN KEY ("job_group_id") REFERENCES "public"."job_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_requests" ADD CONSTRAINT "network_requests_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_requests" ADD CONSTRAINT "network_requests_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_test_cases" ADD CONSTRAINT "organization_test_cases_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_test_cases" ADD CONSTRAINT "organization_test_cases_test_case_id_test_cases_id_fk" FOREIGN KEY ("test_case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_session_batches" ADD CONSTRAINT "run_session_batches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_session_batches" ADD CONSTRAINT "run_session_batches_test_case_set_id_test_case_sets_id_fk" FOREIGN KEY ("test_case_set_id") REFERENCES "public"."test_case_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_session_batches" ADD CONSTRAINT "run_session_batches_agent_artifact_id_agent_artifacts_id_fk" FOREIGN KEY ("agent_artifact_id") REFERENCES "public"."agent_artifacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_session_batches" ADD CONSTRAINT "run_session_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_events" ADD CONSTRAINT "session_events_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_logs" ADD CONSTRAINT "session_logs_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_steps" ADD CONSTRAINT "session_steps_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_agent_artifact_id_agent_artifacts_id_fk" FOREIGN KEY ("agent_artifact_id") REFERENCES "public"."agent_artifacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_simulator_id_simulators_id_fk" FOREIGN KEY ("simulator_id") REFERENCES "public"."simulators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_test_case_id_test_cases_id_fk" FOREIGN KEY ("test_case_id") REFERENCES "public"."test_cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_run_session_batch_id_run_session_batches_id_fk" FOREIGN KEY ("run_session_batch_id") REFERENCES "public"."run_session_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulator_versions" ADD CONSTRAINT "simulator_versions_simulator_id_simulators_id_fk" FOREIGN KEY ("simulator_id") REFERENCES "public"."simulators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_case_set_items" ADD CONSTRAINT "test_case_set_items_test_case_set_id_test_case_sets_id_fk" FOREIGN KEY ("test_case_set_id") REFERENCES "public"."test_case_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_case_set_items" ADD CONSTRAINT "test_case_set_items_test_case_id_test_cases_id_fk" FOREIGN KEY ("test_case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_case_sets" ADD CONSTRAINT "test_case_sets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_case_sets" ADD CONSTRAINT "test_case_sets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_cases" ADD CONSTRAINT "test_cases_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_cases" ADD CONSTRAINT "test_cases_simulator_id_simulators_id_fk" FOREIGN KEY ("simulator_id") REFERENCES "public"."simulators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_cases" ADD CONSTRAINT "test_cases_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_cases" ADD CONSTRAINT "test_cases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "browser_sessions" ADD CONSTRAINT "browser_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "browser_sessions" ADD CONSTRAINT "browser_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_methods" ADD CONSTRAINT "integration_methods_integration_source_id_integration_sources_id_fk" FOREIGN KEY ("integration_source_id") REFERENCES "public"."integration_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_integration_source_id_integration_sources_id_fk" FOREIGN KEY ("integration_source_id") REFERENCES "public"."integration_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_documents" ADD CONSTRAINT "site_documents_model_id_site_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."site_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_endpoints" ADD CONSTRAINT "site_endpoints_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_endpoints" ADD CONSTRAINT "site_endpoints_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_models" ADD CONSTRAINT "site_models_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_flow_runs" ADD CONSTRAINT "web_flow_runs_web_flow_id_web_flows_id_fk" FOREIGN KEY ("web_flow_id") REFERENCES "public"."web_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_flows" ADD CONSTRAINT "web_flows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_artifacts_alias_uq" ON "agent_artifacts" USING btree ("organization_id","alias");--> statement-breakpoint
CREATE INDEX "annotator_assignments_org_idx" ON "annotator_assignments" USING btree ("organization_id","assignment_type");--> statement-breakpoint
CREATE INDEX "job_groups_org_idx" ON "job_groups" USING btree ("organization_id","overall_status");--> statement-breakpoint
CREATE INDEX "network_requests_session_idx" ON "network_requests" USING btree ("session_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_test_cases_uq" ON "organization_test_cases" USING btree ("organization_id","test_case_id");--> statement-breakpoint
CREATE INDEX "scores_session_idx" ON "scores" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "scores_user_idx" ON "scores" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "session_events_uq" ON "session_events" USING btree ("session_id","kind","seq");--> statement-breakpoint
CREATE INDEX "session_logs_session_idx" ON "session_logs" USING btree ("session_id","timestamp","id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_steps_uq" ON "session_steps" USING btree ("session_id","idx");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_public_id_uq" ON "sessions" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "sessions_org_created_idx" ON "sessions" USING btree ("organization_id","archived","created_at","id");--> statement-breakpoint
CREATE INDEX "sessions_test_case_idx" ON "sessions" USING btree ("test_case_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_agent_idx" ON "sessions" USING btree ("agent_artifact_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_batch_idx" ON "sessions" USING btree ("run_session_batch_id");--> statement-breakpoint
CREATE INDEX "sessions_replay_of_idx" ON "sessions" USING btree ("replay_of_session_id");--> statement-breakpoint
CREATE INDEX "sessions_status_idx" ON "sessions" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "simulator_versions_uq" ON "simulator_versions" USING btree ("simulator_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "simulators_name_uq" ON "simulators" USING btree ("name");--> statement-breakpoint
CREATE INDEX "test_case_set_items_tc_idx" ON "test_case_set_items" USING btree ("test_case_id");--> statement-breakpoint
CREATE INDEX "test_case_sets_org_idx" ON "test_case_sets" USING btree ("organization_id","archived");--> statement-breakpoint
CREATE UNIQUE INDEX "test_cases_public_id_uq" ON "test_cases" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_cases_built_in_key_uq" ON "test_cases" USING btree ("built_in_key");--> statement-breakpoint
CREATE INDEX "test_cases_org_idx" ON "test_cases" USING btree ("organization_id","archived","id");--> statement-breakpoint
CREATE INDEX "test_cases_simulator_idx" ON "test_cases" USING btree ("simulator_id","archived");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invites_token_uq" ON "invites" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_public_id_uq" ON "organizations" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_api_key_uq" ON "organizations" USING btree ("api_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_uq" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_public_id_uq" ON "users" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_subject_uq" ON "users" USING btree ("oidc_subject");--> statement-breakpoint
CREATE INDEX "users_organization_idx" ON "users" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "web_flow_runs_flow_idx" ON "web_flow_runs" USING btree ("web_flow_id","created_at");