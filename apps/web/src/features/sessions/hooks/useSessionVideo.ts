import { endpoints, SESSION_VIDEO } from '@proctor/contracts';
import { useBlobUrl, useEndpointQuery } from '../../../api';

/**
 * The session's video once `enabled` (its tab is opened): asking for it queues its rendering on the server, so
 * it is asked again while it renders; once ready, its WebM is read (with the caller's credentials) into an
 * object URL for the <video>.
 */
export function useSessionVideo(sessionId: string, enabled: boolean) {
  const answer = useEndpointQuery(endpoints.sessionScreenRecording, {
    params: { id: sessionId },
    enabled,
    refetchInterval: (query) => (query.state.data?.status === 'rendering' ? SESSION_VIDEO.pollMs : false),
  });
  const file = useBlobUrl(answer.data?.status === 'ready' ? answer.data.url : null);
  return { answer, file };
}
