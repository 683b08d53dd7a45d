-- usage_environment_minutes and _hours (packages/db/src/schema/usage.ts) kept by a trigger on sessions.
-- A session counts as an environment when it was made with one (a job group) and has ended, or has not and is in
-- progress; it opens at created_at (+1) and closes at ended_at (-1). The statuses are the contracts'
-- IN_PROGRESS_SESSION_STATUSES (apps/server/test/usageRollup.test.ts checks they agree).
CREATE FUNCTION usage_session_counts(status text, job_group_id text, ended_at timestamptz) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  select job_group_id is not null and (ended_at is not null
    or status in ('run_queued', 'run_started', 'run_setup_completed', 'postprocessing_started', 'scoring_started'))
$$;
--> statement-breakpoint
-- Recomputes one minute of an organization from its sessions, then that minute's hour from its minutes. Takes
-- the organization's usage lock first (until commit): each statement after it reads what other writers
-- committed, so concurrent session writes cannot lose each other's counts.
CREATE FUNCTION usage_refresh_minute(org integer, at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  m timestamptz := date_trunc('minute', at, 'UTC');
  h timestamptz := date_trunc('hour', at, 'UTC');
  events integer;
  net integer;
  rise integer;
BEGIN
  PERFORM pg_advisory_xact_lock(7701, org);
  SELECT count(*), coalesce(sum(e.change), 0), greatest(0, coalesce(max(e.level), 0))
    INTO events, net, rise
  FROM (
    SELECT o.change, sum(o.change) OVER (ORDER BY o.at, o.change ROWS UNBOUNDED PRECEDING) AS level
    FROM (
      SELECT s.created_at AS at, 1 AS change FROM sessions s
      WHERE s.organization_id = org AND s.archived IN (false, true)
        AND s.created_at >= m AND s.created_at < m + interval '1 minute'
        AND usage_session_counts(s.status, s.job_group_id, s.ended_at)
      UNION ALL
      SELECT s.ended_at, -1 FROM sessions s
      WHERE s.organization_id = org AND s.ended_at >= m AND s.ended_at < m + interval '1 minute'
        AND s.job_group_id IS NOT NULL
    ) o
  ) e;
  IF events = 0 THEN
    DELETE FROM usage_environment_minutes WHERE organization_id = org AND minute = m;
  ELSE
    INSERT INTO usage_environment_minutes (organization_id, minute, net_change, peak_rise)
    VALUES (org, m, net, rise)
    ON CONFLICT (organization_id, minute) DO UPDATE SET net_change = excluded.net_change, peak_rise = excluded.peak_rise;
  END IF;

  SELECT count(*), coalesce(sum(x.net_change), 0), greatest(0, coalesce(max(x.before + x.peak_rise), 0))
    INTO events, net, rise
  FROM (
    SELECT u.net_change, u.peak_rise,
      coalesce(sum(u.net_change) OVER (ORDER BY u.minute ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
    FROM usage_environment_minutes u
    WHERE u.organization_id = org AND u.minute >= h AND u.minute < h + interval '1 hour'
  ) x;
  IF events = 0 THEN
    DELETE FROM usage_environment_hours WHERE organization_id = org AND hour = h;
  ELSE
    INSERT INTO usage_environment_hours (organization_id, hour, net_change, peak_rise)
    VALUES (org, h, net, rise)
    ON CONFLICT (organization_id, hour) DO UPDATE SET net_change = excluded.net_change, peak_rise = excluded.peak_rise;
  END IF;
END
$$;
--> statement-breakpoint
-- The minutes whose starts or ends a session write changed.
CREATE FUNCTION usage_sessions_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_counts boolean := false;
  new_counts boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_counts := OLD.organization_id IS NOT NULL AND usage_session_counts(OLD.status, OLD.job_group_id, OLD.ended_at);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_counts := NEW.organization_id IS NOT NULL AND usage_session_counts(NEW.status, NEW.job_group_id, NEW.ended_at);
  END IF;
  IF old_counts AND new_counts AND OLD.organization_id = NEW.organization_id THEN
    -- The usual update: a session ends (its start is already counted).
    IF OLD.created_at IS DISTINCT FROM NEW.created_at THEN
      PERFORM usage_refresh_minute(OLD.organization_id, OLD.created_at);
      PERFORM usage_refresh_minute(NEW.organization_id, NEW.created_at);
    END IF;
    IF OLD.ended_at IS DISTINCT FROM NEW.ended_at THEN
      IF OLD.ended_at IS NOT NULL THEN PERFORM usage_refresh_minute(OLD.organization_id, OLD.ended_at); END IF;
      IF NEW.ended_at IS NOT NULL THEN PERFORM usage_refresh_minute(NEW.organization_id, NEW.ended_at); END IF;
    END IF;
    RETURN NULL;
  END IF;
  IF old_counts THEN
    PERFORM usage_refresh_minute(OLD.organization_id, OLD.created_at);
    IF OLD.ended_at IS NOT NULL THEN PERFORM usage_refresh_minute(OLD.organization_id, OLD.ended_at); END IF;
  END IF;
  IF new_counts THEN
    PERFORM usage_refresh_minute(NEW.organization_id, NEW.created_at);
    IF NEW.ended_at IS NOT NULL THEN PERFORM usage_refresh_minute(NEW.organization_id, NEW.ended_at); END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_usage_rollup
AFTER INSERT OR DELETE OR UPDATE OF organization_id, status, job_group_id, created_at, ended_at ON sessions
FOR EACH ROW EXECUTE FUNCTION usage_sessions_changed();
--> statement-breakpoint
-- Every organization's rows anew from its sessions (sessions loaded with the trigger off, and this migration).
CREATE FUNCTION usage_rebuild_rollup() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM usage_environment_minutes;
  DELETE FROM usage_environment_hours;
  INSERT INTO usage_environment_minutes (organization_id, minute, net_change, peak_rise)
  SELECT o.org, o.minute, sum(o.change), greatest(0, max(o.level))
  FROM (
    SELECT e.org, date_trunc('minute', e.at, 'UTC') AS minute, e.change,
      sum(e.change) OVER (PARTITION BY e.org, date_trunc('minute', e.at, 'UTC') ORDER BY e.at, e.change
        ROWS UNBOUNDED PRECEDING) AS level
    FROM (
      SELECT s.organization_id AS org, s.created_at AS at, 1 AS change FROM sessions s
      WHERE s.organization_id IS NOT NULL AND usage_session_counts(s.status, s.job_group_id, s.ended_at)
      UNION ALL
      SELECT s.organization_id, s.ended_at, -1 FROM sessions s
      WHERE s.organization_id IS NOT NULL AND s.ended_at IS NOT NULL AND s.job_group_id IS NOT NULL
    ) e
  ) o
  GROUP BY o.org, o.minute;
  INSERT INTO usage_environment_hours (organization_id, hour, net_change, peak_rise)
  SELECT x.organization_id, x.hour, sum(x.net_change), greatest(0, max(x.before + x.peak_rise))
  FROM (
    SELECT u.organization_id, date_trunc('hour', u.minute, 'UTC') AS hour, u.net_change, u.peak_rise,
      coalesce(sum(u.net_change) OVER (PARTITION BY u.organization_id, date_trunc('hour', u.minute, 'UTC') ORDER BY u.minute
        ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
    FROM usage_environment_minutes u
  ) x
  GROUP BY x.organization_id, x.hour;
END
$$;
--> statement-breakpoint
SELECT usage_rebuild_rollup();
