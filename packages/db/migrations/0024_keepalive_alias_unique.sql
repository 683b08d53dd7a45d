-- Aliases were unique only per organization and process until now: of the open keepalive environments that
-- share an alias (in any case), all but the newest are failed, so that the unique index can be built.
UPDATE "job_groups" SET "overall_status" = 'failed', "closed_at" = now()
WHERE "keepalive" AND "alias" IS NOT NULL AND "overall_status" NOT IN ('closed', 'failed') AND "id" NOT IN (
  SELECT DISTINCT ON (lower("alias")) "id" FROM "job_groups"
  WHERE "keepalive" AND "alias" IS NOT NULL AND "overall_status" NOT IN ('closed', 'failed')
  ORDER BY lower("alias"), "id" DESC
);--> statement-breakpoint
CREATE UNIQUE INDEX "job_groups_open_keepalive_alias_uq" ON "job_groups" USING btree (lower("alias")) WHERE "job_groups"."keepalive" and "job_groups"."overall_status" not in ('closed', 'failed');