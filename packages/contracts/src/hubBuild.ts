import { z } from 'zod';

/**
 * Versions built from hub pushes (issue 28, item 4). A push that moves a simulator repository's default branch
 * becomes a version row (`simulator_versions`, status `building`), and a job builds it in the git-container
 * agents' sandbox: the pushed tree is bundled with the simulator kit, seeded, and every test case proven in
 * Chromium (the reference satisfies it, the wrong variant does not). The build program inside the sandbox speaks
 * to the server only through these events, one JSON object a line on its standard output.
 */

export const HUB_BUILD_STATUSES = ['building', 'proven', 'failed'] as const;
export type HubBuildStatus = (typeof HUB_BUILD_STATUSES)[number];

export const HubBuildEvent = z.discriminatedUnion('type', [
  /** A line for the version's log (bundling, seeding, Chromium's start, a case's explanation). */
  z.object({ type: z.literal('log'), line: z.string() }),
  /** One run of one test case: `passed` means the variant behaved as it must (solve satisfied, wrong did not). */
  z.object({
    type: z.literal('case'),
    key: z.string(),
    variant: z.enum(['solve', 'wrong']),
    passed: z.boolean(),
    explanation: z.string(),
    durationMs: z.number(),
  }),
  /** The last event: proven only when the tree bundled, seeded and every run of every test case passed. */
  z.object({
    type: z.literal('result'),
    status: z.enum(['proven', 'failed']),
    /** Why it failed, readable (the first problem); null when proven. */
    reason: z.string().nullable(),
    /** The simulator's name as the pushed definition says; null when it did not load. */
    simulator: z.string().nullable(),
    /** The seed snapshot's content hash (sha256, 16 hex digits); null when seeding did not run. */
    dataset: z.string().nullable(),
    testCases: z.number().int().nonnegative(),
  }),
]);
export type HubBuildEvent = z.infer<typeof HubBuildEvent>;
export type HubBuildResult = Extract<HubBuildEvent, { type: 'result' }>;
