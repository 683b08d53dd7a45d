ALTER TABLE "session_events" ALTER COLUMN "payload" SET DATA TYPE json USING "payload"::json;
