import type { Modernizer } from './modernizer';
import { modernize_1_to_2 } from './v1ToV2';

/**
 * The modernizers, keyed by the version they read: a recording in version N goes through N, N + 1, … up to
 * the current version, one step at a time (as Playwright's traceModernizer does). To add a version, follow
 * "Adding a version" in the package README.
 */
export const MODERNIZERS: Readonly<Record<number, Modernizer>> = {
  1: modernize_1_to_2,
};
