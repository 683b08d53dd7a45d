CREATE TABLE "simulator_version_tags" (
	"simulator_id" integer NOT NULL,
	"tag" text NOT NULL,
	"version_id" integer NOT NULL,
	"tagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulator_version_tags_simulator_id_tag_pk" PRIMARY KEY("simulator_id","tag")
);
--> statement-breakpoint
ALTER TABLE "simulator_versions" ADD COLUMN "registered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "simulator_version_tags" ADD CONSTRAINT "simulator_version_tags_simulator_id_simulators_id_fk" FOREIGN KEY ("simulator_id") REFERENCES "public"."simulators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulator_version_tags" ADD CONSTRAINT "simulator_version_tags_version_id_simulator_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."simulator_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "simulator_version_tags_version_idx" ON "simulator_version_tags" USING btree ("version_id");