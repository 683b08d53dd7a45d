import type { Simulator } from '@proctor/contracts';

/** The environment list's order (000 §2.8): enabled simulators first, then by name. */
export function environmentListOrder<S extends Pick<Simulator, 'name' | 'enabled'>>(simulators: S[]): S[] {
  return [...simulators].sort(
    (a, b) => Number(b.enabled) - Number(a.enabled) || a.name.localeCompare(b.name, 'en'),
  );
}
