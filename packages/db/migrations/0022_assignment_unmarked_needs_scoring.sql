-- A test case needs scoring while a session of it still needs a person's verdict: no human score yet, or
-- sessions.needs_human_scoring (scored automatically, and too few human scores to agree on, or a conflict). It
-- counted only sessions with no human score at all, so a case whose sessions had one or two scores each fell
-- out of every tab (000 §2.7).
CREATE OR REPLACE FUNCTION assignment_refresh_progress(org integer, test_case integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  n integer;
  n_passed integer;
  n_unmarked integer;
BEGIN
  PERFORM pg_advisory_xact_lock(-org, test_case);
  SELECT count(*), count(*) FILTER (WHERE s.human_consensus = 'pass'), count(*) FILTER (WHERE s.human_score_count = 0 OR s.needs_human_scoring)
    INTO n, n_passed, n_unmarked
  FROM sessions s
  WHERE s.organization_id = org AND s.test_case_id = test_case AND assignment_session_counts(s.archived, s.status);
  IF n = 0 THEN
    DELETE FROM assignment_progress WHERE organization_id = org AND test_case_id = test_case;
  ELSE
    INSERT INTO assignment_progress (organization_id, test_case_id, recorded, passed, unmarked)
    VALUES (org, test_case, n, n_passed, n_unmarked)
    ON CONFLICT (organization_id, test_case_id) DO UPDATE
      SET recorded = excluded.recorded, passed = excluded.passed, unmarked = excluded.unmarked;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION assignment_sessions_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_counts boolean := false;
  new_counts boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_counts := OLD.organization_id IS NOT NULL AND OLD.test_case_id IS NOT NULL
      AND assignment_session_counts(OLD.archived, OLD.status);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_counts := NEW.organization_id IS NOT NULL AND NEW.test_case_id IS NOT NULL
      AND assignment_session_counts(NEW.archived, NEW.status);
  END IF;
  IF TG_OP = 'UPDATE' AND old_counts AND new_counts
    AND OLD.organization_id = NEW.organization_id AND OLD.test_case_id = NEW.test_case_id
    AND OLD.human_consensus IS NOT DISTINCT FROM NEW.human_consensus
    AND OLD.human_score_count = NEW.human_score_count
    AND OLD.needs_human_scoring = NEW.needs_human_scoring THEN
    RETURN NULL;
  END IF;
  IF old_counts THEN
    PERFORM assignment_refresh_progress(OLD.organization_id, OLD.test_case_id);
  END IF;
  IF new_counts AND NOT (old_counts AND OLD.organization_id = NEW.organization_id
    AND OLD.test_case_id = NEW.test_case_id) THEN
    PERFORM assignment_refresh_progress(NEW.organization_id, NEW.test_case_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER sessions_assignment_progress ON sessions;
--> statement-breakpoint
CREATE TRIGGER sessions_assignment_progress
AFTER INSERT OR DELETE OR UPDATE OF organization_id, test_case_id, archived, status, human_consensus,
  human_score_count, needs_human_scoring
ON sessions
FOR EACH ROW EXECUTE FUNCTION assignment_sessions_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION assignment_rebuild_progress() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM assignment_progress;
  INSERT INTO assignment_progress (organization_id, test_case_id, recorded, passed, unmarked)
  SELECT s.organization_id, s.test_case_id, count(*), count(*) FILTER (WHERE s.human_consensus = 'pass'),
    count(*) FILTER (WHERE s.human_score_count = 0 OR s.needs_human_scoring)
  FROM sessions s
  WHERE s.organization_id IS NOT NULL AND s.test_case_id IS NOT NULL AND assignment_session_counts(s.archived, s.status)
  GROUP BY s.organization_id, s.test_case_id;
END
$$;
--> statement-breakpoint
SELECT assignment_rebuild_progress();
