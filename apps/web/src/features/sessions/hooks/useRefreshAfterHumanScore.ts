import { endpoints, type ScoreRecord } from '@proctor/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { endpointQueryKey } from '../../../api';
import { useSignedInUser } from '../../auth';
import { hasRecentHumanScore, humanScoreRefreshDelays, refreshUntil } from '../humanScoring';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * After the viewer saves a human score: reads the session's scores and the session (its human results)
 * again on the schedule of 000 §2.6 until their new score is among the scores, and stops when the page
 * closes. A failed read counts as not found yet.
 */
export function useRefreshAfterHumanScore(sessionId: string): () => Promise<boolean> {
  const queryClient = useQueryClient();
  const userId = useSignedInUser().id;
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);

  return useCallback(
    () =>
      refreshUntil({
        delays: humanScoreRefreshDelays(),
        wait,
        cancelled: () => !open.current,
        read: async () => {
          const params = { id: sessionId };
          const scores = endpointQueryKey(endpoints.sessionScores, { params });
          await Promise.all([
            queryClient.refetchQueries({ queryKey: scores, type: 'active' }),
            queryClient.refetchQueries({
              queryKey: endpointQueryKey(endpoints.getSession, { params }),
              type: 'active',
            }),
          ]);
          const now = Date.now();
          return queryClient
            .getQueriesData<ScoreRecord[]>({ queryKey: scores, type: 'active' })
            .some(([, records]) => hasRecentHumanScore(records, userId, now));
        },
      }),
    [queryClient, sessionId, userId],
  );
}
