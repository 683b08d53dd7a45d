-- Migration 0036 again, for installs it found without pg_trgm: PGlite now loads the extension (packages/db's
-- client), so an existing PGlite database gets the url filter's trigram index here. Where 0036 created it, this
-- does nothing; without pg_trgm or the right to create it, still none.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS network_requests_url_trgm_idx ON network_requests USING gin (url gin_trgm_ops);
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm not created (%): the url filter scans', SQLERRM;
END $$;
