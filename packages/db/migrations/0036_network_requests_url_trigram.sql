-- The url filter is a substring (ILIKE '%…%'): a trigram index finds a rare one without reading every row, where
-- pg_trgm can be created (PostgreSQL; PGlite does not load it, and scans). Without the right to create it, none.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS network_requests_url_trgm_idx ON network_requests USING gin (url gin_trgm_ops);
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm not created (%): the url filter scans', SQLERRM;
END $$;
