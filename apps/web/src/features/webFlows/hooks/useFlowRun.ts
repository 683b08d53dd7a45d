import {
  buildPath,
  endpoints,
  RUN_WEB_FLOW_PATH,
  type RunWebFlowRequest,
  type WebFlowNodeResult,
  WebFlowRunEvent,
} from '@proctor/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { streamFailure, streamNdjson, useInvalidateEndpoints } from '../../../api';
import {
  applyFlowRunEvent,
  type FlowRunProgress,
  finishFlowRun,
  singleNodeRun,
  startFlowRun,
} from '../flowRun';

/**
 * Runs a saved flow on the builder's browser session and follows its answer line by line (002 §2.8, §4): each
 * node_start and node_end marks its node, each extract's output joins the Output, run_end ends it. A refused
 * request ends the run with 'Request failed with status {status}: …' (002 §7.13). `onEvent` sees every event
 * (the builder takes healed locators from it). Leaving the page stops reading.
 */
export function useFlowRun(onEvent?: (event: WebFlowRunEvent) => void) {
  const invalidate = useInvalidateEndpoints();
  const [run, setRun] = useState<FlowRunProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const listener = useRef(onEvent);
  listener.current = onEvent;

  const stop = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
  }, []);

  const start = useCallback(
    (flowId: number, nodeIds: readonly string[], request: RunWebFlowRequest) => {
      stop();
      const own = new AbortController();
      controller.current = own;
      setRun(startFlowRun(nodeIds));
      streamNdjson(
        buildPath(RUN_WEB_FLOW_PATH, { id: flowId }),
        request,
        WebFlowRunEvent,
        (event) => {
          if (own.signal.aborted) return;
          listener.current?.(event);
          setRun((current) => current && applyFlowRunEvent(current, event));
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
          setRun((current) => current && finishFlowRun(current, failure));
          void invalidate([endpoints.webFlowRuns, endpoints.webFlowRun]);
        });
    },
    [invalidate, stop],
  );

  /** One node run on its own (the test tab): its state and output join those on screen. */
  const recordNode = useCallback((result: WebFlowNodeResult) => {
    setRun((current) => applyFlowRunEvent(current ?? singleNodeRun(), { type: 'node_end', ...result }));
  }, []);

  useEffect(() => stop, [stop]);

  return { run, start, stop, recordNode, clear: useCallback(() => setRun(null), []) };
}
