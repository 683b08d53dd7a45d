import { z } from 'zod';
import { RecordId, Timestamp } from './common';
import { jsonFieldProblem } from './input';
import { MUTATION_ACTIONS, type MutationAction, MutationIgnoreRules } from './mutation';
import {
  Capability,
  ReasoningLevelSchema,
  SIM_TYPES,
  SimType,
  SimulatorStatus,
  Skill,
  TestCaseScoringType,
} from './vocabulary';

/** Port a proxy simulator listens on when the Create Simulator dialog leaves it empty (001 §5). */
export const DEFAULT_PROXY_PORT = 3000;

/** Generated job name: the simulator name stripped of non-alphanumerics, uppercased, plus "Job" (001 §9). */
export function jobNameFor(simulatorName: string): string {
  return `${simulatorName.replace(/[^a-zA-Z0-9]/g, '').toUpperCase()}Job`;
}

export const SimulatorAuthentication = z.object({ user: z.string(), password: z.string() });

/**
 * A simulator's configuration object (001 §3). Known keys are typed; other keys are kept as given
 * (proxy settings, replay sessions, per-simulator options), since the editor edits the object as JSON.
 */
export const SimulatorConfig = z.looseObject({
  status: SimulatorStatus.optional(),
  /** Admin only; stripped for others. */
  assigned_user_id: RecordId.nullable().optional(),
  /** Admin only; stripped for others. */
  notes: z.string().nullable().optional(),
  license: z.string().nullable().optional(),
  authentication: SimulatorAuthentication.optional(),
  title: z.string().optional(),
  type: z.string().optional(),
  host: z.string().optional(),
  port: z.number().int().optional(),
  replay_sessions: z.array(z.unknown()).optional(),
  /** Which mutations count for scoring; absent rules ignore nothing. */
  ...MutationIgnoreRules.partial().shape,
});
export type SimulatorConfig = z.infer<typeof SimulatorConfig>;

export const SimulatorVersion = z.object({
  version: z.string(),
  tag: z.string().nullable(),
  description: z.string(),
  publishedDate: Timestamp,
});

/** What a recorded version was made from, as registration keeps it with the version (not shown by the API). */
export const SimulatorVersionDetails = z.object({
  author_version: z.string().nullable().optional(),
  data_fingerprint: z.string().nullable().optional(),
  test_case_keys: z.array(z.string()).optional(),
});
export type SimulatorVersionDetails = z.infer<typeof SimulatorVersionDetails>;

export const Simulator = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  imgUrl: z.string().nullable(),
  enabled: z.boolean(),
  jobName: z.string().nullable(),
  internalAppPort: z.number().int().nullable(),
  simType: SimType,
  builtIn: z.boolean(),
  config: SimulatorConfig,
  /** Test cases of this simulator the caller can see (the count on the detail header). */
  test_count: z.number().int(),
  test_count_with_scoring_configs: z.number().int(),
  /** Number of sessions (as a string key) → number of test cases with that many sessions. */
  num_sessions_breakdown: z.record(z.string(), z.number().int()),
  /** Latest first. */
  versions: z.array(SimulatorVersion),
});
export type Simulator = z.infer<typeof Simulator>;

export const SimulatorsResponse = z.object({ simulators: z.array(Simulator) });
export const SimulatorResponse = z.object({ simulator: Simulator });

/** A simulator by its name (as in /simulators/{name}) or its numeric id. */
export const SimulatorRefParam = z.object({ nameOrId: z.string().trim().min(1).max(200) });

const OptionalText = z.string().trim().max(2000).nullable().optional();
/** The dialog sends the port as typed; it is parsed as an integer (001 §5). */
const Port = z.coerce
  .number({ error: 'Port must be a whole number' })
  .int({ error: 'Port must be a whole number' })
  .min(1, { error: 'Port must be between 1 and 65535' })
  .max(65535, { error: 'Port must be between 1 and 65535' });

/** An empty port means none. */
const PortInput = z.preprocess((value) => (value === '' ? null : value), Port.nullable()).optional();

const ConfigInput = z
  .record(z.string(), z.unknown(), { error: 'Configuration must be a JSON object' })
  .superRefine((config, ctx) => {
    const problem = jsonFieldProblem(config);
    if (problem) ctx.addIssue({ code: 'custom', message: `Configuration ${problem}` });
  });

export const CreateSimulatorRequest = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(100)
    .refine((name) => !name.includes('/'), { error: 'Name cannot contain "/"' })
    // GET /api/env/simulators/{nameOrId} reads digits as an id.
    .refine((name) => !/^\d+$/.test(name), { error: 'Name cannot be only digits' }),
  simType: z.enum(SIM_TYPES, {
    error: (issue) =>
      issue.input === undefined ? 'Type is required' : 'Type must be proxy, docker_app or app',
  }),
  description: z.string().trim().max(10_000).optional(),
  url: OptionalText,
  imgUrl: OptionalText,
  enabled: z.boolean().optional(),
  jobName: OptionalText,
  internalAppPort: PortInput,
  config: ConfigInput.optional(),
});
export type CreateSimulatorRequest = z.infer<typeof CreateSimulatorRequest>;

export const UpdateSimulatorRequest = z
  .object({
    name: CreateSimulatorRequest.shape.name.optional(),
    simType: SimType.optional(),
    description: z.string().trim().max(10_000).optional(),
    url: OptionalText,
    imgUrl: OptionalText,
    enabled: z.boolean().optional(),
    jobName: OptionalText,
    /** An empty port is sent as null (001 §4.2). */
    internalAppPort: PortInput,
    /** Merged into the stored config key by key; a key set to null is stored as null. */
    config: ConfigInput.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'Nothing to update' });
export type UpdateSimulatorRequest = z.infer<typeof UpdateSimulatorRequest>;

/**
 * A simulator shipped with Proctor as the server registers it at start (issue 3 item 4): plain data,
 * produced by packages/simulators and validated here, so the server never imports the kit.
 */
/** An expected mutation: at least its action and table; the rest (pk, changes, ...) is kept as given. */
export interface ExpectedMutationShape {
  action: MutationAction;
  table_name: string;
  pk?: string;
  /** The kit's net-effect format: the new row, the changed columns, or the old row. */
  changes?: Record<string, unknown>;
  old?: Record<string, unknown> | null;
  new?: Record<string, unknown> | null;
  /** The other app it is expected in (a test case across apps); absent: the test case's own simulator. */
  simulator?: string;
}
// A custom check rather than a loose object, so the kit's interfaces (no index signature) are accepted as they are.
const ExpectedMutationShape = z.custom<ExpectedMutationShape>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    MUTATION_ACTIONS.includes((value as { action?: unknown }).action as MutationAction) &&
    typeof (value as { table_name?: unknown }).table_name === 'string',
  { error: 'An expected mutation needs an action (INSERT, UPDATE or DELETE) and a table_name' },
);

export const BuiltInTestCaseDefinition = z.object({
  /** Stable within its simulator; renaming it makes a new test case. */
  key: z.string().min(1).max(200),
  name: z.string().min(1),
  prompt: z.string().min(1),
  /** A path on the simulator's origin, e.g. '/orders'. */
  startUrl: z.string(),
  hint: z.string().nullable().optional(),
  description: z.string().optional(),
  scoringTypes: z.array(TestCaseScoringType).min(1),
  metadata: z.object({
    goal_type: z.string().nullable().optional(),
    reasoning_level: ReasoningLevelSchema,
    skills: z.array(Skill),
    capabilities: z.array(Capability),
  }),
  /** State tasks: the mutations the reference solution produces, in the simulator kit's format. */
  expectedMutations: z.array(ExpectedMutationShape).optional(),
  /** Retrieval tasks: the answer, and the schema an answer must follow. */
  expectedOutput: z.unknown().optional(),
  outputSchema: z.record(z.string(), z.unknown()).optional(),
});
export type BuiltInTestCaseDefinition = z.infer<typeof BuiltInTestCaseDefinition>;

export const BuiltInSimulatorDefinition = z.object({
  simulator: z.object({
    /** Unique; used in URLs (/simulators/{name}) and as the registration key. */
    name: z.string().min(1).max(100),
    title: z.string().min(1),
    description: z.string(),
    /** The author's version of the simulator (schema, seed, behaviour), recorded with each registration. */
    version: z.string().optional(),
    /** A fingerprint of the seeded data, when the kit computed one. */
    dataFingerprint: z.string().optional(),
    /** An emoji or an image URL, used for the simulator's dataset. */
    icon: z.string().optional(),
    imgUrl: z.string().nullable().optional(),
    authentication: SimulatorAuthentication.optional(),
    notes: z.string().optional(),
    license: z.string().optional(),
    ...MutationIgnoreRules.partial().shape,
  }),
  testCases: z.array(BuiltInTestCaseDefinition),
});
export type BuiltInSimulatorDefinition = z.input<typeof BuiltInSimulatorDefinition>;

/**
 * A built-in test case across apps (issue 30), as the kit hands it to registration: a built-in test case plus the
 * built-in simulators it spans by name, the primary (where it starts, and the simulator it is stored under) first.
 * Its expected mutations name the other app each is expected in (`simulator`); untagged ones are the primary's.
 */
export const BuiltInCrossAppTestCaseDefinition = BuiltInTestCaseDefinition.extend({
  simulators: z.array(z.string().min(1).max(100)).min(2).max(4),
});
export type BuiltInCrossAppTestCaseDefinition = z.input<typeof BuiltInCrossAppTestCaseDefinition>;
