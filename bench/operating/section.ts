import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseConfig } from '@proctor/db';
import { createProctor, loadConfig, type Proctor } from '../../apps/server/src/index';
import { freePort } from '../../apps/server/test/support/network';
import type { Goal } from '../support/main';
import type { Teardown } from '../support/teardown';

/**
 * One section of `npm run bench:operating`: a file under bench/operating/ exporting a Section, listed in
 * sections.ts. Each section makes what it measures on a Proctor of its own (`ctx.startProctor`), prints its
 * progress through `ctx.progress`, and answers its figures (JSON), the rows of its table and its goals.
 */
export interface Section {
  /** What `--only` names. */
  key: string;
  title: string;
  run(ctx: SectionContext): Promise<SectionResult>;
}

export interface SectionResult {
  figures: unknown;
  /** [figure, measured, goal] rows of the report's table. */
  rows: string[][];
  goals: Goal[];
  /** Said under the section's table (what was skipped and why, what the figures include). */
  notes?: string[];
}

export interface SectionContext {
  teardown: Teardown;
  progress: (line: string) => void;
  /** A temporary folder of the run, removed at the end. */
  dataDir: string;
  /** Samples per latency figure (`--requests`). */
  requests: number;
  /** DATABASE_URL: a PostgreSQL server the benchmark may make throwaway databases on; undefined without one. */
  postgresAdminUrl: string | undefined;
  startProctor(name: string, database: DatabaseConfig, env?: Record<string, string>): Promise<RunningProctor>;
}

export interface RunningProctor {
  proctor: Proctor;
  baseUrl: string;
}

/** Proctor as `npm start` runs it, in this process, listening on a free port; closed at the end of the run. */
export async function startProctor(
  teardown: Teardown,
  dataDir: string,
  name: string,
  database: DatabaseConfig,
  env: Record<string, string> = {},
): Promise<RunningProctor> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const folder = join(dataDir, name);
  mkdirSync(folder, { recursive: true });
  const environment = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('BLOB_STORE_')),
  );
  const config = loadConfig({
    ...environment,
    DATABASE_URL: '',
    REDIS_URL: '',
    DATA_DIR: folder,
    LOG_LEVEL: 'error',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    BROWSER_POOL_SIZE: '0',
    ...env,
  });
  const proctor = await createProctor(config, { database });
  teardown.add(`Proctor on ${name}`, () => proctor.close());
  await proctor.app.listen({ port, host: '127.0.0.1' });
  return { proctor, baseUrl };
}

/** A GET with a bearer token, timed from the request to the whole body. */
export async function timedGet(
  url: string,
  accessToken?: string,
): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const response = await fetch(url, {
    headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
  });
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, body };
}
