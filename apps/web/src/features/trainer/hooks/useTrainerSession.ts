import { type CreateBrowserSessionRequest, endpoints } from '@proctor/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../api';
import { useBrowserSession, useBrowserSessionHeartbeat } from '../../browserSessions';

/** Start Test Session: a 'trainer' browser session opened on the start URL with the task and its response format. */
export function useStartTestSession() {
  return useMutation({
    mutationFn: (request: CreateBrowserSessionRequest) =>
      call(endpoints.createBrowserSession, { body: request }),
  });
}

/**
 * The trainer's browser session (its task, response format and start) kept in use by a heartbeat while the page is
 * open; `complete` is Task Completed with the Output, `end` closes it without one.
 */
export function useTrainerSession(publicId: string | null) {
  const session = useBrowserSession(publicId);
  useBrowserSessionHeartbeat(session.data?.status === 'running' ? publicId : null);
  const complete = useMutation({
    mutationFn: (output: Record<string, unknown>) =>
      call(endpoints.completeBrowserSession, { params: { publicId: publicId ?? '' }, body: { output } }),
  });
  const end = useMutation({
    mutationFn: () => call(endpoints.closeBrowserSession, { params: { publicId: publicId ?? '' } }),
  });
  return { session, complete, end };
}
