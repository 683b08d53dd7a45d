-- rrweb chunks written before migration 0034 get the columns the replay's reads select them by, computed from
-- their payload as the recorder computes them on insert (rrwebChunkColumns in apps/server's
-- repositories/recordings.ts): the chunk's tab; the latest time of its timed events (epoch ms; an event without
-- a numeric timestamp is no range's bound and does not count), null when it has none; whether one of them is a
-- full snapshot (rrweb type 2). Chunks written since 0034 with an event without a time had no end stored; they
-- get one too. Then every rrweb chunk is read by its columns, and the replay's read of a whole session for rows
-- without them is gone. (Types are tested before the casts: a page records whatever it likes; a chunk whose
-- events are not an array keeps no time.)
UPDATE "session_events"
SET ("page", "ends_at", "full_snapshot") = (
  SELECT
    "payload" ->> 'page',
    max(CASE WHEN json_typeof("event" -> 'timestamp') = 'number' THEN ("event" ->> 'timestamp')::double precision END),
    coalesce(bool_or(CASE WHEN json_typeof("event" -> 'type') = 'number' THEN ("event" ->> 'type')::numeric = 2 ELSE false END), false)
  FROM json_array_elements(CASE WHEN json_typeof("payload" -> 'events') = 'array' THEN "payload" -> 'events' END) AS "event"
)
WHERE "kind" = 'rrweb' AND ("page" IS NULL OR "ends_at" IS NULL);
