import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { HubBuildEvent, HubBuildResult } from '@proctor/contracts';
import { chromiumPath } from '@proctor/environments';
import type { Browser } from 'playwright-core';
import type { SimulatorDefinition } from '../definition';
import { prepareSimulator } from '../runtime/prepare';
import { launchChromium } from '../testing/chromium';
import { proveSimulator } from '../testing/prove';
import { testCaseProblems } from '../testing/testCase';
import { SimulatorHost } from '../web/host';
import { writeOutputArchive } from './archive';
import { bundleSimulator } from './bundle';
import { importSimulatorBundle } from './load';
import { SEED_SNAPSHOT_FILE } from './output';

/**
 * The hub build's program (`node --import tsx runner.ts --checkout DIR --out DIR [--archive-fd N]`), run by the
 * server in the sandbox: bundles the pushed project into OUT, loads it, checks its test cases, seeds it
 * (OUT/seed.sqlite) and proves every test case in Chromium. It speaks only through HubBuildEvent lines on its
 * standard output, the `result` last; whatever else a simulator prints goes to standard error. With --archive-fd,
 * a proven build's OUT is streamed to that descriptor (archive.ts) before the result.
 */

const stdout = process.stdout.write.bind(process.stdout);
const emit = (event: HubBuildEvent) => stdout(`${JSON.stringify(event)}\n`);
const log = (line: string) => emit({ type: 'log', line });

// A simulator's own console.log must not be read as an event.
for (const method of ['log', 'info', 'debug'] as const) console[method] = console.error;

/** What is known so far: a failure at any point says how far the build came. */
const result: HubBuildResult = {
  type: 'result',
  status: 'failed',
  reason: null,
  simulator: null,
  dataset: null,
  testCases: 0,
};

async function build(checkout: string, out: string): Promise<HubBuildResult> {
  const fail = (reason: string) => ({ ...result, reason });
  let started = performance.now();
  const since = () => `${Math.round(performance.now() - started)} ms`;
  const bundle = await bundleSimulator(checkout, out);
  log(`bundled src/index.ts into ${Math.ceil(bundle.bytes / 1024)} KiB in ${since()}`);
  const simulator: SimulatorDefinition = await importSimulatorBundle(out);
  result.simulator = simulator.name;
  result.testCases = simulator.testCases.length;
  log(
    `loaded simulator ${simulator.name} ${simulator.version} with ${simulator.testCases.length} test case(s)`,
  );
  const problems = simulator.testCases.flatMap(testCaseProblems);
  if (problems.length > 0) {
    for (const problem of problems) log(`test case ${problem}`);
    return fail(`test case ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`);
  }
  started = performance.now();
  const prepared = prepareSimulator(simulator);
  await writeFile(join(out, SEED_SNAPSHOT_FILE), prepared.snapshot);
  result.dataset = createHash('sha256').update(prepared.snapshot).digest('hex').slice(0, 16);
  log(
    `seeded in ${Math.round(prepared.seedMs)} ms: ${Math.ceil(prepared.snapshot.length / 1024)} KiB, dataset ${result.dataset}`,
  );
  if (simulator.testCases.length === 0) return { ...result, status: 'proven' };
  started = performance.now();
  const host = new SimulatorHost();
  let browser: Browser | undefined;
  try {
    [browser] = await Promise.all([launchChromium(chromiumPath()), host.listen()]);
    log(`started Chromium ${browser.version()} in ${since()}`);
    started = performance.now();
    const proof = await proveSimulator(simulator, {
      browser,
      host,
      onRun: (run) =>
        emit({
          type: 'case',
          key: run.testCase.key,
          variant: run.variant,
          passed: run.passed,
          explanation: run.explanation,
          durationMs: Math.round(run.durationMs),
        }),
    });
    log(`proved ${proof.runs.length} run(s) in ${since()}`);
    const failed = proof.runs.find((run) => !run.passed);
    if (failed) {
      const others = proof.runs.filter((run) => !run.passed).length - 1;
      return fail(
        `test case ${failed.testCase.key} (${failed.variant}): ${failed.explanation}${others > 0 ? ` (and ${others} more run(s) failed)` : ''}`,
      );
    }
    return { ...result, status: 'proven' };
  } finally {
    await browser?.close().catch(() => undefined);
    await host.close().catch(() => undefined);
  }
}

async function main(): Promise<HubBuildResult> {
  const { values } = parseArgs({
    options: { checkout: { type: 'string' }, out: { type: 'string' }, 'archive-fd': { type: 'string' } },
  });
  if (!values.checkout || !values.out)
    return { ...result, reason: 'the build program needs --checkout DIR --out DIR [--archive-fd N]' };
  const built = await build(values.checkout, values.out);
  // The output travels to the server only when it is of use: a proven version's.
  if (built.status === 'proven' && values['archive-fd'])
    await writeOutputArchive(values.out, createWriteStream('', { fd: Number(values['archive-fd']) }));
  return built;
}

main()
  .catch(
    (error: unknown): HubBuildResult => ({
      ...result,
      status: 'failed',
      reason: error instanceof Error ? error.message : String(error),
    }),
  )
  // Exits once the result is written: a simulator's timer or socket must not keep the build waiting.
  .then((final) => stdout(`${JSON.stringify(final)}\n`, () => process.exit(0)));
