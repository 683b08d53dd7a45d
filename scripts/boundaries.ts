import { dirname, join, normalize } from 'node:path';

/**
 * The dependency direction of ARCHITECTURE.md §2: web → contracts; server/worker → packages → contracts.
 * No package imports an app; the SPA imports no server code; contracts touch neither Node nor the DOM.
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

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"`]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const CONTRACTS_DEPENDENCIES = new Set(['zod', 're2js']);

function areaOf(path: string): string | null {
  const match = /^(apps|packages)\/([^/]+)\//.exec(path);
  return match ? `${match[1]}/${match[2]}` : null;
}

export function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((m) => (m[1] ?? m[2]) as string);
}

export function findViolations(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    const area = areaOf(file.path);
    if (!area) continue;
    for (const specifier of importsOf(file.source)) {
      const target = specifier.startsWith('.')
        ? areaOf(normalize(join(dirname(file.path), specifier)))
        : null;
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
    }
  }
  return violations;
}
