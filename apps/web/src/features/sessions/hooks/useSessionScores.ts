import { endpoints, type SessionStatus } from '@proctor/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api';
import { sessionScoresKey } from './sessionKeys';
import { adminViewQuery } from './useAdminView';

/**
 * A session's score records. The session's status is part of the key: useSession polls the session while it
 * runs, and each new status (processing, scoring, completed) reads the records again, showing the same
 * session's last ones meanwhile (never another session's). So is admin view, which decides whose human
 * scores an annotator's account admin sees.
 */
export function useSessionScores(sessionId: string, status: SessionStatus, adminView: boolean) {
  const key = sessionScoresKey(sessionId);
  return useQuery({
    queryKey: [...key, { adminView }, status],
    queryFn: ({ signal }) =>
      call(endpoints.sessionScores, { params: { id: sessionId }, query: adminViewQuery(adminView), signal }),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[key.length - 1] === sessionId ? previous : undefined,
  });
}
