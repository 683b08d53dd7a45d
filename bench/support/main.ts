import { setTimeout as sleep } from 'node:timers/promises';
import { ownBrowserPrefix } from '../../apps/server/src/environments/browserFolders';
import { leftoverProcesses } from './processes';
import { Teardown } from './teardown';

/** A goal of a benchmark and how this run did against it. */
export interface Goal {
  goal: string;
  measured: string;
  met: boolean;
}

export interface Benchmark<R> {
  progress: (line: string) => void;
  /** Print the figures as JSON on stdout instead of the report. */
  json: boolean;
  /** What an interrupted run says it closes. */
  closing: string;
  run: (teardown: Teardown, trackedGroups: Set<number>) => Promise<R>;
  goals: (results: R) => Goal[];
  report: (results: R, goals: Goal[]) => void;
}

/**
 * How every benchmark ends, whatever happened: what it opened is closed (also on Ctrl-C: Node would exit
 * without its exit hooks, leaving browsers behind), browsers still running afterwards are reported, the figures
 * are printed (a report, or JSON), and the exit code says whether every goal was met.
 */
export async function runBenchmark<R>(bench: Benchmark<R>): Promise<void> {
  const teardown = new Teardown(bench.progress);
  const trackedGroups = new Set<number>();
  process.once('SIGINT', () => {
    bench.progress(`Interrupted: closing ${bench.closing}…`);
    void teardown.run().finally(() => process.exit(130));
  });
  let results: R;
  try {
    results = await bench.run(teardown, trackedGroups);
  } finally {
    await teardown.run();
    // Killed helpers stay zombies until PID 1 reaps them; those are not counted. Give the rest a moment to go.
    let leftovers = leftoverProcesses(trackedGroups, ownBrowserPrefix());
    for (let i = 0; i < 20 && leftovers.length > 0; i++) {
      await sleep(100);
      leftovers = leftoverProcesses(trackedGroups, ownBrowserPrefix());
    }
    if (leftovers.length > 0)
      bench.progress(`WARNING: browser processes still running: ${leftovers.join(' ')}`);
  }
  const goals = bench.goals(results);
  const met = goals.every((goal) => goal.met);
  if (bench.json) {
    console.log(JSON.stringify({ ...results, goals }, null, 2));
  } else {
    bench.report(results, goals);
    console.log(met ? '\nAll goals met.' : '\nSome goals were missed.');
  }
  process.exitCode = met ? 0 : 1;
}
