/**
 * Benchmark of benchmarks: the whole built-in benchmark run by the oracle agent through Proctor's own
 * benchmarker at concurrency 1, 4 and 8, beside the same reference scripts bare. Usage and what each figure
 * means: bench/README.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  BenchmarkResponse,
  endpoints,
  type RunGroup,
  RunGroupResponse,
  TokenResponse,
} from '@proctor/contracts';
import { runSessionBatches, sessionLogs, sessionSteps, sessions, testCases } from '@proctor/db';
import {
  BrowserPool,
  chromiumPath,
  DEFAULT_USER_DATA_DIR_PREFIX,
  LaunchedBrowser,
  SessionRecorder,
} from '@proctor/environments';
import { builtInSimulators, SimulatorHost } from '@proctor/simulators';
import { launchChromium, runTestCase } from '@proctor/simulators/testing';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { createProctor, loadConfig, type Proctor } from '../apps/server/src/index';
import type { RedisQueue } from '../apps/server/src/kernel/queue/redisQueue';
import { INFRASTRUCTURE_FAILURE_STATUSES } from '../apps/server/src/repositories/sessions';
import { builtInTestCaseKey } from '../apps/server/src/services/registration';
import {
  classifyProctor,
  ProcessAccounting,
  type ProcessAccountingOptions,
  profileDuring,
  SAMPLER_PART,
  WORKER_KIND,
} from './support/cpuAccounting';
import { type Goal, runBenchmark } from './support/main';
import type { Teardown } from './support/teardown';
import { createThrowawayDatabase } from './support/throwawayDatabase';

const { values: args } = parseArgs({
  options: {
    concurrency: { type: 'string', multiple: true },
    limit: { type: 'string' },
    simulator: { type: 'string', multiple: true },
    agent: { type: 'string', default: 'oracle' },
    timeout: { type: 'string' },
    json: { type: 'boolean', default: false },
    bare: { type: 'boolean', default: true },
  },
  allowNegative: true,
});
const CONCURRENCIES = (args.concurrency ?? ['1', '4', '8']).map(Number);
const POLL_MS = 250;
const progress = (line: string) => process.stderr.write(`${line}\n`);

interface Pass {
  setup: 'embedded' | 'redis';
  concurrency: number;
  testCases: number;
  seconds: number;
  casesPerSecond: number;
  secondsPerCase: number;
  passed: number;
  failed: number;
  /** Per test case (built-in key): whether its run passed. */
  verdicts: Record<string, boolean>;
  /** Share of the machine's busy CPU time spent in Proctor's process, and elsewhere (Chromium). */
  proctorCpuShare: number;
  otherCpuShare: number;
  /** Busy CPU over the wall time, in cores (2 = both cores of this machine all the time). */
  busyCores: number;
  /** Per test case, in core-seconds (cpuAccounting.ts). */
  cpu: CpuPerCase;
  /**
   * Per test case: the steps its session recorded, the distinct screenshots they point at, the captures taken
   * (counted in this process only: 0 in the Redis setup, whose recorders run in the worker).
   */
  steps: number;
  screenshots: number;
  captures: number;
  /** Mean wall time of a capture, ms. */
  captureMs: number;
  /**
   * Per test case, the browsers environments took: launched for it (cold, or warm from the pool), or given back
   * by an earlier run of the organization and reset (BrowserPool.recycle). 0 in the Redis setup (the worker's).
   */
  browsers: { launched: number; reused: number };
  /** Per test case: the statements Proctor's database client ran, by kind (the benchmark's looks left out). */
  statements: Record<string, number>;
}

/**
 * Where a pass's CPU went, per test case in core-seconds (cpuAccounting.ts): the Node process (Proctor and its
 * agents, or the kit's harness) split by the code its main thread's samples were in, and every process it
 * started or that those started, by kind, ended ones included. `counted` is their sum: what the goal compares.
 * The whole machine's busy CPU beside it says how much else ran (a CI run, another benchmark).
 */
interface CpuPerCase {
  machine: number;
  counted: number;
  node: number;
  /** The Node process's seconds by part: its share of the main thread's busy samples. */
  nodeParts: Record<string, number>;
  /** The processes it started and theirs, by kind (cpuAccounting.ts's processKind). */
  processes: Record<string, number>;
  /** Busy CPU of the machine that no counted process used (the benchmark's own reading of /proc included). */
  rest: number;
  /** The benchmark's own looks at the group, left out of `node` and `counted`. */
  looks: number;
  /**
   * When the benchmark runs in a cpuacct cgroup of its own: the cgroup's CPU (everything it started, however it
   * ended), which `counted` should come close to; the difference is what the reading missed (and the sampler).
   */
  cgroup?: number;
}

/** What the benchmark's own looks at a group cost the Node process, measured apart (lookCost). */
interface Looks {
  count: number;
  /** CPU seconds of one look, its main thread's samples by part, and its database statements by kind. */
  seconds: number;
  shares: Record<string, number>;
  statements: Record<string, number>;
}

function cpuPerCase(
  busySeconds: number,
  accounted: ReturnType<ProcessAccounting['stop']>,
  shares: Record<string, number>,
  cases: number,
  looks?: Looks,
): CpuPerCase {
  // The sampler's share of the main thread's samples is left out: its CPU is not Proctor's. So are the looks.
  const proctorShare = 1 - (shares[SAMPLER_PART] ?? 0);
  const looked = looks ? Math.min(looks.count * looks.seconds, accounted.self) : 0;
  const self = accounted.self - looked;
  const raw: Record<string, number> = {};
  for (const [part, share] of Object.entries(shares))
    if (part !== SAMPLER_PART)
      raw[part] = Math.max(0, (share / proctorShare) * accounted.self - looked * (looks?.shares[part] ?? 0));
  // A part the looks took more of than the pass's samples gave it is floored at 0: the parts are scaled back to
  // the process's CPU so that they still add up to it.
  const rawTotal = Object.values(raw).reduce((sum, seconds) => sum + seconds, 0);
  const nodeParts: Record<string, number> = {};
  for (const [part, seconds] of Object.entries(raw))
    nodeParts[part] = rawTotal > 0 ? ((seconds / rawTotal) * (accounted.self - looked)) / cases : 0;
  const processes: Record<string, number> = {};
  for (const [kind, seconds] of Object.entries(accounted.byKind)) processes[kind] = seconds / cases;
  const counted = self + Object.values(accounted.byKind).reduce((sum, seconds) => sum + seconds, 0);
  return {
    machine: busySeconds / cases,
    counted: counted / cases,
    looks: looked / cases,
    node: self / cases,
    nodeParts,
    processes,
    rest: Math.max(0, busySeconds - counted) / cases,
    ...(accounted.cgroup !== undefined ? { cgroup: accounted.cgroup / cases } : {}),
  };
}

/** The accounting of the pass under way: the hooks below tell it when a browser is taken and killed. */
let accounting: ProcessAccounting | undefined;
/** The pools browsers were taken from, whose refilling lookCost waits out. */
const pools = new Set<BrowserPool>();
/** Screenshots the recorders of the pass under way took, and their time, as each recorder closed. */
const captures = { count: 0, ms: 0 };
/** Statements the pass's database client ran, by what they do ("insert into session_steps"). */
const statements = new Map<string, number>();

/** What a statement does and to which table, from its text: its verb and the first table it names. */
function statementKind(text: string): string {
  const sql = text.replace(/\s+/g, ' ').trim().toLowerCase();
  const verb = /^(with|select|insert|update|delete|begin|commit|rollback)\b/.exec(sql)?.[1] ?? 'other';
  const table = /\b(?:from|into|update)\s+"?([a-z_]+)"?/.exec(sql)?.[1];
  return table ? `${verb} ${table}` : verb;
}

/**
 * Counts the statements of Proctor's database client (PGlite under drizzle), wrapped in place as
 * bench:environments does; a transaction counts once, and each statement in it as its own.
 */
function countStatements(proctor: Proctor): void {
  type Queries = { query?: (...args: unknown[]) => unknown; counted?: boolean };
  const count = (kind: string) => statements.set(kind, (statements.get(kind) ?? 0) + 1);
  const wrapQuery = (target: Queries) => {
    const query = target.query;
    if (typeof query !== 'function' || target.counted) return;
    target.counted = true;
    target.query = function (this: unknown, ...args: unknown[]) {
      count(statementKind(typeof args[0] === 'string' ? args[0] : ''));
      return query.apply(this, args);
    };
  };
  const client = (
    proctor.ctx.db as unknown as {
      $client: Queries & {
        transaction?: (callback: (tx: Queries) => unknown, ...rest: unknown[]) => unknown;
      };
    }
  ).$client;
  wrapQuery(client);
  const transaction = client.transaction;
  if (typeof transaction !== 'function' || (transaction as { counted?: boolean }).counted) return;
  client.transaction = Object.assign(
    function (this: unknown, callback: (tx: Queries) => unknown, ...rest: unknown[]) {
      count('transaction');
      return transaction.call(
        this,
        (tx: Queries) => {
          wrapQuery(tx);
          return callback(tx);
        },
        ...rest,
      );
    },
    { counted: true },
  );
}
{
  // Wrapped in place for the run (the server is not changed for it): a pooled browser's CPU is launch and
  // warm-up until an environment takes it; its processes are read just before and after its group is killed.
  const { acquire } = BrowserPool.prototype;
  BrowserPool.prototype.acquire = async function (this: BrowserPool, ...args) {
    const browser = await acquire.apply(this, args);
    pools.add(this);
    accounting?.taken(browser.pid);
    return browser;
  };
  const { close: closeRecorder } = SessionRecorder.prototype;
  SessionRecorder.prototype.close = async function (this: SessionRecorder) {
    await closeRecorder.call(this);
    const { screenshots, screenshotMeanMs } = this.stats();
    captures.count += screenshots;
    captures.ms += screenshots * screenshotMeanMs;
  };
  const { close } = LaunchedBrowser.prototype;
  LaunchedBrowser.prototype.close = function (this: LaunchedBrowser) {
    accounting?.sample();
    const closing = close.call(this);
    closing.then(
      () => accounting?.sample(),
      () => undefined,
    );
    return closing;
  };
}

/** The reference scripts alone, in the kit's harness, at one concurrency. */
interface BarePass {
  concurrency: number;
  testCases: number;
  seconds: number;
  casesPerSecond: number;
  passed: number;
  /** Core-seconds per test case of the harness and its browser (cpu.counted). */
  coreSecondsPerCase: number;
  busyCores: number;
  cpu: CpuPerCase;
}

interface Results {
  cores: number;
  loadBefore: number;
  passes: Pass[];
  bare: BarePass[];
  /** The best concurrency again, with REDIS_URL and one separate worker process (null: not measured). */
  redis: Pass | null;
}

/** Busy and total jiffies of the whole machine (/proc/stat's first line). */
function machineJiffies(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}
const JIFFY_SECONDS = 0.01;

async function call<T>(proctor: Proctor, method: 'GET' | 'POST', url: string, token?: string, body?: object) {
  const response = await proctor.app.inject({
    method,
    url,
    ...(body ? { payload: body } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json() as T;
}

/** The runs of a group that did not pass, each with what its session says about why. */
async function failuresOf(proctor: Proctor, groupPublicId: string): Promise<string[]> {
  const rows = await proctor.ctx.db
    .select({
      id: sessions.id,
      name: testCases.name,
      status: sessions.status,
      failureReason: sessions.failureReason,
      badgeReason: sessions.badgeReason,
    })
    .from(sessions)
    .innerJoin(runSessionBatches, eq(runSessionBatches.id, sessions.runSessionBatchId))
    .innerJoin(testCases, eq(testCases.id, sessions.testCaseId))
    .where(and(eq(runSessionBatches.publicId, groupPublicId), eq(sessions.passed, false)));
  const lines: string[] = [];
  for (const row of rows) {
    const logs = await proctor.ctx.db
      .select({ data: sessionLogs.logData })
      .from(sessionLogs)
      .where(eq(sessionLogs.sessionId, row.id));
    const said = logs.map((log) => (log.data as { message?: string }).message).filter(Boolean);
    lines.push(
      `${row.name} [${row.status}] ${row.failureReason ?? row.badgeReason ?? ''} ${said.join(' | ')}`,
    );
  }
  return lines;
}

interface Bench {
  proctor: Proctor;
  /** The runner's access token, refreshed when it is ten minutes old (it lives fifteen). */
  token(): Promise<string>;
  /** The separate worker process, in the Redis setup. */
  workerPid?: number;
  /** The throwaway PostgreSQL database, in the Redis setup: its backends are counted too. */
  databaseName?: string;
}

/**
 * Proctor as `npm start` runs it (PGlite, in-process queue), or scaled out: the server on a throwaway
 * PostgreSQL database with REDIS_URL and JOBS_IN_SERVER=false, and one `npm run worker` process that runs
 * every run, sharing the database, Redis keys of its own and the blob folder.
 */
async function start(teardown: Teardown, setup: 'embedded' | 'redis'): Promise<Bench> {
  const dataDir = mkdtempSync(join(tmpdir(), 'proctor-bench-benchmark-'));
  teardown.add('data folder', async () => rmSync(dataDir, { recursive: true, force: true }));
  const slots = String(Math.max(...CONCURRENCIES));
  let scaled: Record<string, string> = {};
  let databaseUrl = '';
  let databaseName: string | undefined;
  if (setup === 'redis') {
    const database = await createThrowawayDatabase(process.env.DATABASE_URL!, 'proctor_bench_benchmark');
    teardown.add(`database ${database.name}`, () => database.drop());
    databaseUrl = database.url;
    databaseName = database.name;
    scaled = {
      REDIS_URL: process.env.REDIS_URL!,
      REDIS_PREFIX: `proctor-bench-${database.name}`,
      JOBS_IN_SERVER: 'false',
    };
  }
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: '',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    MAX_ENVIRONMENTS: slots,
    MAX_ENVIRONMENTS_PER_ORGANIZATION: slots,
    ...scaled,
  });
  const proctor = await createProctor(config);
  teardown.add(`Proctor (${setup})`, () => proctor.close());
  let workerPid: number | undefined;
  if (setup === 'redis') {
    teardown.add('Redis keys', () => (proctor.ctx.queue as RedisQueue).obliterate());
    const worker = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
      env: {
        ...process.env,
        ...scaled,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'error',
        MAX_ENVIRONMENTS: slots,
        MAX_ENVIRONMENTS_PER_ORGANIZATION: slots,
        WORKER_ID: 'bench-worker',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    teardown.add('worker', async () => {
      if (worker.exitCode !== null) return;
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    });
    workerPid = worker.pid;
  }
  let tokens = TokenResponse.parse(
    await call(proctor, 'POST', endpoints.register.path, undefined, {
      name: 'Bench runner',
      email: 'bench.runner@example.com',
      password: 'correct horse battery staple',
    }),
  );
  await call(proctor, 'POST', endpoints.createOrganization.path, tokens.access_token, {
    name: 'Bench benchmarks',
    purpose: 'Measure benchmarks',
  });
  let issuedAt = performance.now();
  const token = async () => {
    if (performance.now() - issuedAt > 10 * 60_000) {
      tokens = TokenResponse.parse(
        await call(proctor, 'POST', endpoints.refresh.path, undefined, {
          refresh_token: tokens.refresh_token,
        }),
      );
      issuedAt = performance.now();
    }
    return tokens.access_token;
  };
  return { proctor, token, ...(workerPid ? { workerPid, databaseName } : {}) };
}

/** What the pools of this process have acquired so far: browsers taken fresh, and browsers given back. */
function poolCounts(): { launched: number; reused: number } {
  let launched = 0;
  let reused = 0;
  for (const pool of pools) {
    const stats = pool.stats();
    launched += stats.acquiredWarm + stats.acquiredCold;
    reused += stats.acquiredKept;
  }
  return { launched, reused };
}

/** One look of the benchmark at the group's progress, as a user's client looks. */
async function lookAt(bench: Bench, batchId: string): Promise<RunGroup> {
  return RunGroupResponse.parse(
    await call(bench.proctor, 'GET', `/api/runs/batches/${batchId}`, await bench.token()),
  ).runGroup;
}

/**
 * What one look costs this process, measured after the pass on its finished group (a look at a group under
 * way reads as many rows): the benchmark's looking is not what running the cases costs, so it is left out.
 */
async function lookCost(bench: Bench, batchId: string): Promise<Omit<Looks, 'count'>> {
  // The pool relaunches browsers after the last runs: measured in the looks' time, they would count as looking.
  for (const pool of pools) await pool.settled();
  const spent: number[] = [];
  statements.clear();
  const { shares } = await profileDuring(async () => {
    for (let i = 0; i < 21; i += 1) {
      const before = process.cpuUsage();
      await lookAt(bench, batchId);
      const used = process.cpuUsage(before);
      spent.push((used.user + used.system) / 1e6);
    }
  }, classifyProctor);
  // The median look: one that something else ran beside is left out.
  const perLook = Object.fromEntries([...statements].map(([kind, count]) => [kind, count / 21]));
  return { seconds: spent.sort((a, b) => a - b)[10]!, shares, statements: perLook };
}

/** One whole benchmark at one concurrency, from the start call to the last verdict. */
async function measure(
  bench: Bench,
  setup: Pass['setup'],
  ids: string[],
  concurrency: number,
): Promise<Pass> {
  const { proctor } = bench;
  const jiffiesBefore = machineJiffies();
  const options: ProcessAccountingOptions = bench.databaseName
    ? // The worker's browsers are taken in its own process, out of the hooks' reach: counted by kind only.
      { alsoTrack: (line) => line.startsWith('postgres: ') && line.includes(bench.databaseName!) }
    : { pooled: (line) => line.includes(`--user-data-dir=${DEFAULT_USER_DATA_DIR_PREFIX}`) };
  accounting = new ProcessAccounting(options);
  captures.count = 0;
  captures.ms = 0;
  const poolBefore = poolCounts();
  countStatements(proctor);
  statements.clear();
  let looks = 0;
  const started = performance.now();
  const {
    result: { group, batchId },
    shares,
  } = await profileDuring(async () => {
    const benchmark = BenchmarkResponse.parse(
      await call(proctor, 'POST', '/api/benchmarker/benchmark', await bench.token(), {
        testcase_ids: ids,
        agent: args.agent,
        runs: 1,
        concurrency,
      }),
    );
    let group: RunGroup;
    let ended = 0;
    for (;;) {
      group = await lookAt(bench, benchmark.batch_id);
      looks += 1;
      if (group.completed + group.failed !== ended) {
        ended = group.completed + group.failed;
        progress(
          `  ${ended}/${group.total} ended after ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      }
      // The group's `scored` leaves out sessions auto-marked incorrect (they changed nothing): wait on statuses.
      if (
        group.finished &&
        (await runsOf(proctor, benchmark.batch_id)).every((run) => LAST_STATUSES.has(run.status))
      )
        break;
      if (args.timeout && performance.now() - started > Number(args.timeout) * 1000) {
        const stuck = await runsOf(proctor, benchmark.batch_id);
        throw new Error(
          `not ended after ${args.timeout} s; the runs: ${stuck.map((run) => `${run.key} ${run.status}`).join(', ')}`,
        );
      }
      // Proctor runs in this process: each look costs it five queries, so look as often as the figures need (a
      // quarter of a second on a run of a minute or more), not so often that the looking slows the runs.
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return { group, batchId: benchmark.batch_id };
  }, classifyProctor);
  const accounted = accounting.stop();
  accounting = undefined;
  const poolAfter = poolCounts();
  const counts = new Map(statements);
  const seconds = (performance.now() - started) / 1000;
  const busySeconds = (machineJiffies().busy - jiffiesBefore.busy) * JIFFY_SECONDS;
  const looked = await lookCost(bench, batchId);
  // The benchmark's looks are left out of the statements as of the CPU.
  for (const [kind, count] of Object.entries(looked.statements))
    counts.set(kind, Math.max(0, (counts.get(kind) ?? 0) - count * looks));
  for (const failure of await failuresOf(proctor, batchId)) progress(`  did not pass: ${failure}`);
  const cpu = cpuPerCase(busySeconds, accounted, shares, group.total, { count: looks, ...looked });
  const proctorSeconds = (cpu.node + (cpu.processes[WORKER_KIND] ?? 0)) * group.total;
  const recorded = await recordedOf(proctor, batchId);
  const pass: Pass = {
    setup,
    concurrency,
    testCases: group.total,
    seconds,
    casesPerSecond: group.total / seconds,
    secondsPerCase: seconds / group.total,
    passed: group.passed,
    failed: group.total - group.passed,
    verdicts: await verdictsOf(proctor, batchId),
    proctorCpuShare: proctorSeconds / busySeconds,
    otherCpuShare: Math.max(0, busySeconds - proctorSeconds) / busySeconds,
    busyCores: busySeconds / seconds,
    cpu,
    steps: recorded.steps / group.total,
    screenshots: recorded.screenshots / group.total,
    captures: captures.count / group.total,
    statements: Object.fromEntries([...counts].map(([kind, count]) => [kind, count / group.total])),
    captureMs: captures.count ? captures.ms / captures.count : 0,
    browsers: {
      launched: (poolAfter.launched - poolBefore.launched) / group.total,
      reused: (poolAfter.reused - poolBefore.reused) / group.total,
    },
  };
  progress(
    `${setup}, concurrency ${concurrency}: ${pass.testCases} cases in ${seconds.toFixed(1)} s (${pass.casesPerSecond.toFixed(2)}/s), ` +
      `${pass.passed} passed, ${cores(cpu.counted)} core-s per case counted (${cores(cpu.machine)} busy on the machine), ` +
      `${pass.steps.toFixed(1)} steps, ${setup === 'redis' ? '' : `${pass.captures.toFixed(1)} screenshots taken, `}${pass.screenshots.toFixed(1)} distinct screenshots per case`,
  );
  return pass;
}

/**
 * The test cases' reference scripts with nothing of Proctor around them, `concurrency` at a time: the kit's
 * runTestCase (a fresh instance and browser context per case in one browser) as CI's proof of every test case
 * runs them, in the browser environments run (the headless shell when installed).
 */
async function measureBare(keys: string[], concurrency: number): Promise<BarePass> {
  const byKey = new Map(
    builtInSimulators.flatMap((simulator) =>
      simulator.testCases.map(
        (testCase) => [builtInTestCaseKey(simulator.name, testCase.key), { simulator, testCase }] as const,
      ),
    ),
  );
  const host = new SimulatorHost();
  const [browser] = await Promise.all([launchChromium(chromiumPath()), host.listen()]);
  try {
    const queue = [...keys];
    let passed = 0;
    const jiffiesBefore = machineJiffies();
    // The browser was launched before: only what it uses from here on counts.
    accounting = new ProcessAccounting();
    const started = performance.now();
    const { shares } = await profileDuring(
      () =>
        Promise.all(
          Array.from({ length: concurrency }, async () => {
            for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
              const found = byKey.get(key);
              if (!found) throw new Error(`no built-in test case ${key}`);
              const run = await runTestCase({ browser, host, ...found, variant: 'solve' }).catch(
                (error: Error) => {
                  progress(`  bare: ${key} threw: ${error.message}`);
                  return undefined;
                },
              );
              if (run?.evaluation.passed) passed += 1;
              else if (run) progress(`  bare: ${key} did not pass: ${run.evaluation.explanation}`);
            }
          }),
        ),
      classifyProctor,
    );
    const accounted = accounting.stop();
    accounting = undefined;
    const seconds = (performance.now() - started) / 1000;
    const busySeconds = (machineJiffies().busy - jiffiesBefore.busy) * JIFFY_SECONDS;
    const cpu = cpuPerCase(busySeconds, accounted, shares, keys.length);
    const pass: BarePass = {
      concurrency,
      testCases: keys.length,
      seconds,
      casesPerSecond: keys.length / seconds,
      passed,
      coreSecondsPerCase: cpu.counted,
      busyCores: busySeconds / seconds,
      cpu,
    };
    progress(
      `bare scripts, concurrency ${concurrency}: ${keys.length} cases in ${seconds.toFixed(1)} s (${pass.casesPerSecond.toFixed(2)}/s), ` +
        `${passed} passed, ${cores(cpu.counted)} core-s per case counted (${cores(cpu.machine)} busy on the machine)`,
    );
    return pass;
  } finally {
    await browser.close();
    await host.close();
  }
}

/** Where a run's session stops: scored, or failed by the infrastructure. */
const LAST_STATUSES = new Set<string>(['scoring_completed', ...INFRASTRUCTURE_FAILURE_STATUSES]);

/** Each run of the group: its test case's built-in key and its session's status. */
async function runsOf(proctor: Proctor, groupPublicId: string) {
  return proctor.ctx.db
    .select({ key: testCases.builtInKey, status: sessions.status })
    .from(sessions)
    .innerJoin(runSessionBatches, eq(runSessionBatches.id, sessions.runSessionBatchId))
    .innerJoin(testCases, eq(testCases.id, sessions.testCaseId))
    .where(eq(runSessionBatches.publicId, groupPublicId));
}

/** The steps the group's sessions recorded and the distinct screenshots their states point at. */
async function recordedOf(
  proctor: Proctor,
  groupPublicId: string,
): Promise<{ steps: number; screenshots: number }> {
  const rows = await proctor.ctx.db
    .select({ before: sessionSteps.beforeState, after: sessionSteps.afterState })
    .from(sessionSteps)
    .innerJoin(sessions, eq(sessions.id, sessionSteps.sessionId))
    .innerJoin(runSessionBatches, eq(runSessionBatches.id, sessions.runSessionBatchId))
    .where(eq(runSessionBatches.publicId, groupPublicId));
  const keys = new Set<string>();
  for (const row of rows)
    for (const state of [row.before, row.after]) if (state?.screenshot) keys.add(state.screenshot.key);
  return { steps: rows.length, screenshots: keys.size };
}

/** Each test case of the group (by built-in key) and whether its run passed. */
async function verdictsOf(proctor: Proctor, groupPublicId: string): Promise<Record<string, boolean>> {
  const rows = await proctor.ctx.db
    .select({ key: testCases.builtInKey, passed: sessions.passed })
    .from(sessions)
    .innerJoin(runSessionBatches, eq(runSessionBatches.id, sessions.runSessionBatchId))
    .innerJoin(testCases, eq(testCases.id, sessions.testCaseId))
    .where(eq(runSessionBatches.publicId, groupPublicId));
  return Object.fromEntries(rows.map((row) => [row.key ?? '', row.passed]));
}

async function run(teardown: Teardown): Promise<Results> {
  const embedded = await start(teardown, 'embedded');
  const builtIn = await embedded.proctor.ctx.db
    .select({ key: testCases.builtInKey })
    .from(testCases)
    .where(isNotNull(testCases.builtInKey))
    .orderBy(asc(testCases.builtInKey));
  const keys = builtIn
    .map((row) => row.key!)
    .filter((key) => !args.simulator || args.simulator.includes(key.split('/')[0]!))
    .slice(0, args.limit ? Number(args.limit) : undefined);
  const idsOf = async (bench: Bench) =>
    (
      await bench.proctor.ctx.db
        .select({ publicId: testCases.publicId, key: testCases.builtInKey })
        .from(testCases)
        .where(isNotNull(testCases.builtInKey))
    )
      .filter((row) => keys.includes(row.key!))
      .map((row) => row.publicId);
  progress(`${keys.length} built-in test cases; concurrency ${CONCURRENCIES.join(', ')}`);

  const results: Results = {
    cores: availableParallelism(),
    loadBefore: loadavg()[0]!,
    passes: [],
    bare: [],
    redis: null,
  };
  const embeddedIds = await idsOf(embedded);
  for (const concurrency of CONCURRENCIES)
    results.passes.push(await measure(embedded, 'embedded', embeddedIds, concurrency));
  await teardown.run();
  if (args.bare)
    for (const concurrency of CONCURRENCIES) results.bare.push(await measureBare(keys, concurrency));

  if (!process.env.REDIS_URL || !process.env.DATABASE_URL) {
    progress(
      'Redis setup skipped: it needs REDIS_URL and DATABASE_URL (a server where the benchmark may create a database)',
    );
    return results;
  }
  const best = results.passes.reduce((a, b) => (b.casesPerSecond > a.casesPerSecond ? b : a));
  const scaled = await start(teardown, 'redis');
  results.redis = await measure(scaled, 'redis', await idsOf(scaled), best.concurrency);
  return results;
}

const GOAL_RATE = 1.7;
/** Issue 29's goal: Proctor's core-seconds per case at most this many times the bare scripts'. */
const GOAL_CPU_RATIO = 1.6;

/** The bare pass to set beside a Proctor pass: the same concurrency, else the bare pass that cost least. */
function bareBeside(results: Results, pass: Pass): BarePass | undefined {
  return (
    results.bare.find((bare) => bare.concurrency === pass.concurrency) ??
    results.bare.reduce<BarePass | undefined>(
      (a, b) => (!a || b.coreSecondsPerCase < a.coreSecondsPerCase ? b : a),
      undefined,
    )
  );
}

const cores = (seconds: number) => seconds.toFixed(2);

/** What the best pass recorded and asked of the database, per case. */
function printRecorded(results: Results): void {
  const best = results.passes.reduce((a, b) => (b.casesPerSecond > a.casesPerSecond ? b : a));
  console.log(
    `\nRecorded per case at concurrency ${best.concurrency}: ${best.steps.toFixed(1)} steps, ${best.captures.toFixed(1)} screenshots taken (${best.captureMs.toFixed(0)} ms each on average, ${best.screenshots.toFixed(1)} distinct). The recording's work in Chromium is in its renderers', GPU process's and browser process's rows.`,
  );
  console.log(
    `\nBrowsers per case at concurrency ${best.concurrency}: ${best.browsers.launched.toFixed(2)} launched for it, ${best.browsers.reused.toFixed(2)} given back by the organization's run before (reset, not relaunched).`,
  );
  const statementsPerCase = Object.values(best.statements).reduce((sum, count) => sum + count, 0);
  if (statementsPerCase > 0)
    console.log(
      `\nDatabase statements per case at concurrency ${best.concurrency}: ${statementsPerCase.toFixed(0)} (the benchmark's looks left out), most: ${Object.entries(
        best.statements,
      )
        .sort(([, a], [, b]) => b - a)
        .slice(0, 8)
        .map(([kind, count]) => `${kind} ${count.toFixed(1)}`)
        .join(', ')}`,
    );
}

/** Proctor's core-seconds per case beside the bare scripts', and where the difference goes. */
function printCpuSideBySide(results: Results): void {
  if (results.bare.length === 0) return;
  console.log(
    "\nCore-seconds per test case, Proctor beside the bare scripts: the Node process and every process it started or that those started (Chromium's), ended ones included, each read from /proc; the machine's busy CPU beside it, and what of it no counted process used\n",
  );
  console.log(
    '| concurrency | Proctor | bare | ratio | Proctor: Node / processes | bare: Node / processes | machine busy: Proctor / bare | not counted: Proctor / bare |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  const processes = (cpu: CpuPerCase) => cpu.counted - cpu.node;
  for (const pass of results.passes) {
    const bare = bareBeside(results, pass);
    if (!bare) continue;
    console.log(
      `| ${pass.concurrency} | ${cores(pass.cpu.counted)} | ${cores(bare.cpu.counted)} | ${(pass.cpu.counted / bare.cpu.counted).toFixed(2)}× | ${cores(pass.cpu.node)} / ${cores(processes(pass.cpu))} | ${cores(bare.cpu.node)} / ${cores(processes(bare.cpu))} | ${cores(pass.cpu.machine)} / ${cores(bare.cpu.machine)} | ${cores(pass.cpu.rest)} / ${cores(bare.cpu.rest)} |`,
    );
  }
  const checked = [...results.passes, ...results.bare].filter((pass) => pass.cpu.cgroup !== undefined);
  if (checked.length > 0)
    console.log(
      `\nChecked against the benchmark's own cpuacct cgroup (counted / the cgroup's, per case): ${checked.map((pass) => `${'setup' in pass ? 'Proctor' : 'bare'} at ${pass.concurrency} ${cores(pass.cpu.counted)} / ${cores(pass.cpu.cgroup!)}`).join(', ')}`,
    );
  const best = results.passes.reduce((a, b) => (b.casesPerSecond > a.casesPerSecond ? b : a));
  const bare = bareBeside(results, best);
  if (!bare) return;
  console.log(
    `\nWhere the difference goes at concurrency ${best.concurrency}, core-seconds per case: the Node process by the code its main thread's samples were in (scaled to the process's CPU), the other processes by kind\n`,
  );
  const rows = new Map<string, { mine: number; theirs: number }>();
  const add = (name: string, mine: number, theirs: number) => rows.set(name, { mine, theirs });
  for (const part of new Set([...Object.keys(best.cpu.nodeParts), ...Object.keys(bare.cpu.nodeParts)]))
    add(`Node: ${part}`, best.cpu.nodeParts[part] ?? 0, bare.cpu.nodeParts[part] ?? 0);
  for (const kind of new Set([...Object.keys(best.cpu.processes), ...Object.keys(bare.cpu.processes)]))
    add(kind, best.cpu.processes[kind] ?? 0, bare.cpu.processes[kind] ?? 0);
  console.log('| part | Proctor | bare | difference |');
  console.log('|---|---|---|---|');
  for (const [name, { mine, theirs }] of [...rows].sort(
    ([, a], [, b]) => b.mine - b.theirs - (a.mine - a.theirs),
  ))
    console.log(`| ${name} | ${cores(mine)} | ${cores(theirs)} | ${cores(mine - theirs)} |`);
  console.log(
    `| all counted | ${cores(best.cpu.counted)} | ${cores(bare.cpu.counted)} | ${cores(best.cpu.counted - bare.cpu.counted)} |`,
  );
  console.log(
    `\nLeft out of Proctor's figures: the benchmark's own looks at the group's progress (one every ${POLL_MS} ms, each measured after the pass), ${cores(best.cpu.looks)} core-s per case.`,
  );
}

await runBenchmark<Results>({
  progress,
  json: args.json,
  closing: 'Proctor and its browsers',
  run: (teardown) => run(teardown),
  goals: (results) => {
    const best = results.passes.reduce((a, b) => (b.casesPerSecond > a.casesPerSecond ? b : a));
    const bestBare = results.bare.reduce<BarePass | undefined>(
      (a, b) => (!a || b.casesPerSecond > a.casesPerSecond ? b : a),
      undefined,
    );
    const all = [...results.passes, ...(results.redis ? [results.redis] : [])];
    const goals: Goal[] = [
      {
        goal: `whole built-in benchmark with the oracle ≥ ${GOAL_RATE} test cases/s at the best concurrency, scoring included`,
        measured:
          `${best.casesPerSecond.toFixed(2)}/s at concurrency ${best.concurrency} (${best.seconds.toFixed(1)} s for ${best.testCases})` +
          (bestBare
            ? `; the scripts alone, bare: ${bestBare.casesPerSecond.toFixed(2)}/s at concurrency ${bestBare.concurrency}, ${bestBare.coreSecondsPerCase.toFixed(2)} core-s per case`
            : ''),
        met: best.casesPerSecond >= GOAL_RATE,
      },
      ...(bestBare
        ? [
            {
              goal: `Proctor's core-seconds per case ≤ ${GOAL_CPU_RATIO}× the bare scripts', at the best concurrency, scoring included`,
              measured: `${cores(best.cpu.counted)} vs ${cores(bareBeside(results, best)!.cpu.counted)} core-s (${(best.cpu.counted / bareBeside(results, best)!.cpu.counted).toFixed(2)}×) at concurrency ${best.concurrency}`,
              met: best.cpu.counted <= GOAL_CPU_RATIO * bareBeside(results, best)!.cpu.counted,
            },
          ]
        : []),
      {
        goal: 'every test case passes with the oracle',
        measured: all
          .map((pass) => `${pass.passed}/${pass.testCases} ${pass.setup} at ${pass.concurrency}`)
          .join(', '),
        met: all.every((pass) => pass.passed === pass.testCases),
      },
    ];
    if (results.redis) {
      const redis = results.redis;
      const differing = Object.keys(best.verdicts).filter(
        (key) => best.verdicts[key] !== redis.verdicts[key],
      );
      goals.push(
        {
          goal: 'through BullMQ and a separate worker: the same verdicts as embedded',
          measured: differing.length === 0 ? 'identical' : `differ on ${differing.join(', ')}`,
          met: differing.length === 0,
        },
        {
          goal: 'through BullMQ and a separate worker: ≤ 1.2× the embedded time',
          measured: `${(redis.seconds / best.seconds).toFixed(2)}× (${redis.seconds.toFixed(1)} s vs ${best.seconds.toFixed(1)} s)`,
          met: redis.seconds <= 1.2 * best.seconds,
        },
      );
    }
    return goals;
  },
  report: (results, goals) => {
    console.log(
      `\nBuilt-in benchmark with the oracle agent (${results.cores} cores, load ${results.loadBefore.toFixed(2)} before)\n`,
    );
    console.log(
      '| setup | concurrency | cases | seconds | cases/s | s per case | passed | CPU Proctor | CPU Chromium and rest | busy cores |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const pass of [...results.passes, ...(results.redis ? [results.redis] : [])])
      console.log(
        `| ${pass.setup} | ${pass.concurrency} | ${pass.testCases} | ${pass.seconds.toFixed(1)} | ${pass.casesPerSecond.toFixed(2)} | ${pass.secondsPerCase.toFixed(2)} | ${pass.passed} | ${Math.round(pass.proctorCpuShare * 100)}% | ${Math.round(pass.otherCpuShare * 100)}% | ${pass.busyCores.toFixed(2)} |`,
      );
    if (!results.redis) console.log('\n(Redis setup not measured: set REDIS_URL and DATABASE_URL.)');
    if (results.bare.length > 0) {
      console.log(
        '\nThe same reference scripts bare (the kit harness: one browser, no environment, recording or scoring)\n',
      );
      console.log('| concurrency | cases | seconds | cases/s | passed | core-s per case | busy cores |');
      console.log('|---|---|---|---|---|---|---|');
      for (const bare of results.bare)
        console.log(
          `| ${bare.concurrency} | ${bare.testCases} | ${bare.seconds.toFixed(1)} | ${bare.casesPerSecond.toFixed(2)} | ${bare.passed} | ${bare.coreSecondsPerCase.toFixed(2)} | ${bare.busyCores.toFixed(2)} |`,
        );
    }
    printCpuSideBySide(results);
    printRecorded(results);
    console.log('\nGoals:');
    for (const goal of goals) console.log(`- ${goal.met ? 'met ' : 'MISS'} ${goal.goal}: ${goal.measured}`);
  },
});
