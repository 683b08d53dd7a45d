import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { DatabaseConfig } from '@proctor/db';
import { createProctor, loadConfig, type Proctor } from '../../apps/server/src/index';
import { freePort } from '../../apps/server/test/support/network';
import { type Goal, runBenchmark } from './main';
import { printColumns } from './stats';
import type { Teardown } from './teardown';

/**
 * One section of a sectioned benchmark (`npm run bench:operating`, `npm run bench:hub`): a file under
 * bench/<benchmark>/ exporting a Section, listed in that folder's sections.ts. Each section makes what it measures on a Proctor of its own (`ctx.startProctor`), prints its
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
  /** The values of the benchmark's own options (`runSections`' `ownOptions`), as parseArgs gives them. */
  options: Record<string, string | boolean | undefined>;
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

/**
 * Runs a sectioned benchmark: `--only KEY` (repeatable, or `--only a,b`) picks sections, `--requests N` sets
 * samples per latency figure, `--json` prints the figures as JSON; `ownOptions` are the benchmark's own (single
 * values). Each section's table, then the goals of all of them.
 */
export async function runSections(
  name: string,
  sections: readonly Section[],
  ownOptions: NonNullable<ParseArgsConfig['options']> = {},
  defaultRequests = 20,
): Promise<void> {
  const { values } = parseArgs({
    options: {
      ...ownOptions,
      json: { type: 'boolean', default: false },
      requests: { type: 'string', default: String(defaultRequests) },
      only: { type: 'string', multiple: true },
    },
  });
  const options = values as Record<string, string | boolean | undefined> & {
    json: boolean;
    requests: string;
    only?: string[];
  };
  const only = options.only?.flatMap((keys) => keys.split(',')).filter(Boolean) ?? [];
  const chosen = only.length ? sections.filter((section) => only.includes(section.key)) : sections;
  if (chosen.length === 0 || chosen.length < new Set(only).size) {
    console.error(`No such section: ${only.join(', ')} (sections: ${sections.map((s) => s.key).join(', ')})`);
    process.exit(2);
  }
  const progress = (line: string) =>
    process.stderr.write(`[${(performance.now() / 1000).toFixed(0).padStart(4)} s] ${line}\n`);
  type Results = Record<string, SectionResult>;
  await runBenchmark<Results>({
    progress,
    json: options.json,
    closing: 'the Proctors and throwaway databases',
    run: async (teardown) => {
      const dataDir = mkdtempSync(join(tmpdir(), `proctor-bench-${name}-`));
      teardown.add('data folder', async () => rmSync(dataDir, { recursive: true, force: true }));
      const ctx: SectionContext = {
        teardown,
        progress,
        dataDir,
        requests: Math.max(5, Number.parseInt(options.requests, 10) || defaultRequests),
        options,
        postgresAdminUrl: process.env.DATABASE_URL || undefined,
        startProctor: (proctorName, database, env) =>
          startProctor(teardown, dataDir, proctorName, database, env),
      };
      const results: Results = {};
      for (const section of chosen) {
        progress(`== ${section.title}`);
        results[section.key] = await section.run(ctx);
      }
      return results;
    },
    goals: (results) => Object.values(results).flatMap((result): Goal[] => result.goals),
    report: (results, goals) => {
      for (const section of chosen) {
        const result = results[section.key];
        if (!result) continue;
        console.log(`\n${section.title}\n`);
        printColumns(['Figure', 'Measured', 'Goal'], result.rows);
        for (const note of result.notes ?? []) console.log(`  ${note}`);
      }
      console.log('\nGoals\n');
      printColumns(
        ['Goal', 'Measured', 'Met'],
        goals.map((goal) => [goal.goal, goal.measured, goal.met ? 'yes' : 'NO']),
      );
    },
  });
}
