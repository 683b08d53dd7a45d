ALTER TABLE "site_endpoints" ADD COLUMN "model_id" integer;--> statement-breakpoint
ALTER TABLE "site_endpoints" ADD CONSTRAINT "site_endpoints_model_id_site_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."site_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_documents_model_idx" ON "site_documents" USING btree ("model_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_endpoints_identity_idx" ON "site_endpoints" USING btree ("site_id","origin_url","url_pattern","method",coalesce("content_type", ''));--> statement-breakpoint
CREATE INDEX "site_models_site_idx" ON "site_models" USING btree ("site_id");