import {
  type ElementAtResponse,
  WEB_FLOW_LIMITS,
  WEB_FLOW_MESSAGES,
  type WebFlowLocator,
  type WebFlowNode,
  type WebFlowNodeResult,
  type WebFlowRunEvent,
  type WebFlowRunParameters,
  type WebFlowRunState,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { Page } from 'playwright-core';
import { driveEnvironment, refuseIfDriven } from '../../environments/driving';
import type { LiveEnvironment } from '../../environments/live';
import type { EnvironmentManager } from '../../environments/manager';
import type { ServerConfig } from '../../kernel/config';
import { runStoppable } from '../../kernel/queue/stoppable';
import {
  findWebFlow,
  insertWebFlowRun,
  updateWebFlow,
  updateWebFlowRun,
  type WebFlowRow,
} from '../../repositories/webFlows';
import { type BrowserSessionWorkers, type SessionOnWorker, sessionOnWorker } from '../browserSessions';
import { runAct } from './act';
import { elementAt } from './elementAt';
import { runExtract } from './extract';
import { healActLocator } from './heal';
import { fillParameters } from './typing';

export interface WebFlowServices {
  db: Database;
  config: ServerConfig;
  environments: EnvironmentManager;
  /** Scaled out: a session a worker holds is driven there (its door, and the `webflow.run` job). */
  workers?: BrowserSessionWorkers;
}

/** How long the API waits for a worker's answer to one node: the node's own limit, and the way there and back. */
const NODE_ON_WORKER_MS = WEB_FLOW_LIMITS.nodeTimeoutMs + 15_000;

/** The running browser session (an environment) of the organization; another's, or none, answers 404. */
export function browserSessionOf(services: WebFlowServices, organizationId: number, publicId: string) {
  return services.environments.running(publicId, organizationId);
}

/** An error's first line: Playwright adds its call log below. */
const messageOf = (error: unknown) =>
  String((error as Error)?.message ?? error)
    .split('\n')[0]!
    .trim();

/** `work`, failing with `message` after `ms` (what it was doing is stopped when the page's connection closes). */
async function within<T>(ms: number, message: string, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** One node on the page: never throws, its failure is the result's `error`. */
export async function runNode(
  config: ServerConfig,
  page: Page,
  node: WebFlowNode,
  parameters: WebFlowRunParameters,
): Promise<WebFlowNodeResult> {
  try {
    const done = await within(
      WEB_FLOW_LIMITS.nodeTimeoutMs,
      WEB_FLOW_MESSAGES.nodeTimedOut(WEB_FLOW_LIMITS.nodeTimeoutMs / 1000),
      async (): Promise<Omit<WebFlowNodeResult, 'nodeId' | 'ok'>> => {
        if (node.type === 'extract') return { output: await runExtract(page, node) };
        const healedLocator = await runAct(page, node, parameters, () =>
          healActLocator(config, page, node).catch((error: unknown) => {
            throw new Error(`${WEB_FLOW_MESSAGES.elementNotFound(node.elementHint)} (${messageOf(error)})`);
          }),
        );
        return healedLocator ? { healedLocator } : {};
      },
    );
    return { nodeId: node.id, ok: true, ...done };
  } catch (error) {
    return { nodeId: node.id, ok: false, error: messageOf(error) };
  }
}

/** POST /api/browser-sessions/{publicId}/run-node: one node, on its own (the builder's test tab). */
export async function runNodeOnSession(
  services: WebFlowServices,
  organizationId: number,
  publicId: string,
  node: WebFlowNode,
  parameters: WebFlowRunParameters,
): Promise<WebFlowNodeResult> {
  const worker = await sessionOnWorker(services, publicId, organizationId);
  if (worker) return worker.ask('run-node', { node, parameters }, NODE_ON_WORKER_MS);
  const environment = browserSessionOf(services, organizationId, publicId);
  return driveEnvironment(environment, AbortSignal.timeout(WEB_FLOW_LIMITS.nodeTimeoutMs + 5_000), (page) =>
    runNode(services.config, page, node, parameters),
  );
}

/** POST /api/browser-sessions/{publicId}/element-at: reads only, so it may look while a flow runs. */
export async function elementAtOnSession(
  services: WebFlowServices,
  organizationId: number,
  publicId: string,
  point: { x: number; y: number },
): Promise<ElementAtResponse> {
  const worker = await sessionOnWorker(services, publicId, organizationId);
  if (worker) return worker.ask('element-at', point, WEB_FLOW_LIMITS.actTimeoutMs + 15_000);
  const environment = browserSessionOf(services, organizationId, publicId);
  return driveEnvironment(
    environment,
    AbortSignal.timeout(WEB_FLOW_LIMITS.actTimeoutMs),
    (page) => elementAt(page, point),
    {
      exclusive: false,
    },
  );
}

/** Keeps a locator a model healed with the flow, so the next run finds the element at once. */
async function saveHealedLocator(db: Database, saved: WebFlowRow, nodeId: string, locator: WebFlowLocator) {
  // Read again: the flow may have been edited while it ran.
  const flow = await findWebFlow(db, saved.organizationId, saved.id);
  if (!flow) return;
  const nodes = (flow.nodes as WebFlowNode[]).map((node) =>
    node.id === nodeId && node.type === 'act' ? { ...node, locator } : node,
  );
  await updateWebFlow(db, flow.id, { nodes });
}

export interface PreparedWebFlowRun {
  flow: WebFlowRow;
  environment: LiveEnvironment;
  parameters: WebFlowRunParameters;
}

/** A run on a session a worker holds: the `webflow.run` job on that worker. */
export interface PreparedWebFlowRunOnWorker {
  flow: WebFlowRow;
  worker: SessionOnWorker;
  browserSessionId: string;
  parameters: WebFlowRunParameters;
}

/** What a run needs, checked before anything is streamed: a refusal is then a plain `{detail}` with its status. */
export async function prepareWebFlowRun(
  services: WebFlowServices,
  organizationId: number,
  flow: WebFlowRow,
  request: { browser_session_id: string; parameters: WebFlowRunParameters },
): Promise<PreparedWebFlowRun | PreparedWebFlowRunOnWorker> {
  const worker = await sessionOnWorker(services, request.browser_session_id, organizationId);
  if (worker) {
    // Refused as here (409 while another drives it) before anything is streamed.
    await worker.ask('run-check');
    return { flow, worker, browserSessionId: request.browser_session_id, parameters: request.parameters };
  }
  const environment = browserSessionOf(services, organizationId, request.browser_session_id);
  refuseIfDriven(environment);
  return { flow, environment, parameters: request.parameters };
}

/**
 * Runs a flow on the session's page: the start URL, then each node in order until one fails. Every event goes to
 * `send` as it happens; the run's row goes pending → running → completed or failed, and always ends: each node
 * has its time limit, the run has its own, and `signal` (the caller gone) stops it.
 */
export async function runWebFlow(
  services: WebFlowServices,
  prepared: PreparedWebFlowRun | PreparedWebFlowRunOnWorker,
  send: (event: WebFlowRunEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  if ('worker' in prepared) return runWebFlowOnWorker(services, prepared, send, signal);
  const { db, config } = services;
  const { flow, environment, parameters } = prepared;
  const run = await insertWebFlowRun(db, { webFlowId: flow.id, parameters });
  const response: Record<string, unknown> = {};
  let state: WebFlowRunState = 'failed';
  let error: string | undefined;
  const runTimeout = AbortSignal.timeout(WEB_FLOW_LIMITS.runTimeoutMs);
  const runSignal = AbortSignal.any([signal, runTimeout]);
  try {
    await driveEnvironment(environment, runSignal, async (page) => {
      await updateWebFlowRun(db, run.id, { state: 'running', startedAt: new Date() });
      if (flow.startUrl) {
        const url = new URL(fillParameters(flow.startUrl, parameters), page.url()).href;
        await page
          .goto(url, { waitUntil: 'domcontentloaded', timeout: WEB_FLOW_LIMITS.nodeTimeoutMs })
          .catch((failure: unknown) => {
            throw new Error(`Could not open ${url}: ${messageOf(failure)}`);
          });
      }
      for (const node of flow.nodes as WebFlowNode[]) {
        runSignal.throwIfAborted();
        send({ type: 'node_start', nodeId: node.id });
        const result = await runNode(config, page, node, parameters);
        if (runSignal.aborted) throw runSignal.reason;
        send({ type: 'node_end', ...result });
        if (result.output) Object.assign(response, result.output);
        if (result.healedLocator) await saveHealedLocator(db, flow, node.id, result.healedLocator);
        if (!result.ok) {
          error = result.error;
          return;
        }
      }
      state = 'completed';
    });
  } catch (failure) {
    error = runTimeout.aborted
      ? WEB_FLOW_MESSAGES.runTimedOut(WEB_FLOW_LIMITS.runTimeoutMs / 1000)
      : signal.aborted
        ? WEB_FLOW_MESSAGES.runStopped
        : messageOf(failure);
    state = 'failed';
  } finally {
    await updateWebFlowRun(db, run.id, {
      state,
      response,
      error: error ?? null,
      completedAt: new Date(),
    });
    send({ type: 'run_end', runId: run.publicId, state, response, ...(error ? { error } : {}) });
  }
}

/**
 * The `webflow.run` job on the worker holding the session: its events come back as the job's progress, through
 * Redis (the queue already carries progress in order, before the job's end), and are sent on as they come. A
 * caller that goes away stops it through the worker's door, by the job's id (also when the job has not started).
 */
async function runWebFlowOnWorker(
  services: WebFlowServices,
  prepared: PreparedWebFlowRunOnWorker,
  send: (event: WebFlowRunEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const { flow, worker, browserSessionId, parameters } = prepared;
  if (!services.workers) throw new Error('A run on a worker needs the job queue');
  const added = await services.workers.queue.add(
    'runWebFlow',
    { organizationId: flow.organizationId, flowId: flow.id, browserSessionId, parameters },
    { worker: worker.workerId, onProgress: send },
  );
  const stop = () => void worker.ask('stop-run', { jobId: added.id }).catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  if (signal.aborted) stop();
  try {
    const outcome = await added.finished;
    if (outcome.status === 'failed')
      throw new Error(`The web flow run failed on its worker: ${outcome.reason}`);
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

/** Runs a `webflow.run` job's flow on the session this worker holds, stoppable through the door (stopJobOn). */
export async function runWebFlowJob(
  services: WebFlowServices,
  job: { jobId: string; signal: AbortSignal; progress: (event: WebFlowRunEvent) => void },
  request: {
    organizationId: number;
    flow: WebFlowRow;
    browserSessionId: string;
    parameters: WebFlowRunParameters;
  },
): Promise<void> {
  const prepared = await prepareWebFlowRun(services, request.organizationId, request.flow, {
    browser_session_id: request.browserSessionId,
    parameters: request.parameters,
  });
  await runStoppable(
    { jobId: job.jobId, environmentId: request.browserSessionId, reason: WEB_FLOW_MESSAGES.runStopped },
    (stopped) => runWebFlow(services, prepared, job.progress, AbortSignal.any([job.signal, stopped])),
  );
}
