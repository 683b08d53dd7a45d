-- The recorder now stores each request's origin (originOf in contracts: scheme and host lower-cased, the port as
-- written, user info left out; null when the URL is not absolute). Rows from before it did get it here, read off
-- their URL as the origin filter used to read it on every query; then the origin filter is an indexed equality.
UPDATE "network_requests"
SET "origin_url" = lower(regexp_replace(substring("url" from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*'), '^([^:]*://).*@', '\1'))
WHERE "origin_url" IS NULL;--> statement-breakpoint
CREATE INDEX "network_requests_origin_idx" ON "network_requests" USING btree ("origin_url","id","session_id");
