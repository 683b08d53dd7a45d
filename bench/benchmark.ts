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
import { runSessionBatches, sessionLogs, sessions, testCases } from '@proctor/db';
import { chromiumPath } from '@proctor/environments';
import { builtInSimulators, SimulatorHost } from '@proctor/simulators';
import { launchChromium, runTestCase } from '@proctor/simulators/testing';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { createProctor, loadConfig, type Proctor } from '../apps/server/src/index';
import type { RedisQueue } from '../apps/server/src/kernel/queue/redisQueue';
import { INFRASTRUCTURE_FAILURE_STATUSES } from '../apps/server/src/repositories/sessions';
import { builtInTestCaseKey } from '../apps/server/src/services/registration';
import { classifyProctor, cpuSince, cpuSnapshot, profileDuring } from './support/cpuAccounting';
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
}

/**
 * Where a pass's CPU went, per test case in core-seconds: the whole machine; the Node process (Proctor and its
 * agents, or the kit's harness) split by the code its main thread's samples were in; the processes it started
 * (Chromium, running or ended and waited for); the rest of the machine. An environment's browser is ended by
 * killing its process group (processGroup.ts), so its renderers' and helpers' CPU is not handed up to this process:
 * through Proctor it is in the rest, which on an otherwise quiet machine is theirs.
 */
interface CpuPerCase {
  machine: number;
  node: number;
  /** The Node process's seconds by part: its share of the main thread's busy samples. */
  nodeParts: Record<string, number>;
  children: number;
  /** A separate worker process (the Redis setup): its own CPU. */
  worker: number;
  rest: number;
}

function cpuPerCase(
  busySeconds: number,
  own: { self: number; descendants: number },
  shares: Record<string, number>,
  cases: number,
  worker = 0,
): CpuPerCase {
  const nodeParts: Record<string, number> = {};
  for (const [part, share] of Object.entries(shares)) nodeParts[part] = (share * own.self) / cases;
  return {
    machine: busySeconds / cases,
    node: own.self / cases,
    nodeParts,
    children: own.descendants / cases,
    worker: worker / cases,
    rest: Math.max(0, busySeconds - own.self - own.descendants - worker) / cases,
  };
}

/** The reference scripts alone, in the kit's harness, at one concurrency. */
interface BarePass {
  concurrency: number;
  testCases: number;
  seconds: number;
  casesPerSecond: number;
  passed: number;
  /** Busy CPU of the whole machine per test case, in core-seconds. */
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
}

/** Own CPU seconds of a process of this machine (utime + stime of /proc/<pid>/stat), 0 when it is gone. */
function processCpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * JIFFY_SECONDS;
  } catch {
    return 0;
  }
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
  if (setup === 'redis') {
    const database = await createThrowawayDatabase(process.env.DATABASE_URL!, 'proctor_bench_benchmark');
    teardown.add(`database ${database.name}`, () => database.drop());
    databaseUrl = database.url;
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
  return { proctor, token, ...(workerPid ? { workerPid } : {}) };
}

/** One whole benchmark at one concurrency, from the start call to the last verdict. */
async function measure(
  bench: Bench,
  setup: Pass['setup'],
  ids: string[],
  concurrency: number,
): Promise<Pass> {
  const { proctor } = bench;
  const cpuBefore = process.cpuUsage();
  const workerBefore = bench.workerPid ? processCpuSeconds(bench.workerPid) : 0;
  const jiffiesBefore = machineJiffies();
  const ownBefore = cpuSnapshot();
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
      group = RunGroupResponse.parse(
        await call(proctor, 'GET', `/api/runs/batches/${benchmark.batch_id}`, await bench.token()),
      ).runGroup;
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
  const own = cpuSince(ownBefore);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const workerSeconds = bench.workerPid ? processCpuSeconds(bench.workerPid) - workerBefore : 0;
  const busySeconds = (machineJiffies().busy - jiffiesBefore.busy) * JIFFY_SECONDS;
  for (const failure of await failuresOf(proctor, batchId)) progress(`  did not pass: ${failure}`);
  const proctorSeconds = (cpu.user + cpu.system) / 1e6 + workerSeconds;
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
    cpu: cpuPerCase(busySeconds, own, shares, group.total, workerSeconds),
  };
  progress(
    `${setup}, concurrency ${concurrency}: ${pass.testCases} cases in ${seconds.toFixed(1)} s (${pass.casesPerSecond.toFixed(2)}/s), ` +
      `${pass.passed} passed, CPU ${Math.round(pass.proctorCpuShare * 100)}% Proctor / ${Math.round(pass.otherCpuShare * 100)}% Chromium and the rest`,
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
    const ownBefore = cpuSnapshot();
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
    const own = cpuSince(ownBefore);
    const seconds = (performance.now() - started) / 1000;
    const busySeconds = (machineJiffies().busy - jiffiesBefore.busy) * JIFFY_SECONDS;
    const pass: BarePass = {
      concurrency,
      testCases: keys.length,
      seconds,
      casesPerSecond: keys.length / seconds,
      passed,
      coreSecondsPerCase: busySeconds / keys.length,
      busyCores: busySeconds / seconds,
      cpu: cpuPerCase(busySeconds, own, shares, keys.length),
    };
    progress(
      `bare scripts, concurrency ${concurrency}: ${keys.length} cases in ${seconds.toFixed(1)} s (${pass.casesPerSecond.toFixed(2)}/s), ` +
        `${passed} passed, ${pass.coreSecondsPerCase.toFixed(2)} core-s per case`,
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

/** Proctor's core-seconds per case beside the bare scripts', and where the difference goes. */
function printCpuSideBySide(results: Results): void {
  if (results.bare.length === 0) return;
  console.log(
    "\nCore-seconds per test case, Proctor beside the bare scripts (the whole machine; the Node process; the processes it started, Chromium, as far as they were waited for; the rest: through Proctor, the environments' renderers, killed with their process group)\n",
  );
  console.log(
    '| concurrency | Proctor | bare | ratio | Proctor: Node / Chromium / rest | bare: Node / Chromium / rest |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const pass of results.passes) {
    const bare = bareBeside(results, pass);
    if (!bare) continue;
    const split = (cpu: CpuPerCase) =>
      `${cores(cpu.node + cpu.worker)} / ${cores(cpu.children)} / ${cores(cpu.rest)}`;
    console.log(
      `| ${pass.concurrency} | ${cores(pass.cpu.machine)} | ${cores(bare.cpu.machine)} | ${(pass.cpu.machine / bare.cpu.machine).toFixed(2)}× | ${split(pass.cpu)} | ${split(bare.cpu)} |`,
    );
  }
  const best = results.passes.reduce((a, b) => (b.casesPerSecond > a.casesPerSecond ? b : a));
  const bare = bareBeside(results, best);
  if (!bare) return;
  console.log(
    `\nThe Node process by part at concurrency ${best.concurrency}, core-seconds per case (its main thread's samples, by the code they were in, scaled to the process's CPU)\n`,
  );
  const parts = [...new Set([...Object.keys(best.cpu.nodeParts), ...Object.keys(bare.cpu.nodeParts)])].sort(
    (a, b) => (best.cpu.nodeParts[b] ?? 0) - (best.cpu.nodeParts[a] ?? 0),
  );
  console.log('| part | Proctor | bare | difference |');
  console.log('|---|---|---|---|');
  for (const part of parts) {
    const mine = best.cpu.nodeParts[part] ?? 0;
    const theirs = bare.cpu.nodeParts[part] ?? 0;
    console.log(`| ${part} | ${cores(mine)} | ${cores(theirs)} | ${cores(mine - theirs)} |`);
  }
  console.log(
    `| Chromium (browsers started, their renderers and helpers) | ${cores(best.cpu.children)} | ${cores(bare.cpu.children)} | ${cores(best.cpu.children - bare.cpu.children)} |`,
  );
  console.log(
    `| rest of the machine (through Proctor: the environments' renderers and helpers) | ${cores(best.cpu.rest)} | ${cores(bare.cpu.rest)} | ${cores(best.cpu.rest - bare.cpu.rest)} |`,
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
              measured: `${cores(best.cpu.machine)} vs ${cores(bareBeside(results, best)!.cpu.machine)} core-s (${(best.cpu.machine / bareBeside(results, best)!.cpu.machine).toFixed(2)}×) at concurrency ${best.concurrency}`,
              met: best.cpu.machine <= GOAL_CPU_RATIO * bareBeside(results, best)!.cpu.machine,
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
    console.log('\nGoals:');
    for (const goal of goals) console.log(`- ${goal.met ? 'met ' : 'MISS'} ${goal.goal}: ${goal.measured}`);
  },
});
