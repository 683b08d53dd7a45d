import { setTimeout as sleep } from 'node:timers/promises';
import { builtInSimulators } from '@proctor/simulators';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import type { Proctor } from '../../apps/server/src/index';
import type { Goal } from '../support/main';
import { type Latency, latency, pair } from '../support/stats';
import type { Teardown } from '../support/teardown';
import type { SeededInstall } from './seed';

/**
 * Annotators working at once against the running server, each as a client of its own over HTTP: `recorders`
 * of them record in live environments (make2, the test case loaded, a few actions over CDP, evaluate, close),
 * the others score (next-for-annotator, then the human score) and browse their queues between scores. Every
 * request is timed by endpoint; an answer other than 2xx (or a failed connection) is an error. Afterwards the
 * scores each client saw accepted are counted in SQL: each must be stored, and stored once.
 */
export interface CrowdOptions {
  proctor: Proctor;
  baseUrl: string;
  seeded: SeededInstall;
  teardown: Teardown;
  trackedGroups: Set<number>;
  progress: (line: string) => void;
  annotators: number;
  /** How many of them record; the organization's environment limit on this machine by default. */
  recorders: number | undefined;
  seconds: number;
}

export interface CrowdFigures {
  annotators: number;
  recorders: number;
  wallSeconds: number;
  requests: number;
  errors: number;
  errorSamples: string[];
  requestsPerSecond: number;
  endpoints: Record<string, Latency>;
  recordings: { completed: number; seconds: Latency | null };
  scores: { accepted: number; stored: number; missing: number; duplicates: number };
}

type Timings = Map<string, number[]>;
type SignIn = { user: string; password: string; signInPath: string };

interface Client {
  token: string;
  userId: number;
  timings: Timings;
  errors: string[];
  requests: number;
}

/** One request of a client, timed under `name`; answers the JSON, or null after counting an error. */
async function call(
  client: Client,
  baseUrl: string,
  name: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<Record<string, unknown> | null> {
  const started = performance.now();
  client.requests += 1;
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${client.token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const elapsed = performance.now() - started;
    const list = client.timings.get(name) ?? [];
    list.push(elapsed);
    client.timings.set(name, list);
    if (!response.ok) {
      client.errors.push(`${method} ${path} → ${response.status} ${text.slice(0, 200)}`);
      return null;
    }
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch (error) {
    client.errors.push(`${method} ${path} → ${String(error)}`);
    return null;
  }
}

const QUEUE_PAGES = [
  ['tab-counts', '/api/testcases/human-recorder/tab-counts'],
  ['human-recorder-testcase', '/api/testcases/human-recorder-testcase?stage=NEEDS_SCORING'],
  ['human-recorder-testcase', '/api/testcases/human-recorder-testcase?stage=NEEDS_RECORDING'],
] as const;

/** Scores the next session handed out, and every third score browses the queues, until the deadline. */
async function scorer(client: Client, baseUrl: string, deadline: number, accepted: Set<string>) {
  let round = 0;
  let exclude: string | undefined;
  while (performance.now() < deadline) {
    round += 1;
    const next = await call(
      client,
      baseUrl,
      'session/next-for-annotator',
      'GET',
      `/api/session/next-for-annotator${exclude ? `?exclude_session_id=${exclude}` : ''}`,
    );
    const session = (next?.session as { sessionId: string } | null | undefined)?.sessionId;
    if (session) {
      // A person looks at the session before judging it.
      await sleep(200 + Math.random() * 300);
      const scored = await call(
        client,
        baseUrl,
        'evals/scoring/human_in_the_loop/{id}',
        'PUT',
        `/api/evals/scoring/human_in_the_loop/${session}`,
        { correct: Math.random() < 0.8, session_time: Math.round(20 + Math.random() * 200), reason: '' },
      );
      if (scored) accepted.add(`${session}:${client.userId}`);
      exclude = session;
    }
    if (round % 3 === 0 || !session)
      for (const [name, path] of QUEUE_PAGES) await call(client, baseUrl, name, 'GET', path);
    if (!session) await sleep(500);
  }
}

/** Records the test case again and again in a live environment, until the deadline. */
async function recorder(
  client: Client,
  baseUrl: string,
  deadline: number,
  target: { simulator: string; testCase: string; auth: SignIn },
  durations: number[],
) {
  while (performance.now() < deadline) {
    const started = performance.now();
    const made = await call(client, baseUrl, 'env/make2', 'POST', '/api/env/make2', {
      env_id: target.simulator,
      source: 'recorder',
    });
    const id = made?.id as string | undefined;
    if (!id) {
      await sleep(1000);
      continue;
    }
    let done = false;
    try {
      let status = made?.status;
      while (status !== 'running') {
        if (status === 'failed' || status === 'closed') {
          client.errors.push(`environment ${id} ${String(status)} while starting`);
          break;
        }
        await sleep(250);
        status = (await call(client, baseUrl, 'env/{id}/status', 'GET', `/api/env/${id}/status`))?.status;
        if (status === undefined) break;
      }
      if (status !== 'running') continue;
      const reset = await call(client, baseUrl, 'env/{id}/reset', 'POST', `/api/env/${id}/reset`, {
        test_case_public_id: target.testCase,
        source: 'recorder',
      });
      if (!reset) continue;
      await call(client, baseUrl, 'env/{id}/state', 'GET', `/api/env/${id}/state`);
      const cdp = await call(client, baseUrl, 'env/{id}/cdp_url', 'GET', `/api/env/${id}/cdp_url`);
      if (!cdp) continue;
      // A few actions over CDP: as a person's clicks reach the page through the live view.
      const browser = await chromium.connectOverCDP(cdp.cdp_url as string);
      try {
        const page = browser.contexts()[0]?.pages()[0];
        if (!page) throw new Error('the environment has no page');
        await page.waitForLoadState('load');
        // Signing in as the simulator's user (the recorder shows its email and password), as a person does,
        // then two links of the page (to its own site), each followed until the page it leads to has loaded.
        if (new URL(page.url()).pathname === target.auth.signInPath) {
          await page.getByLabel('Email').fill(target.auth.user);
          await page.getByLabel('Password').fill(target.auth.password);
          await page.locator('form button').first().click();
          await page.waitForURL((url) => url.pathname !== target.auth.signInPath, { waitUntil: 'load' });
        }
        for (let i = 0; i < 2; i++) {
          const origin = new URL(page.url()).origin;
          const hrefs = await page.$$eval('a[href]', (links) =>
            links.map((link) => link.getAttribute('href') ?? ''),
          );
          const own = hrefs.filter((value) => new URL(value, page.url()).origin === origin);
          const href = own[(i * 3) % Math.max(1, own.length)];
          if (href === undefined) throw new Error(`${page.url()} has no link to its own site`);
          const pathname = new URL(href, page.url()).pathname;
          await page.click(`a[href="${href}"] >> nth=0`);
          await page.waitForURL((url) => url.pathname === pathname, { waitUntil: 'load' });
          await sleep(300);
        }
      } catch (error) {
        client.errors.push(`actions in ${id}: ${String(error)}`);
      } finally {
        await browser.close().catch(() => undefined);
      }
      const evaluated = await call(
        client,
        baseUrl,
        'env/{id}/evaluate',
        'POST',
        `/api/env/${id}/evaluate`,
        {},
      );
      done = evaluated !== null;
    } finally {
      const closed = await call(client, baseUrl, 'env/{id}/close', 'POST', `/api/env/${id}/close`);
      if (done && closed) durations.push(performance.now() - started);
    }
  }
}

type Rows<T> = { rows: T[] };

export async function runCrowd(options: CrowdOptions): Promise<CrowdFigures> {
  const { proctor, baseUrl, seeded, progress } = options;
  const { db, tokens, config } = proctor.ctx as typeof proctor.ctx & {
    config: { environments: { maxPerOrganization: number } };
  };
  const annotators = Math.min(options.annotators, seeded.memberIds.length);
  const recorders = Math.min(annotators, options.recorders ?? config.environments.maxPerOrganization);
  // The recorders' test case: a built-in one of the shop, assigned to the organization like the others.
  const {
    rows: [target],
  } = (await db.execute(sql`
    select t.public_id, s.name from test_cases t join simulators s on s.id = t.simulator_id
    where t.built_in_key = 'shop/add-sage-mugs-to-cart' and s.name = 'shop'`)) as unknown as Rows<{
    public_id: string;
    name: string;
  }>;
  if (recorders > 0 && !target) throw new Error('No built-in test case of the shop to record');
  const auth = builtInSimulators.find((simulator) => simulator.name === 'shop')?.auth;
  if (!auth) throw new Error('The built-in shop has no sign-in user');
  if (target)
    await db.execute(sql`insert into organization_test_cases (organization_id, test_case_id, requested_recording_count)
      select ${seeded.organizationId}, id, 1000 from test_cases where public_id = ${target.public_id}
      on conflict do nothing`);

  const clients: Client[] = [];
  for (const userId of seeded.memberIds.slice(0, annotators))
    clients.push({
      token: (await tokens.issue(userId)).access_token,
      userId,
      timings: new Map(),
      errors: [],
      requests: 0,
    });
  const since = new Date();
  await sleep(5);
  progress(
    `${annotators} annotators for ${options.seconds} s: ${recorders} recording in live environments, ${annotators - recorders} scoring and browsing…`,
  );
  const accepted = new Set<string>();
  const durations: number[] = [];
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(
    clients.map((client, index) =>
      index < recorders && target
        ? recorder(
            client,
            baseUrl,
            deadline,
            { simulator: target.name, testCase: target.public_id, auth },
            durations,
          )
        : scorer(client, baseUrl, deadline, accepted),
    ),
  );
  const wallSeconds = (performance.now() - started) / 1000;

  // Every accepted score stored, and once: the human scores the clients' people gave since the start.
  const userIds = sql.raw(clients.map((client) => client.userId).join(', '));
  const { rows: stored } = (await db.execute(sql`
    select s.public_id, sc.user_id, count(*)::int as n from scores sc join sessions s on s.id = sc.session_id
    where sc.type = 'human_in_the_loop' and sc.user_id in (${userIds}) and sc.created_at >= ${since.toISOString()}
    group by s.public_id, sc.user_id`)) as unknown as Rows<{ public_id: string; user_id: number; n: number }>;
  const storedKeys = new Set(stored.map((row) => `${row.public_id}:${row.user_id}`));
  const scores = {
    accepted: accepted.size,
    stored: stored.reduce((sum, row) => sum + Number(row.n), 0),
    missing: [...accepted].filter((key) => !storedKeys.has(key)).length,
    duplicates: stored.filter((row) => Number(row.n) > 1).length,
  };

  const timings: Timings = new Map();
  for (const client of clients)
    for (const [name, list] of client.timings) timings.set(name, [...(timings.get(name) ?? []), ...list]);
  const errors = clients.flatMap((client) => client.errors);
  const requests = clients.reduce((sum, client) => sum + client.requests, 0);
  for (const error of errors.slice(0, 10)) progress(`  error: ${error}`);
  return {
    annotators,
    recorders,
    wallSeconds,
    requests,
    errors: errors.length,
    errorSamples: errors.slice(0, 10),
    requestsPerSecond: requests / wallSeconds,
    endpoints: Object.fromEntries([...timings].sort().map(([name, list]) => [name, latency(list)])),
    recordings: { completed: durations.length, seconds: durations.length ? latency(durations) : null },
    scores,
  };
}

export function crowdRows(figures: CrowdFigures): string[][] {
  return [
    ['Recording, scoring and browsing', `${figures.recorders}, ${figures.annotators - figures.recorders}`],
    ['Wall time', `${figures.wallSeconds.toFixed(1)} s`],
    ['Requests, requests/s', `${figures.requests}, ${figures.requestsPerSecond.toFixed(1)}`],
    ['Errors', String(figures.errors)],
    [
      'Recordings completed (make2 to close, p50 / p95)',
      `${figures.recordings.completed}${figures.recordings.seconds ? ` (${pair(figures.recordings.seconds)})` : ''}`,
    ],
    [
      'Scores accepted, stored (missing, stored twice)',
      `${figures.scores.accepted}, ${figures.scores.stored} (${figures.scores.missing}, ${figures.scores.duplicates})`,
    ],
    ...Object.entries(figures.endpoints).map(([name, figure]) => [
      `  ${name} (${figure.samples}) p50 / p95`,
      pair(figure),
    ]),
  ];
}

export function crowdGoals(figures: CrowdFigures): Goal[] {
  const lost =
    figures.scores.missing + figures.scores.duplicates + (figures.scores.stored - figures.scores.accepted);
  return [
    {
      goal: `${figures.annotators} annotators at once: 0 errors`,
      measured: `${figures.errors} errors in ${figures.requests} requests`,
      met: figures.errors === 0,
    },
    {
      goal: 'Every accepted score stored exactly once',
      measured: `${figures.scores.accepted} accepted, ${figures.scores.stored} stored, ${figures.scores.missing} missing, ${figures.scores.duplicates} twice`,
      met: lost === 0 && figures.scores.accepted > 0,
    },
    {
      goal: 'Recorders completed recordings',
      measured: `${figures.recordings.completed} by ${figures.recorders}`,
      met: figures.recorders === 0 || figures.recordings.completed > 0,
    },
  ];
}
