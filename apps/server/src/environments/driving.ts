import { WEB_FLOW_MESSAGES } from '@proctor/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { withEnvironmentPage } from '../agents/page';
import { conflict } from '../kernel/http/errors';
import type { LiveEnvironment } from './live';

/** Browser sessions a web flow, a node or a task is driving now: a second driver on one page would fight the first. */
const driving = new WeakSet<LiveEnvironment>();

/** Someone drives the environment now (a web flow or run-task): a second driver is refused (409). */
export function refuseIfDriven(environment: LiveEnvironment): void {
  if (driving.has(environment)) throw conflict(WEB_FLOW_MESSAGES.sessionBusy);
}

/**
 * Lends `use` the environment's page, connected for this call only; exclusive (the default) means one driver at
 * a time, a second answered 409. Driven straight over the browser's DevTools endpoint, which the idle clock does
 * not hear, so the environment is in use from the call's start to its end, however long it takes.
 */
export async function driveEnvironment<T>(
  environment: LiveEnvironment,
  signal: AbortSignal,
  use: (page: Page, context: BrowserContext) => Promise<T>,
  options: { exclusive: boolean } = { exclusive: true },
): Promise<T> {
  return holdEnvironment(
    environment,
    () => withEnvironmentPage(environment.browser.wsEndpoint, signal, use),
    options,
  );
}

/** As driveEnvironment, for a driver that connects to the browser itself (an agent's TaskDriver). */
export async function holdEnvironment<T>(
  environment: LiveEnvironment,
  use: () => Promise<T>,
  options: { exclusive: boolean } = { exclusive: true },
): Promise<T> {
  if (options.exclusive) {
    refuseIfDriven(environment);
    driving.add(environment);
  }
  const inUse = () => {
    environment.heartbeatAt = Date.now();
  };
  inUse();
  const keepInUse = setInterval(inUse, 30_000).unref();
  try {
    // Nobody drives an environment's page before its recorder is attached: the first action is recorded too.
    await environment.recording;
    return await use();
  } finally {
    clearInterval(keepInUse);
    inUse();
    if (options.exclusive) driving.delete(environment);
  }
}
