-- assignment_progress (packages/db/src/schema/annotatorRollups.ts) kept by a trigger on sessions. A session
-- counts as recorded when it is not archived and its status is none of apps/server/src/repositories/assignments.ts
-- NOT_RECORDED ('created', 'cancelled', 'run_failed' and the contracts' IN_PROGRESS_SESSION_STATUSES;
-- apps/server/test/annotatorRollups.test.ts checks they agree).
CREATE FUNCTION assignment_session_counts(archived boolean, status text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  select not archived and status not in ('created', 'cancelled', 'run_failed', 'run_queued', 'run_started',
    'run_setup_completed', 'postprocessing_started', 'scoring_started')
$$;
--> statement-breakpoint
-- Recomputes one organization's row of one test case from its sessions (a few, read through
-- sessions_org_test_case_idx). Takes that pair's lock first (until commit): the count after it reads what other
-- writers committed, so concurrent session writes cannot lose each other's changes. The lock's first key is
-- negative, apart from the usage rollup's (7701, organization).
CREATE FUNCTION assignment_refresh_progress(org integer, test_case integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  n integer;
  n_passed integer;
  n_unmarked integer;
BEGIN
  PERFORM pg_advisory_xact_lock(-org, test_case);
  SELECT count(*), count(*) FILTER (WHERE s.human_consensus = 'pass'), count(*) FILTER (WHERE s.human_score_count = 0)
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
-- The pairs a session write can change: its old one when the old row counted, its new one when the new row
-- counts. A write that changes none of what is counted (most of an environment's writes) touches nothing.
CREATE FUNCTION assignment_sessions_changed() RETURNS trigger
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
    AND OLD.human_score_count = NEW.human_score_count THEN
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
CREATE TRIGGER sessions_assignment_progress
AFTER INSERT OR DELETE OR UPDATE OF organization_id, test_case_id, archived, status, human_consensus, human_score_count
ON sessions
FOR EACH ROW EXECUTE FUNCTION assignment_sessions_changed();
--> statement-breakpoint
-- Every pair anew from the sessions (sessions loaded with the trigger off, and this migration).
CREATE FUNCTION assignment_rebuild_progress() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM assignment_progress;
  INSERT INTO assignment_progress (organization_id, test_case_id, recorded, passed, unmarked)
  SELECT s.organization_id, s.test_case_id, count(*), count(*) FILTER (WHERE s.human_consensus = 'pass'),
    count(*) FILTER (WHERE s.human_score_count = 0)
  FROM sessions s
  WHERE s.organization_id IS NOT NULL AND s.test_case_id IS NOT NULL AND assignment_session_counts(s.archived, s.status)
  GROUP BY s.organization_id, s.test_case_id;
END
$$;
--> statement-breakpoint
SELECT assignment_rebuild_progress();
