import { endpoints, type SessionStatus } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';
import { adminViewQuery } from './useAdminView';

/**
 * A session's score records. The session's status is part of the key: useSession polls the session while it
 * runs, and each new status (processing, scoring, completed) reads the records again, showing the same
 * session's last ones meanwhile (never another session's). So is admin view, which decides whose human
 * scores an annotator's account admin sees.
 */
export function useSessionScores(sessionId: string, status: SessionStatus, adminView: boolean) {
  return useEndpointQuery(endpoints.sessionScores, {
    params: { id: sessionId },
    query: adminViewQuery(adminView),
    refetchOn: status,
    keepPrevious: 'same-params',
  });
}
