/**
 * `npm run prove [simulator…] [cross]`: the proof of every built-in test case, or of the named simulators' and (with
 * `cross`) of the test cases across apps (in Chromium on the kit, one browser, a context per run; a case across apps
 * gets an instance of each of its apps): each reference solution satisfies its test case and each wrong variant
 * does not. CI proves a fixed sample of each simulator's cases (packages/simulators/test/browser/
 * builtInTestCases.test.ts), since all of them take CI past its time on two cores; run this after changing a
 * simulator, its seed or its test cases. Exits 1 when a run did not behave as it must.
 */
import { chromiumPath } from '@proctor/environments';
import { builtInCrossAppTestCases, builtInSimulators, SimulatorHost } from '@proctor/simulators';
import {
  launchChromium,
  proveCrossAppTestCases,
  proveSimulator,
  runQueue,
} from '@proctor/simulators/testing';

/** Runs at once across the simulators: most of a run waits on the page. */
const AT_ONCE = 4;

/** The argument that chooses the test cases across apps (builtInCrossAppTestCases). */
const CROSS_APP = 'cross';

const wanted = process.argv.slice(2);
const unknown = wanted.filter(
  (name) => name !== CROSS_APP && !builtInSimulators.some((simulator) => simulator.name === name),
);
if (unknown.length > 0) {
  console.error(`No built-in simulator named ${unknown.join(', ')}`);
  console.error(
    `Built-in: ${builtInSimulators.map((simulator) => simulator.name).join(', ')}, or ${CROSS_APP}`,
  );
  process.exit(2);
}
const chosen = builtInSimulators.filter(
  (simulator) => wanted.length === 0 || wanted.includes(simulator.name),
);
const crossApp = wanted.length === 0 || wanted.includes(CROSS_APP) ? builtInCrossAppTestCases : [];

const host = new SimulatorHost();
const [browser] = await Promise.all([launchChromium(chromiumPath()), host.listen()]);
const queue = runQueue(AT_ONCE);
const started = performance.now();
let failed = 0;
let total = 0;
try {
  const acrossApps = proveCrossAppTestCases(crossApp, {
    browser,
    host,
    definitions: builtInSimulators,
    queue,
    onRun: (run) => {
      if (!run.passed) console.log(`✗ ${CROSS_APP} ${run.testCase.key} (${run.variant}): ${run.explanation}`);
    },
  });
  const proofs = await Promise.all(
    chosen.map(async (simulator) => {
      const proof = await proveSimulator(simulator, {
        browser,
        host,
        queue,
        onRun: (run) => {
          if (!run.passed)
            console.log(`✗ ${simulator.name} ${run.testCase.key} (${run.variant}): ${run.explanation}`);
        },
      });
      return { simulator, proof };
    }),
  );
  for (const { simulator, proof } of proofs) {
    const bad = proof.runs.filter((run) => !run.passed).length;
    failed += bad;
    total += proof.runs.length;
    console.log(
      `${bad === 0 ? '✓' : '✗'} ${simulator.name}: ${proof.runs.length - bad}/${proof.runs.length} runs as they must`,
    );
  }
  const { runs } = await acrossApps;
  if (runs.length > 0) {
    const bad = runs.filter((run) => !run.passed).length;
    failed += bad;
    total += runs.length;
    console.log(
      `${bad === 0 ? '✓' : '✗'} across apps: ${runs.length - bad}/${runs.length} runs as they must`,
    );
  }
} finally {
  await browser.close();
  await host.close();
}
console.log(
  `${total - failed}/${total} runs as they must, in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
process.exitCode = failed === 0 ? 0 : 1;
