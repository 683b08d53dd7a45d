import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineSimulator, type SimulatorDefinition } from '../definition';
import { BUNDLE_EXTERNALS, type BundleExternal, SimulatorBuildError } from './bundle';
import { EXTERNALS_FOLDER, SIMULATOR_BUNDLE_FILE } from './output';

/** Where this Proctor's copy of each package a bundle may import is. */
function externalUrl(name: BundleExternal): string {
  // The kit's own source, the very module the platform imports: one kit, one SafeHtml, one cache of prepared seeds.
  if (name === '@proctor/simulators/kit') return new URL('../kit.ts', import.meta.url).href;
  return pathToFileURL(createRequire(import.meta.url).resolve(name)).href;
}

/** Writes `<out>/externals/*.mjs`, each re-exporting this Proctor's copy of a package, where they differ. */
async function linkExternals(out: string): Promise<void> {
  const folder = join(out, EXTERNALS_FOLDER);
  await mkdir(folder, { recursive: true });
  for (const [name, { shim, cjs }] of Object.entries(BUNDLE_EXTERNALS)) {
    const url = JSON.stringify(externalUrl(name as BundleExternal));
    const text = `export * from ${url};\n${cjs ? `export { default } from ${url};\n` : ''}`;
    const path = join(folder, shim);
    if ((await readFile(path, 'utf8').catch(() => undefined)) !== text) await writeFile(path, text);
  }
}

/**
 * Imports a bundle made by bundleSimulator (`<out>/simulator.mjs`), its imports of the kit linked to this Proctor's,
 * and returns its definition (findSimulatorDefinition). The definition's checks run as it loads: their error says
 * what is wrong.
 */
export async function importSimulatorBundle(out: string): Promise<SimulatorDefinition> {
  await linkExternals(out);
  const module = (await import(pathToFileURL(join(out, SIMULATOR_BUNDLE_FILE)).href)) as Record<
    string,
    unknown
  >;
  return findSimulatorDefinition(module);
}

/** Whether a value has the shape defineSimulator gives a definition. */
function looksLikeDefinition(value: unknown): value is SimulatorDefinition {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<SimulatorDefinition>;
  return (
    typeof candidate.name === 'string' &&
    typeof candidate.schema === 'string' &&
    typeof candidate.seed === 'function' &&
    typeof candidate.routes === 'function' &&
    Array.isArray(candidate.testCases)
  );
}

/**
 * The simulator an entry module defines: its default export, else its one exported definition. Passed through
 * defineSimulator again, so that a definition made by hand meets the kit's rules as one made by the kit does.
 */
export function findSimulatorDefinition(module: Record<string, unknown>): SimulatorDefinition {
  let found: SimulatorDefinition;
  if (looksLikeDefinition(module.default)) found = module.default;
  else {
    const named = Object.entries(module).filter(([, value]) => looksLikeDefinition(value));
    if (named.length !== 1)
      throw new SimulatorBuildError(
        named.length === 0
          ? 'src/index.ts exports no simulator: export the definition defineSimulator returns (as the default export, or the only one)'
          : `src/index.ts exports ${named.length} simulators (${named.map(([name]) => name).join(', ')}): make one of them the default export`,
      );
    found = named[0]![1] as SimulatorDefinition;
  }
  return defineSimulator(found);
}
