import { endpoints, TIMING } from '@proctor/contracts';
import { useEffect } from 'react';
import { call } from '../../../api';

/** The page holding a browser session is open: it is in use even while nobody touches it (idle ones close after ten minutes). */
export function useBrowserSessionHeartbeat(publicId: string | null): void {
  useEffect(() => {
    if (!publicId) return;
    const timer = setInterval(() => {
      void call(endpoints.browserSessionHeartbeat, { params: { publicId } }).catch(() => undefined);
    }, TIMING.heartbeatMs);
    return () => clearInterval(timer);
  }, [publicId]);
}
