import { type BrowserSession, type BrowserSessionType, buildPath, endpoints } from '@proctor/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, errorDetail, tokenStore } from '../../../api';
import { useBrowserSessionHeartbeat } from './useBrowserSessionHeartbeat';

/**
 * Closes a browser session as the page goes away (unmount, navigation, closing the tab): a fetch with `keepalive`,
 * which the browser finishes after the page is gone. Best effort: a lost one is closed by the server once idle.
 */
function closeOnLeave(publicId: string): void {
  const accessToken = tokenStore.get()?.accessToken;
  void fetch(buildPath(endpoints.closeBrowserSession.path, { publicId }), {
    method: endpoints.closeBrowserSession.method,
    headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * The browser a page holds while it is open (the builder's, the AI browser's, the demo's; 002 §2.8–2.10): a browser
 * session of `type` opened on `startUrl` (about:blank without one) when the page opens and closed when it is left,
 * kept open by a heartbeat meanwhile (its publicId is its environment's). `failure` is the server's reason when none
 * could be had (503 'No browsers available. …'); `retry` asks again. `navigate` sends its page to a URL.
 */
export function useHeldBrowserSession(type: BrowserSessionType, startUrl?: string) {
  const [session, setSession] = useState<BrowserSession | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const held = useRef<string | null>(null);
  const opening = useRef(false);
  const left = useRef(false);
  // Where the browser opens is the page's first answer: a later start URL is the page's to navigate to.
  const openAt = useRef(startUrl);

  const open = useCallback(() => {
    if (opening.current) return;
    opening.current = true;
    setFailure(null);
    const start_url = openAt.current;
    call(endpoints.createBrowserSession, { body: start_url ? { type, start_url } : { type } })
      .then(
        (created) => {
          // A browser that arrives after the page was left is closed at once.
          if (left.current) return closeOnLeave(created.publicId);
          held.current = created.publicId;
          setSession(created);
        },
        (error: unknown) => setFailure(errorDetail(error)),
      )
      .finally(() => {
        opening.current = false;
      });
  }, [type]);

  useEffect(() => {
    // Once per page, also under StrictMode's second mount: the ref says a session is held or on its way.
    if (!held.current) open();
    const leave = () => {
      if (held.current) closeOnLeave(held.current);
      held.current = null;
    };
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, [open]);

  // Leaving the page closes its browser.
  useEffect(() => {
    left.current = false;
    return () => {
      left.current = true;
      if (held.current) closeOnLeave(held.current);
      held.current = null;
    };
  }, []);

  useBrowserSessionHeartbeat(session?.publicId ?? null);

  const navigate = useMutation({
    mutationFn: (url: string) => {
      if (!held.current) throw new Error('The browser is not ready yet');
      return call(endpoints.navigateBrowserSession, { params: { publicId: held.current }, body: { url } });
    },
    onSuccess: (navigated) => setSession(navigated),
  });

  return { session, failure, retry: open, navigate };
}
