import { type CreateBrowserSessionRequest, endpoints } from '@proctor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api';
import { pingExtension, startRecording, stopRecording } from '../chromeExtension';

const PRESENCE_KEY = ['chrome-extension'] as const;

/** Whether the Chrome extension answers on this page (asked once a page view), and what it records. */
export function useChromeExtension() {
  return useQuery({ queryKey: PRESENCE_KEY, queryFn: () => pingExtension(), staleTime: 0, retry: false });
}

/**
 * Start Test Session recorded in Chrome: the trainer session opened without a start page (its remote browser
 * stays blank and records nothing), a capability to upload to it, then START_RECORDING, which opens the start
 * page in a new Chrome window. A session the extension did not take is closed again.
 */
export function useStartChromeRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ start_url, ...request }: CreateBrowserSessionRequest & { start_url: string }) => {
      const session = await call(endpoints.createBrowserSession, { body: request });
      try {
        const { token } = await call(endpoints.extensionRecordingToken, {
          params: { publicId: session.publicId },
        });
        await startRecording({
          sessionId: session.publicId,
          startUrl: start_url,
          task: request.task ?? '',
          token,
        });
      } catch (error) {
        await call(endpoints.closeBrowserSession, { params: { publicId: session.publicId } }).catch(
          () => undefined,
        );
        throw error;
      }
      return session;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PRESENCE_KEY }),
  });
}

/** STOP_RECORDING: the extension uploads what it holds and closes its window. */
export function useStopChromeRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => stopRecording(sessionId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PRESENCE_KEY }),
  });
}
