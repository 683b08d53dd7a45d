import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { findViolations } from './boundaries';

const tracked = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', 'apps', 'packages'],
  {
    encoding: 'utf8',
  },
)
  .split('\n')
  // Sources only: build configs (vite.config.ts) run in Node, and tests may reach across to set up. A file
  // deleted but not yet committed is still listed by --cached; it has nothing left to check.
  .filter((path) => /\.(ts|tsx|mts)$/.test(path) && path.includes('/src/') && existsSync(path));

const violations = findViolations(tracked.map((path) => ({ path, source: readFileSync(path, 'utf8') })));
for (const v of violations) console.error(`${v.path}: "${v.specifier}": ${v.rule}`);
if (violations.length > 0) process.exit(1);
console.log(`import boundaries: ${tracked.length} files, no violations`);
