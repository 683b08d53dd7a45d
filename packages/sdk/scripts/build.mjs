// Builds what users install: dist/ (ES modules and declarations) and proctor-sdk.tgz, the package as
// `npm install <Proctor>/sdk/proctor-sdk.tgz` fetches it from the server.
import { execFileSync } from 'node:child_process';
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const tarball = join(root, 'proctor-sdk.tgz');

rmSync(join(root, 'dist'), { recursive: true, force: true });
rmSync(tarball, { force: true });

const require = createRequire(import.meta.url);
const typescript = require.resolve('typescript/package.json');
const tsc = join(dirname(typescript), JSON.parse(readFileSync(typescript, 'utf8')).bin.tsc);
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });

// npm names the file after the package and version (proctor-sdk-0.1.0.tgz); the server serves one fixed name.
const packed = JSON.parse(
  execFileSync('npm', ['pack', '--json', '--pack-destination', root], { cwd: root, encoding: 'utf8' }),
);
renameSync(join(root, packed[0].filename), tarball);
console.log(`packed ${packed[0].entryCount} files into ${tarball}`);
