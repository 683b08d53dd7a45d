/**
 * The live view's WebSocket address for a live-view page address, as `GET /api/env/{id}/state` and the
 * keepalive list give it: `http(s)://host/live/{id}?token=T` → `ws(s)://host/live/{id}/ws?token=T`.
 * The socket sits under the page's own path (`liveViewSocketPath` in contracts), so a Proctor served under a
 * path prefix keeps it, and the token is the one the page address carries. (The /live page itself builds
 * the same address from its own location: `liveViewSocketUrl` in features/live.)
 */
export function socketUrlOfLiveView(liveViewUrl: string): string {
  const url = new URL(liveViewUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/ws`;
  return url.href;
}
