import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * `npm run typecheck`: every project's `tsc -p`, as many at once as the machine has cores. Each tsc is one
 * thread, so checking them one after another left a core idle for the whole step (about a minute on the 2-core CI
 * machine). A project's output is printed whole when it ends, so two projects' errors never interleave.
 */
/** The longest first, so that no long one starts last. */
const PROJECTS = [
  'apps/server',
  'apps/web',
  'apps/extension',
  'packages/contracts',
  'packages/db',
  'packages/simulators',
  'packages/environments',
  'packages/recording',
  'packages/scoring',
  'packages/sdk',
  'e2e',
  'scripts',
  'bench',
];

function check(project: string): Promise<boolean> {
  return new Promise((resolve) => {
    const tsc = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: Buffer[] = [];
    tsc.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    tsc.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    tsc.on('close', (code) => {
      const text = Buffer.concat(output).toString();
      if (code !== 0) process.stdout.write(`tsc -p ${project} failed:\n${text}\n`);
      resolve(code === 0);
    });
  });
}

const waiting = [...PROJECTS];
let failed = 0;
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), PROJECTS.length) }, async () => {
    for (let project = waiting.shift(); project; project = waiting.shift())
      if (!(await check(project))) failed += 1;
  }),
);
if (failed > 0) {
  console.log(`${failed} of ${PROJECTS.length} projects failed the typecheck`);
  process.exit(1);
}
