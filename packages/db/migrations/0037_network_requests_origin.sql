-- The recorder now stores each request's origin (originOf in contracts: scheme and host lower-cased, the port as
-- written, user info left out; null when the URL is not absolute). Rows from before it did get it here, read off
-- their URL as the origin filter used to read it on every query; then the origin filter is an indexed equality.
-- The backfill writes a new version of every row, so the url trigram index (0036, where pg_trgm is installed) is
-- dropped meanwhile and built again after: kept, it took every new version besides the old and stayed twice its
-- size, a rare text's scan 0.1 ms → 7 ms at 1M rows (bench/README.md, "Site requests filtered").
DROP INDEX IF EXISTS "network_requests_url_trgm_idx";--> statement-breakpoint
UPDATE "network_requests"
SET "origin_url" = lower(regexp_replace(substring("url" from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*'), '^([^:]*://).*@', '\1'))
WHERE "origin_url" IS NULL;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS network_requests_url_trgm_idx ON network_requests USING gin (url gin_trgm_ops);
  END IF;
END $$;--> statement-breakpoint
CREATE INDEX "network_requests_origin_idx" ON "network_requests" USING btree ("origin_url","id","session_id");
