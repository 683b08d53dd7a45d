import { endpoints, type HumanScoreRequest, type SessionDetailResponse } from '@proctor/contracts';
import { endpointQueryKey, useEndpointMutation } from '../../../api';
import { SESSION_READS } from './sessionReads';

/** Archive a session: it leaves every list, so the lists are read again. */
export function useArchiveSession() {
  return useEndpointMutation(endpoints.archiveSession, {
    request: (sessionId: string) => ({ params: { id: sessionId } }),
    onSuccess: (_result, sessionId, queryClient) => {
      const params = { id: sessionId };
      queryClient.removeQueries({ queryKey: endpointQueryKey(endpoints.getSession, { params }) });
      queryClient.removeQueries({ queryKey: endpointQueryKey(endpoints.sessionScores, { params }) });
    },
    invalidates: SESSION_READS,
  });
}

/** Replay a recorded session (POST /api/runs/replay): a new queued run, which the lists show at once. */
export function useReplaySession() {
  return useEndpointMutation(endpoints.startReplay, {
    request: (sessionId: string) => ({ body: { session_id: sessionId } }),
    invalidates: SESSION_READS,
  });
}

/** Make a session public or private (platform admins); the page shows the answer at once. */
export function useSetSessionPublic() {
  return useEndpointMutation(endpoints.setSessionPublic, {
    request: ({ sessionId, isPublic }: { sessionId: string; isPublic: boolean }) => ({
      params: { id: sessionId },
      body: { is_public: isPublic },
    }),
    onSuccess: (result, { sessionId }, queryClient) => {
      queryClient.setQueriesData<SessionDetailResponse>(
        { queryKey: endpointQueryKey(endpoints.getSession, { params: { id: sessionId } }) },
        (current) =>
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
  return useEndpointMutation(endpoints.scoreSessionAsHuman, {
    request: (body: HumanScoreRequest) => ({ params: { id: sessionId }, body }),
    invalidates: [endpoints.listSessions],
    refetch: 'none',
  });
}

/** The next session of the organization that needs the annotator's score, other than the one open. */
export function useNextSessionToScore() {
  return useEndpointMutation(endpoints.nextForAnnotator, {
    request: (excludeSessionId: string | undefined) => ({
      query: excludeSessionId ? { exclude_session_id: excludeSessionId } : {},
    }),
  });
}
