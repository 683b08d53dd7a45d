import { liveViewSocketPath } from '@proctor/contracts';

/** The WebSocket address of an environment's live view, on the origin that served the page. */
export function liveViewSocketUrl(origin: string, envId: string, token: string): string {
  return `${origin.replace(/^http/, 'ws')}${liveViewSocketPath(envId)}?token=${encodeURIComponent(token)}`;
}
