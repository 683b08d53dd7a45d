import { endpoints, type SessionStatus } from '@proctor/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api';
import { sessionScoresKey } from './sessionKeys';

/**
 * A session's score records. The session's status is part of the key: useSession polls the session while it
 * runs, and each new status (processing, scoring, completed) reads the records again, showing the same
 * session's last ones meanwhile (never another session's).
 */
export function useSessionScores(sessionId: string, status: SessionStatus) {
  const key = sessionScoresKey(sessionId);
  return useQuery({
    queryKey: [...key, status],
    queryFn: ({ signal }) => call(endpoints.sessionScores, { params: { id: sessionId }, signal }),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[key.length - 1] === sessionId ? previous : undefined,
  });
}
