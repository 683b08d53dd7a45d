import { endpoints, type HumanScoreRequest, type SessionDetailResponse } from '@proctor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api';
import { SESSION_LISTS_KEY, SESSIONS_QUERY_KEY, sessionKey, sessionScoresKey } from './sessionKeys';

/** Archive a session: it leaves every list, so the lists are read again. */
export function useArchiveSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => call(endpoints.archiveSession, { params: { id: sessionId } }),
    onSuccess: (_result, sessionId) => {
      queryClient.removeQueries({ queryKey: sessionKey(sessionId) });
      queryClient.removeQueries({ queryKey: sessionScoresKey(sessionId) });
      return queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
    },
  });
}

/** Replay a recorded session (POST /api/runs/replay): a new queued run, which the lists show at once. */
export function useReplaySession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => call(endpoints.startReplay, { body: { session_id: sessionId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}

/** Make a session public or private (platform admins); the page shows the answer at once. */
export function useSetSessionPublic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, isPublic }: { sessionId: string; isPublic: boolean }) =>
      call(endpoints.setSessionPublic, { params: { id: sessionId }, body: { is_public: isPublic } }),
    onSuccess: (result, { sessionId }) => {
      queryClient.setQueriesData<SessionDetailResponse>({ queryKey: sessionKey(sessionId) }, (current) =>
        current ? { ...current, session: { ...current.session, isPublic: result.isPublic } } : current,
      );
    },
  });
}

/**
 * Give a session your human score (Correct or Fail, with an optional reason). The session page reads the
 * scores again itself (useRefreshAfterHumanScore); the lists, whose scoring needs change, are marked stale.
 */
export function useScoreSessionAsHuman(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HumanScoreRequest) =>
      call(endpoints.scoreSessionAsHuman, { params: { id: sessionId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_LISTS_KEY, refetchType: 'none' }),
  });
}

/** The next session of the organization that needs the annotator's score, other than the one open. */
export function useNextSessionToScore() {
  return useMutation({
    mutationFn: (excludeSessionId: string | undefined) =>
      call(endpoints.nextForAnnotator, {
        query: excludeSessionId ? { exclude_session_id: excludeSessionId } : {},
      }),
  });
}
