ALTER TABLE "integration_methods" ADD COLUMN "url_template" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_methods" ADD COLUMN "security" jsonb;--> statement-breakpoint
ALTER TABLE "integration_sources" ADD COLUMN "organization_id" integer;--> statement-breakpoint
ALTER TABLE "integration_sources" ADD COLUMN "base_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_sources" ADD COLUMN "document_url" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "api_key_encrypted" text;--> statement-breakpoint
ALTER TABLE "integration_sources" ADD CONSTRAINT "integration_sources_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_sources_organization_idx" ON "integration_sources" USING btree ("organization_id","id");