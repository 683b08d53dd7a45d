/**
 * `npm run prove [simulator…]`: the proof of every built-in test case, or of the named simulators' (in Chromium on
 * the kit, one browser, a context per run): each reference solution satisfies its test case and each wrong variant
 * does not. CI proves a fixed sample of each simulator's cases (packages/simulators/test/browser/
 * builtInTestCases.test.ts), since all of them take CI past its time on two cores; run this after changing a
 * simulator, its seed or its test cases. Exits 1 when a run did not behave as it must.
 */
import { chromiumPath } from '@proctor/environments';
import { builtInSimulators, SimulatorHost } from '@proctor/simulators';
import { launchChromium, proveSimulator, runQueue } from '@proctor/simulators/testing';

/** Runs at once across the simulators: most of a run waits on the page. */
const AT_ONCE = 4;

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !builtInSimulators.some((simulator) => simulator.name === name));
if (unknown.length > 0) {
  console.error(`No built-in simulator named ${unknown.join(', ')}`);
  console.error(`Built-in: ${builtInSimulators.map((simulator) => simulator.name).join(', ')}`);
  process.exit(2);
}
const chosen = builtInSimulators.filter(
  (simulator) => wanted.length === 0 || wanted.includes(simulator.name),
);

const host = new SimulatorHost();
const [browser] = await Promise.all([launchChromium(chromiumPath()), host.listen()]);
const queue = runQueue(AT_ONCE);
const started = performance.now();
let failed = 0;
let total = 0;
try {
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
} finally {
  await browser.close();
  await host.close();
}
console.log(
  `${total - failed}/${total} runs as they must, in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
process.exitCode = failed === 0 ? 0 : 1;
