import { endpoints, type SessionDetailResponse } from '@proctor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api';
import { SESSIONS_QUERY_KEY, sessionKey, sessionScoresKey } from './sessionKeys';

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

/** Make a session public or private (platform admins); the page shows the answer at once. */
export function useSetSessionPublic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, isPublic }: { sessionId: string; isPublic: boolean }) =>
      call(endpoints.setSessionPublic, { params: { id: sessionId }, body: { is_public: isPublic } }),
    onSuccess: (result, { sessionId }) => {
      queryClient.setQueryData<SessionDetailResponse>(sessionKey(sessionId), (current) =>
        current ? { ...current, session: { ...current.session, isPublic: result.isPublic } } : current,
      );
    },
  });
}
