import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { hubGitPath } from '@proctor/contracts';
import type { SeedFile } from './hubGit';

/**
 * A built-in simulator's source as a standalone kit project, the first commit of its hub repository: the app's
 * folder (packages/simulators/src/apps/<name>/) under src/, its imports of the kit rewritten to the package
 * import `@proctor/simulators/kit`, plus a package.json, a tsconfig.json and a README.
 */

/** The folder of the built-in simulators' source (packages/simulators/src/apps). */
function appsFolder(): string {
  const entry = createRequire(import.meta.url).resolve('@proctor/simulators');
  return join(dirname(entry), 'apps');
}

/** Whether the simulator of this name ships with Proctor with its source here. */
export function hasBuiltInSource(name: string): boolean {
  return /^[a-z0-9][a-z0-9-]*$/.test(name) && existsSync(join(appsFolder(), name, 'index.ts'));
}

/** The kit as a relative import from inside the app's folder (`../../kit`, `../../../kit`...). */
const KIT_IMPORT = /(['"])(?:\.\.\/)+kit\1/g;

async function filesUnder(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(full)));
    else if (entry.isFile()) found.push(full);
  }
  return found.sort();
}

const text = (value: string) => new TextEncoder().encode(value);

export async function builtInSeed(
  name: string,
  clone: { owner: string; publicUrl: string; repository: string },
): Promise<SeedFile[]> {
  const folder = join(appsFolder(), name);
  const files: SeedFile[] = [];
  for (const path of await filesUnder(folder)) {
    const inside = relative(folder, path).split(sep).join('/');
    let content: Uint8Array = await readFile(path);
    if (/\.(ts|tsx|js|mjs)$/.test(inside) && !inside.startsWith('assets/')) {
      const source = new TextDecoder().decode(content);
      content = text(
        source.replace(KIT_IMPORT, (_match, quote: string) => `${quote}@proctor/simulators/kit${quote}`),
      );
    }
    files.push({ path: `src/${inside}`, content });
  }
  const packageJson = {
    name: `${name}-simulator`,
    version: '0.1.0',
    private: true,
    type: 'module',
    description: `The ${name} simulator, built with the Proctor simulator kit`,
    exports: { '.': './src/index.ts' },
    dependencies: { '@proctor/simulators': '0.1.0' },
    devDependencies: { typescript: '*' },
  };
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      lib: ['ES2023'],
    },
    include: ['src'],
  };
  const cloneUrl = `${clone.publicUrl}${hubGitPath(clone.owner, clone.repository)}`;
  const readme = `# ${name} simulator

The source of Proctor's built-in **${name}** simulator, as a project of its own: change it, push it, and the
hub keeps its history.

## Clone

\`\`\`sh
proctor hub clone ${name}
# or with git itself (the user name and password are under "Git credentials" on the Hub page):
git clone ${cloneUrl}
\`\`\`

## Try it before you push

\`\`\`sh
proctor hub sandbox          # serves this working tree at http://${name}.sandbox.localhost:4300/, printing mutations
proctor hub sandbox --prove  # every test case: its reference solution must pass and its wrong variant fail
\`\`\`

The \`proctor\` command runs the sandbox from a Proctor checkout (it needs the kit's source); see its README.

## What is here

- \`src/index.ts\`: the simulator's definition (\`defineSimulator\`): its name, schema, seed, routes, test cases.
- \`src/\`: the rest of the app (routes, views, seed data, assets, test cases), as in Proctor's own source.
  Imports of the kit use the package \`@proctor/simulators/kit\` instead of a relative path.
- \`package.json\`, \`tsconfig.json\`: the project, depending on \`@proctor/simulators\`.

Pushing needs an admin or the \`create_simulator\` permission; a push over the hub's limit (100 MB by default) is
refused. A push to \`main\` is built and proven as the sandbox's \`--prove\` does, in Proctor's sandbox; a proven
version can be started with make2's \`env_config.version\` (its hash) and, once registered, as \`prod-latest\`.
`;
  files.push(
    { path: 'package.json', content: text(`${JSON.stringify(packageJson, null, 2)}\n`) },
    { path: 'tsconfig.json', content: text(`${JSON.stringify(tsconfig, null, 2)}\n`) },
    { path: 'README.md', content: text(readme) },
  );
  return files;
}
