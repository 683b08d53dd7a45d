import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path/posix';
import { findCycles, findViolations, type Workspace } from './boundaries';

const tracked = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', 'apps', 'packages'],
  {
    encoding: 'utf8',
  },
).split('\n');

// Sources only: build configs (vite.config.ts) run in Node, and tests may reach across to set up. A file
// deleted but not yet committed is still listed by --cached; it has nothing left to check.
const sources = tracked.filter(
  (path) => /\.(ts|tsx|mts)$/.test(path) && path.includes('/src/') && existsSync(path),
);
const files = sources.map((path) => ({ path, source: readFileSync(path, 'utf8') }));

// `@proctor/<name>[/<entry>]` imports resolve through each workspace's package.json `exports`.
const workspaces: Workspace[] = tracked
  .filter((path) => /^(apps|packages)\/[^/]+\/package\.json$/.test(path) && existsSync(path))
  .map((path) => {
    const manifest = JSON.parse(readFileSync(path, 'utf8')) as { name: string; exports?: unknown };
    const exports = typeof manifest.exports === 'object' && manifest.exports !== null ? manifest.exports : {};
    const entries = Object.entries(exports).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    );
    return { name: manifest.name, dir: dirname(path), exports: Object.fromEntries(entries) };
  });

const violations = findViolations(files);
for (const v of violations) console.error(`${v.path}: "${v.specifier}": ${v.rule}`);
const cycles = findCycles(files, workspaces);
for (const cycle of cycles)
  console.error(`import cycle of ${cycle.files.length} files: ${cycle.loop.join(' → ')}`);
if (violations.length > 0 || cycles.length > 0) process.exit(1);
console.log(`import boundaries: ${sources.length} files, no violations, no cycles`);
