CREATE TABLE "hub_builds" (
	"version_id" integer PRIMARY KEY NOT NULL,
	"hub_repository_id" integer,
	"organization_id" integer,
	"status" text NOT NULL,
	"log" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "hub_builds" ADD CONSTRAINT "hub_builds_version_id_simulator_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."simulator_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_builds" ADD CONSTRAINT "hub_builds_hub_repository_id_hub_repositories_id_fk" FOREIGN KEY ("hub_repository_id") REFERENCES "public"."hub_repositories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_builds" ADD CONSTRAINT "hub_builds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hub_builds_repository_idx" ON "hub_builds" USING btree ("hub_repository_id");--> statement-breakpoint
CREATE INDEX "hub_builds_building_idx" ON "hub_builds" USING btree ("status") WHERE "hub_builds"."status" = 'building';