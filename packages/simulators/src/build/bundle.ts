import { cp, lstat, mkdir, readFile, realpath, stat } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { extname, isAbsolute, join, relative, sep } from 'node:path';
import { build, type Loader, type Plugin } from 'esbuild';
import { EXTERNALS_FOLDER, PROJECT_TREE_FOLDER, SIMULATOR_BUNDLE_FILE } from './output';

/**
 * Bundles a simulator pushed to the hub (a kit project: `src/index.ts` defining it with `defineSimulator`) into one
 * ES module. The project's own files go into the bundle; the kit (and the few packages beside it a simulator may use)
 * stay imports of `./externals/*.mjs`, which `importSimulatorBundle` links to the Proctor that loads it, so that
 * the simulator and the platform share one kit. Anything else that resolves outside the project is refused: a
 * bundle must not carry a host's files.
 */

/** The project's entry: its definition. */
export const SIMULATOR_ENTRY = 'src/index.ts';

/** Packages a simulator may import besides its own files and Node's built-in modules; `cjs` ones have a default. */
export const BUNDLE_EXTERNALS = {
  '@proctor/simulators/kit': { shim: 'kit.mjs', cjs: false },
  'playwright-core': { shim: 'playwright-core.mjs', cjs: true },
  'better-sqlite3': { shim: 'better-sqlite3.mjs', cjs: true },
} as const;
export type BundleExternal = keyof typeof BUNDLE_EXTERNALS;

/** A build that cannot be made from the project as it is: the message says why, for the project's author. */
export class SimulatorBuildError extends Error {
  override readonly name = 'SimulatorBuildError';
}

export interface BundleResult {
  /** The bundle's absolute path (`<out>/simulator.mjs`). */
  file: string;
  bytes: number;
}

/** Folders of the project never copied: its history and installed packages are not the simulator. */
const NOT_COPIED = new Set(['.git', 'node_modules']);

const LOADERS: Record<string, Loader> = {
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.jsx': 'jsx',
};

const isInside = (folder: string, path: string) => {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

const isBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!);

/** The plugin that keeps the bundle to the project, the kit and Node, and gives each file its own import.meta.url. */
function projectOnly(project: string): Plugin {
  return {
    name: 'proctor-project-only',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === 'resolving' || args.kind === 'entry-point') return undefined;
        const external = BUNDLE_EXTERNALS[args.path as BundleExternal];
        if (external) return { path: `./${EXTERNALS_FOLDER}/${external.shim}`, external: true };
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        const where = `${relative(project, args.importer)} imports "${args.path}"`;
        if (args.path.startsWith('@proctor/'))
          return {
            errors: [
              { text: `${where}: of Proctor's packages a simulator may import only @proctor/simulators/kit` },
            ],
          };
        const resolved = await builder.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'resolving',
        });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        if (resolved.external || !isAbsolute(resolved.path)) return resolved;
        // esbuild follows symbolic links, so a link out of the project lands outside and is refused too.
        if (!isInside(project, await realpath(resolved.path)))
          return {
            errors: [
              {
                text: `${where}, which is outside the repository: a simulator may import its own files, ${Object.keys(BUNDLE_EXTERNALS).join(', ')} and Node's built-in modules`,
              },
            ],
          };
        return resolved;
      });
      // The bundle is one file, so each module's import.meta.url becomes its own file's place in the copied tree:
      // `new URL('./assets/', import.meta.url)` then names the copied assets.
      builder.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        const loader = LOADERS[extname(args.path)];
        if (!loader || !isInside(project, args.path)) return undefined;
        const inTree = `./${PROJECT_TREE_FOLDER}/${relative(project, args.path).split(sep).join('/')}`;
        const source = await readFile(args.path, 'utf8');
        return {
          contents: source.replace(
            /\bimport\.meta\.url\b/g,
            `new URL(${JSON.stringify(inTree)}, import.meta.url).href`,
          ),
          loader,
        };
      });
    },
  };
}

/** Copies the project's regular files and folders (no links: a link could name a host file) into `target`. */
async function copyTree(project: string, target: string): Promise<void> {
  await cp(project, target, {
    recursive: true,
    filter: async (source) => {
      if (source === project) return true;
      if (NOT_COPIED.has(relative(project, source).split(sep)[0]!)) return false;
      const entry = await lstat(source);
      return entry.isFile() || entry.isDirectory();
    },
  });
}

/**
 * Bundles the project at `checkout` into `out` (made if missing): `out/simulator.mjs` and `out/tree/` (the project's
 * files). Throws SimulatorBuildError when the project has no entry, does not compile, or imports what it may not.
 */
export async function bundleSimulator(checkout: string, out: string): Promise<BundleResult> {
  const project = await realpath(checkout);
  const entry = join(project, SIMULATOR_ENTRY);
  if (!(await stat(entry).catch(() => undefined))?.isFile())
    throw new SimulatorBuildError(
      `the repository has no ${SIMULATOR_ENTRY}: a simulator's entry exports its definition (defineSimulator)`,
    );
  await mkdir(out, { recursive: true });
  const file = join(out, SIMULATOR_BUNDLE_FILE);
  try {
    await build({
      entryPoints: [entry],
      absWorkingDir: project,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      outfile: file,
      logLevel: 'silent',
      // The project's own tsconfig may not point the build anywhere (paths, a base URL outside it).
      tsconfigRaw: {},
      plugins: [projectOnly(project)],
    });
  } catch (error) {
    const errors = (
      error as { errors?: { text: string; location?: { file: string; line: number } | null }[] }
    ).errors;
    if (!errors?.length) throw error;
    const first = errors[0]!;
    const at = first.location ? `${first.location.file}:${first.location.line}: ` : '';
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more error(s))` : '';
    throw new SimulatorBuildError(`the simulator did not bundle: ${at}${first.text}${more}`);
  }
  await copyTree(project, join(out, PROJECT_TREE_FOLDER));
  return { file, bytes: (await stat(file)).size };
}
