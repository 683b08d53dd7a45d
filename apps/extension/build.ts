import { cp, mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * Builds the Chrome extension into apps/extension/dist (load it unpacked from there): its scripts bundled with
 * esbuild, its manifest and options page copied as they are.
 */
const root = dirname(fileURLToPath(import.meta.url));
export const EXTENSION_DIST = join(root, 'dist');

const contracts = join(root, '..', '..', 'packages', 'contracts', 'src');

/**
 * The contracts' modules only declare schemas and constants: marked free of side effects, a script keeps what it
 * uses of them (a content script's few constants, not every schema of the API).
 */
const contractsWithoutSideEffects: Plugin = {
  name: 'contracts-without-side-effects',
  setup(extension) {
    extension.onResolve({ filter: /^(@proctor\/contracts$|\.\/)/ }, (args) => {
      if (args.path === '@proctor/contracts')
        return { path: join(contracts, 'index.ts'), sideEffects: false };
      if (!args.importer.startsWith(contracts)) return undefined;
      return { path: join(dirname(args.importer), `${args.path}.ts`), sideEffects: false };
    });
  },
};

export async function buildExtension(outdir = EXTENSION_DIST): Promise<string> {
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  await build({
    entryPoints: ['background', 'bridge', 'recorder', 'options'].map((name) =>
      join(root, 'src', `${name}.ts`),
    ),
    outdir,
    bundle: true,
    format: 'esm',
    target: 'chrome116',
    minify: true,
    logLevel: 'warning',
    plugins: [contractsWithoutSideEffects],
  });
  await cp(join(root, 'static'), outdir, { recursive: true });
  return outdir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outdir = await buildExtension(process.argv[2]);
  console.log(`extension built in ${outdir}`);
}
