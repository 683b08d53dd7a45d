/**
 * Operating benchmark: what running an install costs the people who operate it, one section per file under
 * bench/operating/ (listed in bench/operating/sections.ts). Usage and what each figure means: bench/README.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { SectionContext, SectionResult } from './operating/section';
import { startProctor } from './operating/section';
import { SECTIONS } from './operating/sections';
import { type Goal, runBenchmark } from './support/main';
import { printColumns } from './support/stats';

const { values: options } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    requests: { type: 'string', default: '20' },
    only: { type: 'string', multiple: true },
  },
});

const chosen = options.only?.length
  ? SECTIONS.filter((section) => options.only?.includes(section.key))
  : SECTIONS;
if (chosen.length === 0) {
  console.error(
    `No such section: ${options.only?.join(', ')} (sections: ${SECTIONS.map((s) => s.key).join(', ')})`,
  );
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
    const dataDir = mkdtempSync(join(tmpdir(), 'proctor-bench-operating-'));
    teardown.add('data folder', async () => rmSync(dataDir, { recursive: true, force: true }));
    const ctx: SectionContext = {
      teardown,
      progress,
      dataDir,
      requests: Math.max(5, Number.parseInt(options.requests, 10) || 20),
      postgresAdminUrl: process.env.DATABASE_URL || undefined,
      startProctor: (name, database, env) => startProctor(teardown, dataDir, name, database, env),
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
