import { MutationGenerationEvent } from '@proctor/contracts';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { streamFailure, streamNdjson, useInvalidateEndpoints } from '../../../api';
import { CATALOGUE_READS } from '../../simulators';
import {
  applyGenerationEvent,
  type GenerationState,
  type GenerationTarget,
  generationRequest,
  INITIAL_GENERATION_STATE,
} from '../mutationGeneration';

type Action =
  | { type: 'start'; startedAt: number }
  | { type: 'event'; event: MutationGenerationEvent }
  | { type: 'end'; failure: string | null };

export interface GenerationRun extends GenerationState {
  /** When the run started (ms since the epoch); null before the first run. */
  startedAt: number | null;
}

function reduce(run: GenerationRun, action: Action): GenerationRun {
  switch (action.type) {
    case 'start':
      return { ...INITIAL_GENERATION_STATE, startedAt: action.startedAt };
    case 'event':
      return { ...applyGenerationEvent(run, action.event), startedAt: run.startedAt };
    case 'end':
      return { ...run, done: true, failure: run.failure ?? action.failure };
  }
}

/**
 * One mutation generation at a time, streamed (001 §2.12): one test case through the single call, several or
 * a simulator's through the batch call. When the run ends the test cases are read again (`refresh`), so their
 * scoring badges and configurations show what was generated. `stop` stops reading; the server finishes anyway.
 */
export function useMutationGeneration() {
  const invalidate = useInvalidateEndpoints();
  const [run, dispatch] = useReducer(reduce, { ...INITIAL_GENERATION_STATE, startedAt: null });
  const controller = useRef<AbortController | null>(null);

  const refresh = useCallback(() => invalidate(CATALOGUE_READS), [invalidate]);

  const stop = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
  }, []);

  const start = useCallback(
    (target: GenerationTarget) => {
      stop();
      const own = new AbortController();
      controller.current = own;
      dispatch({ type: 'start', startedAt: Date.now() });
      const { path, body } = generationRequest(target);
      streamNdjson(
        path,
        body,
        MutationGenerationEvent,
        (event) => {
          if (!own.signal.aborted) dispatch({ type: 'event', event });
        },
        own.signal,
      )
        .then(
          () => null,
          (error: unknown) => streamFailure(error),
        )
        .then((failure) => {
          if (own.signal.aborted) return;
          controller.current = null;
          dispatch({ type: 'end', failure });
          void refresh();
        });
    },
    [refresh, stop],
  );

  // Leaving the page stops reading the stream.
  useEffect(() => stop, [stop]);

  return { run, start, stop, refresh };
}
