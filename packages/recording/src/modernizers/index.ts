import type { Modernizer } from './modernizer';
import { modernize_1_to_2 } from './v1ToV2';

/**
 * The modernizers, keyed by the version they read: a recording in version N goes through N, N + 1, … up to
 * the current version, one step at a time (as Playwright's traceModernizer does).
 *
 * To add version 3:
 * 1. copy the version 2 form of every contracts schema you are about to change into `versions/v2.ts`;
 * 2. change the schemas in `@proctor/contracts` and set RECORDING_FORMAT_VERSION = 3 there;
 * 3. write `versions/v3.ts` (its document schema, `version: z.literal(3)`) and point `CurrentDocument` in
 *    `modernize.ts` at it;
 * 4. write `modernizers/v2ToV3.ts` exporting `modernize_2_to_3`, and add `2: modernize_2_to_3` below;
 * 5. add a v2 fixture test next to the v1 one, and a line to the version history in README.md.
 */
export const MODERNIZERS: Readonly<Record<number, Modernizer>> = {
  1: modernize_1_to_2,
};
