ALTER TABLE "test_case_sets" ADD COLUMN "built_in_key" text;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "built_in_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "test_case_sets_built_in_key_uq" ON "test_case_sets" USING btree ("built_in_key");