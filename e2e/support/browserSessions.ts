import { endpoints } from '@proctor/contracts';
import { type Browser, chromium, type Page } from 'playwright-core';
import { until } from '../../apps/server/test/support/until';
import type { CatalogApi } from './catalog';

/**
 * A running shop of the caller's organization, kept alive, and its origin: the organization's browser sessions
 * (the builder's, the AI browser's, the trainer's) reach it as they reach the open web.
 */
export async function runningShopOrigin(api: CatalogApi, alias: string): Promise<string> {
  const shop = await api.call(endpoints.makeEnvironment, {
    body: { env_id: 'shop', keepalive: true, alias, source: 'public-urls' },
  });
  await until(
    () => api.call(endpoints.environmentStatus, { params: { id: shop.id } }),
    ({ status }) => status === 'running',
    'the shop to run',
  );
  const reset = await api.call(endpoints.resetEnvironment, {
    params: { id: shop.id },
    body: { start_url: '/' },
  });
  return new URL(reset.start_url).origin;
}

/**
 * A browser session's page over its environment's CDP (to find where an element is, as a person sees it); the
 * connection joins `connections`, for the test to close.
 */
export async function browserSessionPage(
  api: CatalogApi,
  publicId: string,
  connections: Browser[],
): Promise<Page> {
  const { cdp_url } = await api.call(endpoints.environmentCdpUrl, { params: { id: publicId } });
  const remote = await chromium.connectOverCDP(cdp_url);
  connections.push(remote);
  const page = remote.contexts()[0]?.pages()[0];
  if (!page) throw new Error('The browser session has no page');
  return page;
}
