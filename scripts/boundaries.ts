import { dirname, join, normalize } from 'node:path/posix';

/**
 * The dependency direction of ARCHITECTURE.md §2: web → contracts; server/worker → packages → contracts.
 * No package imports an app; the SPA imports no server code; contracts touch neither Node nor the DOM.
 *
 * The checks read import specifiers with a regular expression, not dependency-cruiser: it parses TypeScript through
 * the `typescript` package's JavaScript API (versions below 7), which TypeScript 7, this repo's native compiler,
 * no longer ships; tried here, its last release for Node 20 found 0 of our .ts files. Specifiers are enough.
 */
export interface SourceFile {
  /** Path relative to the repository root, with forward slashes. */
  path: string;
  source: string;
}

export interface Violation {
  path: string;
  specifier: string;
  rule: string;
}

/** A workspace as its package.json names it: `exports` maps subpaths ('.', './reference') to files in `dir`. */
export interface Workspace {
  name: string;
  dir: string;
  exports: Record<string, string>;
}

/** A strongly connected group of files, sorted, and one loop through them in import order. */
export interface Cycle {
  files: string[];
  loop: string[];
}

// `import … from`, `export … from` (type-only included), side-effect imports and `import('…')` (also in types).
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"`]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const CONTRACTS_DEPENDENCIES = new Set(['zod', 're2js']);

/**
 * The server's layers, bottom up (docs/architecture.md, "Layers"): a folder (or entry file) of apps/server/src
 * imports only from folders of lower layers. Folders on one layer never import each other: services and
 * presenters stay apart, as do routes and job processors.
 */
export const SERVER_LAYERS: readonly (readonly string[])[] = [
  ['kernel'],
  ['repositories'],
  ['auth', 'scoring', 'agents'],
  ['environments'],
  ['services', 'presenters'],
  ['routes', 'jobs'],
  ['app'],
  ['main.ts', 'worker.ts', 'index.ts'],
];

const SERVER_SOURCES = 'apps/server/src/';

/** The folder or entry file of apps/server/src a path is in, and its layer (0 at the bottom); null elsewhere. */
export function serverRoomOf(path: string): { room: string; layer: number } | null {
  if (!path.startsWith(SERVER_SOURCES)) return null;
  const segments = path.slice(SERVER_SOURCES.length).split('/');
  // An entry file is named without its extension by the files that import it.
  const room =
    segments.length === 1 ? (segments[0] as string).replace(/(\.tsx?)?$/, '.ts') : (segments[0] as string);
  const layer = SERVER_LAYERS.findIndex((rooms) => rooms.includes(room));
  return { room, layer };
}

// What server code outside repositories/ may take from @proctor/db as values: opening the database and making ids.
const DATABASE_VALUES_OUTSIDE_REPOSITORIES = new Set([
  'openDatabase',
  'dumpMigratedPglite',
  'newPublicId',
  'newSecret',
]);

/** The value names (not `type` ones) an import statement of `specifier` brings in; null for `import *`/default. */
function importedValues(source: string, specifier: string): string[][] {
  const statements = source.matchAll(/(?:^|\n)\s*import\s+(?!type\s)([^'"`;]*?)\s+from\s*['"]([^'"]+)['"]/g);
  const lists: string[][] = [];
  for (const [, clause, from] of statements) {
    if (from !== specifier) continue;
    const named = /\{([^}]*)\}/.exec(clause as string);
    const others = (clause as string)
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, ' ')
      .trim();
    const names = named
      ? (named[1] as string)
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type '))
      : [];
    lists.push(others ? [...names, others] : names.map((name) => name.split(/\s+as\s+/)[0] as string));
  }
  return lists;
}

function areaOf(path: string): string | null {
  const match = /^(apps|packages)\/([^/]+)\//.exec(path);
  return match ? `${match[1]}/${match[2]}` : null;
}

/** Inside a `testing/` folder of a workspace's sources: code for tests, free to import testing entries. */
function inTestingFolder(path: string): boolean {
  return /^(apps|packages)\/[^/]+\/src\/(.+\/)?testing\//.test(path);
}

/**
 * A package's test-only entry: `@proctor/<pkg>/testing`, or its testing/index.ts by a relative path. What product
 * code needs of the files beside it has a product entry (the kit's reference runner: @proctor/simulators/reference).
 */
function isTestingEntry(specifier: string, targetPath: string | null): boolean {
  if (/^@proctor\/[^/]+\/testing(\/|$)/.test(specifier)) return true;
  return targetPath !== null && /\/src\/(.+\/)?testing(\/index(\.tsx?)?)?$/.test(targetPath);
}

/** The feature folder a web file belongs to (`apps/web/src/features/runs`), and the rest of its path. */
function webFeatureOf(path: string): { feature: string; rest: string } | null {
  const match = /^(apps\/web\/src\/features\/[^/]+)(?:\/(.*))?$/.exec(path);
  return match ? { feature: match[1] as string, rest: match[2] ?? '' } : null;
}

export function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((m) => (m[1] ?? m[2] ?? m[3]) as string);
}

export function findViolations(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    const area = areaOf(file.path);
    if (!area) continue;
    const product = file.path.startsWith(`${area}/src/`) && !inTestingFolder(file.path);
    const ownFeature = webFeatureOf(file.path)?.feature;
    for (const specifier of importsOf(file.source)) {
      const targetPath = specifier.startsWith('.') ? normalize(join(dirname(file.path), specifier)) : null;
      const target = targetPath ? areaOf(`${targetPath}/`) : null;
      const workspace = /^@proctor\/([^/]+)/.exec(specifier)?.[1];
      const add = (rule: string) => violations.push({ path: file.path, specifier, rule });

      if (target && target !== area)
        add('relative imports must not leave their workspace; import the package by name');
      if (area === 'apps/web' && workspace && workspace !== 'contracts')
        add('the SPA imports only @proctor/contracts');
      if (area === 'apps/web' && specifier.startsWith('node:'))
        add('the SPA runs in the browser: no node: modules');
      if (area.startsWith('packages/') && workspace && ['server', 'web', 'worker'].includes(workspace))
        add('packages never import apps');
      if (area === 'packages/contracts') {
        if (workspace) add('contracts depend on nothing else of Proctor');
        if (specifier.startsWith('node:')) add('contracts must not touch Node');
        // zod for the schemas, re2js for the linear-time patterns they check: both plain JavaScript.
        if (!specifier.startsWith('.') && !workspace && !CONTRACTS_DEPENDENCIES.has(specifier))
          add('contracts depend only on zod and re2js');
      }
      if (product && isTestingEntry(specifier, targetPath))
        add('product code never imports a testing entry: it is for tests');
      const from = serverRoomOf(file.path);
      const to = targetPath
        ? serverRoomOf(targetPath.endsWith('.ts') ? targetPath : `${targetPath}.ts`)
        : null;
      if (from && to && from.room !== to.room) {
        if (from.layer < 0) add(`${from.room} has no layer: add it to SERVER_LAYERS (scripts/boundaries.ts)`);
        else if (to.layer < 0)
          add(`${to.room} has no layer: add it to SERVER_LAYERS (scripts/boundaries.ts)`);
        else if (to.layer >= from.layer)
          add(
            `${from.room} (layer ${from.layer + 1}) must not import ${to.room} (layer ${to.layer + 1}): layers import downwards only`,
          );
      }
      if (from && from.room !== 'repositories' && from.room !== 'app' && specifier.startsWith('drizzle-orm'))
        add('only repositories/ write SQL: ask a repository');
      if (from && from.room !== 'repositories' && specifier === '@proctor/db') {
        const values = importedValues(file.source, specifier).flat();
        if (values.some((name) => !DATABASE_VALUES_OUTSIDE_REPOSITORIES.has(name)))
          add('only repositories/ use the tables: ask a repository (types may be imported anywhere)');
      }
      const feature = targetPath ? webFeatureOf(targetPath) : null;
      if (feature && feature.feature !== ownFeature && !/^(index(\.tsx?)?)?$/.test(feature.rest))
        add('a web feature is reached from outside only through its index.ts');
    }
  }
  return violations;
}

const EXTENSIONS = ['.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'];

/** The file a specifier names, when it is one of `files`: relative paths and workspace packages by name. */
export function resolveImport(
  from: string,
  specifier: string,
  files: ReadonlySet<string>,
  workspaces: readonly Workspace[],
): string | null {
  let base: string;
  if (specifier.startsWith('.')) {
    base = normalize(join(dirname(from), specifier));
  } else {
    const workspace = workspaces.find((w) => specifier === w.name || specifier.startsWith(`${w.name}/`));
    const entry = workspace?.exports[`.${specifier.slice(workspace.name.length)}`];
    if (!workspace || !entry) return null;
    base = normalize(join(workspace.dir, entry));
  }
  // ESM-style specifiers name the emitted .js file of a .ts source.
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx')];
  candidates.push(...EXTENSIONS.map((extension) => base + extension));
  return candidates.find((candidate) => files.has(candidate)) ?? null;
}

/** Every import cycle (type-only imports included): Tarjan's strongly connected components of the import graph. */
export function findCycles(files: SourceFile[], workspaces: readonly Workspace[]): Cycle[] {
  const paths = new Set(files.map((file) => file.path));
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets = importsOf(file.source).map((specifier) =>
      resolveImport(file.path, specifier, paths, workspaces),
    );
    edges.set(file.path, [...new Set(targets.filter((target): target is string => target !== null))].sort());
  }

  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string) => {
    index.set(node, index.size);
    lowLink.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        lowLink.set(node, Math.min(lowLink.get(node) as number, lowLink.get(next) as number));
      } else if (onStack.has(next)) {
        lowLink.set(node, Math.min(lowLink.get(node) as number, index.get(next) as number));
      }
    }
    if (lowLink.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || edges.get(node)?.includes(node)) components.push(component.sort());
  };
  for (const path of [...paths].sort()) if (!index.has(path)) connect(path);

  return components.map((component) => ({ files: component, loop: loopThrough(component, edges) }));
}

/** The shortest loop from the component's first file back to itself, staying inside the component. */
function loopThrough(component: string[], edges: Map<string, string[]>): string[] {
  const start = component[0] as string;
  const inside = new Set(component);
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i] as string;
    for (const next of edges.get(node) ?? []) {
      if (!inside.has(next)) continue;
      if (next === start) {
        const loop = [start];
        for (let at: string | undefined = node; at !== start && at; at = previous.get(at))
          loop.splice(1, 0, at);
        return [...loop, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
