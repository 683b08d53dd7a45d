#!/usr/bin/env node
// The `proctor` command (package.json `bin`). In a Proctor checkout it runs the TypeScript source through tsx, so
// `npx proctor` works right after `npm ci` and never runs an older build; the published package, which holds no
// source, runs its built dist/.
import { existsSync } from 'node:fs';

const source = new URL('../src/cli/main.ts', import.meta.url);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  await import(new URL('../dist/cli/main.js', import.meta.url).href);
}
