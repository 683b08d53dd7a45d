-- annotator_daily_figures (packages/db/src/schema/annotatorRollups.ts) kept by triggers on sessions and scores.
-- Recomputes one person's day in one organization from the rows themselves: their sessions created that day and
-- their human scores added that day, on the organization's sessions that are not archived (as
-- apps/server/src/repositories/annotatorActivity.ts reads them directly). A score counts in scored_sessions on
-- the day of the person's latest score of its session. Takes the person's lock first (until commit): the counts
-- after it read what other writers committed, so concurrent writes cannot lose each other's changes.
CREATE FUNCTION annotator_refresh_day(org integer, person integer, at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  d timestamptz := date_trunc('day', at, 'UTC');
  e timestamptz := date_trunc('day', at, 'UTC') + interval '1 day';
  n_sessions integer;
  hours_sum double precision;
  hours_count integer;
  last_session timestamptz;
  n_scores integer;
  n_correct integer;
  seconds_sum double precision;
  seconds_count integer;
  last_score timestamptz;
  n_scored integer;
BEGIN
  PERFORM pg_advisory_xact_lock(7703, person);
  SELECT count(*), coalesce(sum(s.session_duration), 0), count(s.session_duration), max(s.created_at)
    INTO n_sessions, hours_sum, hours_count, last_session
  FROM sessions s
  WHERE s.user_id = person AND s.created_at >= d AND s.created_at < e AND s.organization_id = org AND NOT s.archived;
  SELECT count(*), count(*) FILTER (WHERE (sc.result->>'correct')::boolean),
    coalesce(sum((sc.result->>'session_time')::double precision), 0),
    count((sc.result->>'session_time')::double precision), max(sc.created_at),
    count(DISTINCT sc.session_id) FILTER (WHERE NOT EXISTS (
      SELECT 1 FROM scores l WHERE l.session_id = sc.session_id AND l.user_id = person
        AND l.type = 'human_in_the_loop' AND l.created_at >= e))
    INTO n_scores, n_correct, seconds_sum, seconds_count, last_score, n_scored
  FROM scores sc JOIN sessions s ON s.id = sc.session_id
  WHERE sc.user_id = person AND sc.type = 'human_in_the_loop' AND sc.created_at >= d AND sc.created_at < e
    AND s.organization_id = org AND NOT s.archived;
  IF n_sessions = 0 AND n_scores = 0 THEN
    DELETE FROM annotator_daily_figures WHERE organization_id = org AND user_id = person AND day = d;
  ELSE
    INSERT INTO annotator_daily_figures (organization_id, user_id, day, sessions, session_hours_sum,
      session_hours_count, last_session_at, scores, correct_scores, scoring_seconds_sum, scoring_seconds_count,
      last_score_at, scored_sessions)
    VALUES (org, person, d, n_sessions, hours_sum, hours_count, last_session, n_scores, n_correct, seconds_sum,
      seconds_count, last_score, n_scored)
    ON CONFLICT (organization_id, user_id, day) DO UPDATE SET sessions = excluded.sessions,
      session_hours_sum = excluded.session_hours_sum, session_hours_count = excluded.session_hours_count,
      last_session_at = excluded.last_session_at, scores = excluded.scores, correct_scores = excluded.correct_scores,
      scoring_seconds_sum = excluded.scoring_seconds_sum, scoring_seconds_count = excluded.scoring_seconds_count,
      last_score_at = excluded.last_score_at, scored_sessions = excluded.scored_sessions;
  END IF;
END
$$;
--> statement-breakpoint
-- A person's score of a session changed: its day, and the days of their other scores of the session (which of
-- them holds the latest may have changed). Nothing when the session is gone (its deletion removed its scores
-- first, below).
CREATE FUNCTION annotator_refresh_score_days(session integer, person integer, at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  org integer;
  other timestamptz;
BEGIN
  SELECT s.organization_id INTO org FROM sessions s WHERE s.id = session;
  IF org IS NULL THEN
    RETURN;
  END IF;
  PERFORM annotator_refresh_day(org, person, at);
  FOR other IN
    SELECT DISTINCT date_trunc('day', sc.created_at, 'UTC') FROM scores sc
    WHERE sc.session_id = session AND sc.user_id = person AND sc.type = 'human_in_the_loop'
      AND date_trunc('day', sc.created_at, 'UTC') <> date_trunc('day', at, 'UTC')
  LOOP
    PERFORM annotator_refresh_day(org, person, other);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE FUNCTION annotator_scores_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.type = 'human_in_the_loop' AND OLD.user_id IS NOT NULL THEN
    PERFORM annotator_refresh_score_days(OLD.session_id, OLD.user_id, OLD.created_at);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.type = 'human_in_the_loop' AND NEW.user_id IS NOT NULL THEN
    PERFORM annotator_refresh_score_days(NEW.session_id, NEW.user_id, NEW.created_at);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER scores_annotator_figures
AFTER INSERT OR DELETE OR UPDATE OF session_id, user_id, type, result, created_at ON scores
FOR EACH ROW EXECUTE FUNCTION annotator_scores_changed();
--> statement-breakpoint
-- A session's creator's day; and when whether its scores count changed (archived, moved), each scorer's days in
-- the old and the new organization.
CREATE FUNCTION annotator_sessions_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  scored record;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL AND OLD.organization_id IS NOT NULL THEN
    PERFORM annotator_refresh_day(OLD.organization_id, OLD.user_id, OLD.created_at);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL AND NEW.organization_id IS NOT NULL
    AND NOT (TG_OP = 'UPDATE' AND OLD.user_id IS NOT DISTINCT FROM NEW.user_id
      AND OLD.organization_id IS NOT DISTINCT FROM NEW.organization_id
      AND date_trunc('day', OLD.created_at, 'UTC') = date_trunc('day', NEW.created_at, 'UTC')) THEN
    PERFORM annotator_refresh_day(NEW.organization_id, NEW.user_id, NEW.created_at);
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD.archived IS DISTINCT FROM NEW.archived
    OR OLD.organization_id IS DISTINCT FROM NEW.organization_id) THEN
    FOR scored IN
      SELECT DISTINCT sc.user_id, date_trunc('day', sc.created_at, 'UTC') AS day FROM scores sc
      WHERE sc.session_id = NEW.id AND sc.type = 'human_in_the_loop' AND sc.user_id IS NOT NULL
    LOOP
      IF OLD.organization_id IS NOT NULL THEN
        PERFORM annotator_refresh_day(OLD.organization_id, scored.user_id, scored.day);
      END IF;
      IF NEW.organization_id IS NOT NULL AND NEW.organization_id IS DISTINCT FROM OLD.organization_id THEN
        PERFORM annotator_refresh_day(NEW.organization_id, scored.user_id, scored.day);
      END IF;
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_annotator_figures
AFTER INSERT OR DELETE OR UPDATE OF user_id, organization_id, archived, session_duration, created_at ON sessions
FOR EACH ROW EXECUTE FUNCTION annotator_sessions_changed();
--> statement-breakpoint
-- A session's human scores go before it (rather than by the cascade after it): their trigger still finds the
-- session's organization, and takes them out of their days.
CREATE FUNCTION annotator_sessions_deleting() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM scores WHERE session_id = OLD.id AND type = 'human_in_the_loop';
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_annotator_figures_deleting
BEFORE DELETE ON sessions
FOR EACH ROW EXECUTE FUNCTION annotator_sessions_deleting();
--> statement-breakpoint
-- Every day anew from the rows (rows loaded with the triggers off, and this migration).
CREATE FUNCTION annotator_rebuild_figures() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM annotator_daily_figures;
  INSERT INTO annotator_daily_figures (organization_id, user_id, day, sessions, session_hours_sum,
    session_hours_count, last_session_at, scores, correct_scores, scoring_seconds_sum, scoring_seconds_count,
    last_score_at, scored_sessions)
  SELECT x.org, x.person, x.day, sum(x.sessions), sum(x.hours_sum), sum(x.hours_count), max(x.last_session),
    sum(x.scores), sum(x.correct), sum(x.seconds_sum), sum(x.seconds_count), max(x.last_score), sum(x.scored)
  FROM (
    SELECT s.organization_id AS org, s.user_id AS person, date_trunc('day', s.created_at, 'UTC') AS day,
      count(*) AS sessions, coalesce(sum(s.session_duration), 0) AS hours_sum,
      count(s.session_duration) AS hours_count, max(s.created_at) AS last_session, 0 AS scores, 0 AS correct,
      0::double precision AS seconds_sum, 0 AS seconds_count, NULL::timestamptz AS last_score, 0 AS scored
    FROM sessions s
    WHERE s.user_id IS NOT NULL AND s.organization_id IS NOT NULL AND NOT s.archived
    GROUP BY 1, 2, 3
    UNION ALL
    SELECT h.org, h.person, date_trunc('day', h.created_at, 'UTC'), 0, 0, 0, NULL, count(*),
      count(*) FILTER (WHERE (h.result->>'correct')::boolean),
      coalesce(sum((h.result->>'session_time')::double precision), 0),
      count((h.result->>'session_time')::double precision), max(h.created_at),
      count(DISTINCT h.session_id) FILTER (WHERE date_trunc('day', h.created_at, 'UTC') = date_trunc('day', h.latest, 'UTC'))
    FROM (
      SELECT s.organization_id AS org, sc.user_id AS person, sc.session_id, sc.result, sc.created_at,
        max(sc.created_at) OVER (PARTITION BY sc.user_id, sc.session_id) AS latest
      FROM scores sc JOIN sessions s ON s.id = sc.session_id
      WHERE sc.type = 'human_in_the_loop' AND sc.user_id IS NOT NULL AND s.organization_id IS NOT NULL
        AND NOT s.archived
    ) h
    GROUP BY 1, 2, 3
  ) x
  GROUP BY x.org, x.person, x.day;
END
$$;
--> statement-breakpoint
SELECT annotator_rebuild_figures();
