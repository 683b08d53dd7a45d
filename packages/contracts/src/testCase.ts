import { z } from 'zod';
import {
  PageNumber,
  Pagination,
  pageSizeInUrl,
  QueryBoolean,
  QueryText,
  RecordId,
  RecordIdInUrl,
  Timestamp,
} from './common';
import { PAGE_SIZE } from './constants';
import { ENVIRONMENT } from './environment';
import { jsonFieldProblem } from './input';
import { linearPatternProblem } from './linearRegExp';
import {
  Capability,
  REASONING_LEVELS,
  type ReasoningLevel,
  ReasoningLevelSchema,
  Skill,
  TestCaseScoringType,
} from './vocabulary';

/** Largest page of test cases: the simulator detail and editor fetch all of a simulator's at once (001 §9). */
export const MAX_TEST_CASE_PAGE_SIZE = PAGE_SIZE.simulatorTestCases;
export const BLANK_TEST_CASE_PROMPT = 'This is a blank test case.';
export const BLANK_TEST_CASE_MAX = 100;
export const blankTestCaseName = (n: number) => `blank_test_${n}`;
/** The output schema of a new test case: an object with no properties and no others allowed (001 §3). */
export const defaultOutputSchema = () => ({ type: 'object', properties: {}, additionalProperties: false });

export const INVALID_OUTPUT_SCHEMA = 'Invalid JSON in output schema';
export const INVALID_CORRECT_OUTPUTS = 'Invalid JSON in correct outputs';
export const INVALID_SCORING_CONFIG = 'Invalid JSON in scoring config';

const JSON_SCHEMA_TYPES = ['object', 'array', 'string', 'number', 'integer', 'boolean', 'null'];
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords whose value is one subschema, a map of them, or a list of them (JSON Schema draft-07 and 2020-12). */
const SUBSCHEMA_KEYWORDS = [
  'additionalItems',
  'additionalProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
];
const SUBSCHEMA_MAP_KEYWORDS = [
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependentSchemas',
];
const SUBSCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

/** A nested schema may also be `true` (anything) or `false` (nothing). */
const subschemaProblem = (schema: unknown, path: string) =>
  typeof schema === 'boolean' ? null : outputSchemaProblem(schema, path);

/** Schema patterns are validated as JSON Schema says: ECMAScript with the unicode flag, here run by RE2. */
const schemaPatternProblem = (pattern: string) => linearPatternProblem(pattern, { unicode: true });

/**
 * What is wrong with an output schema, or null when it is a JSON object describing a schema. A light
 * structural check of the keywords the output check uses (type, properties, required, items, enum,
 * lengths and ranges), not a full JSON Schema validator; every nested schema is walked, so that each
 * `pattern` and `patternProperties` key is one the linear-time engine runs (`linearRegExp`).
 */
export function outputSchemaProblem(schema: unknown, path = 'schema'): string | null {
  if (!isPlainObject(schema)) return `${path} must be a JSON object describing a schema`;
  const { type, required, items, enum: allowed, dependencies } = schema;
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    const unknown = types.find((t) => typeof t !== 'string' || !JSON_SCHEMA_TYPES.includes(t));
    if (types.length === 0 || unknown !== undefined)
      return `${path}.type must be one of ${JSON_SCHEMA_TYPES.join(', ')}`;
  }
  for (const keyword of SUBSCHEMA_MAP_KEYWORDS) {
    const map = schema[keyword];
    if (map === undefined) continue;
    if (!isPlainObject(map)) return `${path}.${keyword} must be an object`;
    for (const [name, subschema] of Object.entries(map)) {
      if (keyword === 'patternProperties') {
        const where = `${path}.patternProperties[${JSON.stringify(name)}]`;
        const problem = schemaPatternProblem(name);
        if (problem) return `${where} ${problem}`;
        const nested = subschemaProblem(subschema, where);
        if (nested) return nested;
      } else {
        const problem = subschemaProblem(subschema, `${path}.${keyword}.${name}`);
        if (problem) return problem;
      }
    }
  }
  for (const keyword of SUBSCHEMA_LIST_KEYWORDS) {
    const list = schema[keyword];
    if (list === undefined) continue;
    if (!Array.isArray(list)) return `${path}.${keyword} must be a list of schemas`;
    for (const [index, subschema] of list.entries()) {
      const problem = subschemaProblem(subschema, `${path}.${keyword}.${index}`);
      if (problem) return problem;
    }
  }
  for (const keyword of SUBSCHEMA_KEYWORDS) {
    if (schema[keyword] === undefined) continue;
    const problem = subschemaProblem(schema[keyword], `${path}.${keyword}`);
    if (problem) return problem;
  }
  if (required !== undefined && (!Array.isArray(required) || required.some((r) => typeof r !== 'string')))
    return `${path}.required must be a list of property names`;
  if (items !== undefined) {
    // draft-07 also takes a list of schemas, one for each position.
    const problem = Array.isArray(items)
      ? (items.map((item, index) => subschemaProblem(item, `${path}.items.${index}`)).find(Boolean) ?? null)
      : subschemaProblem(items, `${path}.items`);
    if (problem) return problem;
  }
  // draft-07: each property's value is a schema, or the list of properties it requires.
  if (isPlainObject(dependencies)) {
    for (const [name, dependency] of Object.entries(dependencies)) {
      if (Array.isArray(dependency)) continue;
      const problem = subschemaProblem(dependency, `${path}.dependencies.${name}`);
      if (problem) return problem;
    }
  }
  if (allowed !== undefined && !Array.isArray(allowed)) return `${path}.enum must be a list`;
  for (const keyword of ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems']) {
    if (schema[keyword] !== undefined && typeof schema[keyword] !== 'number')
      return `${path}.${keyword} must be a number`;
  }
  if (schema.pattern !== undefined) {
    if (typeof schema.pattern !== 'string') return `${path}.pattern must be a string`;
    const problem = schemaPatternProblem(schema.pattern);
    if (problem) return `${path}.pattern ${problem}`;
  }
  return null;
}

/** JSON typed into an editor may arrive as text; it must parse, be storable (`jsonFieldProblem`), then pass `check`. */
function jsonField<T>(message: string, check: (value: unknown) => string | null) {
  return z.unknown().transform((raw, ctx): T => {
    let value = raw;
    if (typeof raw === 'string') {
      try {
        value = JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${message}: it does not parse` });
        return z.NEVER;
      }
    }
    const problem = jsonFieldProblem(value) ?? check(value);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: `${message}: ${problem}` });
      return z.NEVER;
    }
    return value as T;
  });
}

export const OutputSchemaInput = jsonField<Record<string, unknown>>(INVALID_OUTPUT_SCHEMA, (value) =>
  outputSchemaProblem(value),
);
export const CorrectOutputsInput = jsonField<unknown[]>(INVALID_CORRECT_OUTPUTS, (value) =>
  Array.isArray(value) ? null : 'correct outputs must be a JSON list',
);
export const ScoringConfigInput = jsonField<Record<string, unknown>>(INVALID_SCORING_CONFIG, (value) =>
  isPlainObject(value) ? null : 'the scoring config must be a JSON object',
);

/** The simulator config's `type` (001 §3, "Simulator config for test cases"). */
export const TEST_CASE_SIMULATOR_CONFIG_TYPES = ['noop', 'single_step'] as const;

/**
 * What is wrong with a test case's simulator config, or null: a JSON object whose fields the spec names (001 §3)
 * have their types when present; other fields are kept as given. Proctor reads `replay_session_id` (the test
 * case's reference session); the rest is stored for the clients that read it.
 */
export function testCaseSimulatorConfigProblem(value: unknown): string | null {
  if (!isPlainObject(value)) return 'simulator config must be a JSON object';
  const config = value as Record<string, unknown>;
  const { type } = config;
  if (type !== undefined && !(TEST_CASE_SIMULATOR_CONFIG_TYPES as readonly unknown[]).includes(type))
    return `type must be one of ${TEST_CASE_SIMULATOR_CONFIG_TYPES.join(', ')}`;
  for (const field of ['replay_session_id', 'replay_snapshot_id'])
    if (config[field] !== undefined && config[field] !== null && typeof config[field] !== 'string')
      return `${field} must be a string`;
  for (const field of ['replay_step_idx', 'replay_end_idx'])
    if (
      config[field] !== undefined &&
      config[field] !== null &&
      !(Number.isInteger(config[field]) && (config[field] as number) >= 0)
    )
      return `${field} must be a whole number from 0`;
  const handling = config.unmatched_request_handling;
  if (handling !== undefined && handling !== null && handling !== 'closest_match')
    return 'unmatched_request_handling must be closest_match';
  return null;
}
const SimulatorConfigInput = jsonField<Record<string, unknown>>(
  'Invalid JSON in simulator config',
  testCaseSimulatorConfigProblem,
);

export const TestCaseMetadata = z.object({
  goal_type: z.string().nullable(),
  reasoning_level: ReasoningLevelSchema.nullable(),
  skills: z.array(Skill).nullable(),
  capabilities: z.array(Capability).nullable(),
});
export type TestCaseMetadata = z.infer<typeof TestCaseMetadata>;

export const TestCaseSimulator = z.object({
  id: z.number().int(),
  name: z.string(),
  imgUrl: z.string().nullable(),
});

/** Why a test case's extraSimulatorIds are refused (400; a simulator the caller cannot use is a 404). */
export const TEST_CASE_SIMULATOR_MESSAGES = {
  tooMany: `A test case spans at most ${ENVIRONMENT.maxExtraSimulators} simulators besides its own`,
  repeated: "Each simulator may be named once, and not the test case's own simulator",
  proxy: (name: string) =>
    `Simulator "${name}" is a proxy simulator: it runs in an environment of its own, not beside another simulator`,
  /** An expected mutation's `simulator` tag names an app the test case does not span. */
  expectationOutside: (name: string) =>
    `An expected mutation names simulator "${name}", which is neither the test case's simulator nor one of its other simulators`,
  /** extraSimulatorIds leaves out an app that expected mutations still name. */
  stillExpected: (name: string) =>
    `Expected mutations still name simulator "${name}": remove them, or keep "${name}" among the other simulators`,
  /** A start URL on an app (`calendar:/events`) the test case does not span. */
  startOutside: (name: string) =>
    `The start URL is on simulator "${name}", which is neither the test case's simulator nor one of its other simulators`,
  /** extraSimulatorIds leaves out the app the start URL is on. */
  startStillOn: (name: string) =>
    `The start URL is still on simulator "${name}": change it, or keep "${name}" among the other simulators`,
  /** reset's start_url on an app the environment does not hold. */
  startNotHeld: (name: string) =>
    `start_url is on simulator "${name}", which this environment does not hold: make it with extra_env_ids`,
  /** reset with test_case_public_id on an environment that lacks some of the test case's simulators. */
  environmentLacks: (testCase: string, missing: readonly string[]) =>
    `Test case "${testCase}" needs simulator${missing.length === 1 ? '' : 's'} ${missing
      .map((name) => `"${name}"`)
      .join(', ')} in the environment: make it with extra_env_ids`,
} as const;

/**
 * A start URL on one of a test case's apps by name, `{simulator}:{path}` (`calendar:/events/5`): each environment
 * gives each app an origin of its own, so an absolute URL on another app's origin could not be stored. A plain
 * path or absolute URL (no `name:/path` form) is on the test case's own simulator, as before; null then.
 */
export function appStartUrl(startUrl: string): { simulator: string; path: string } | null {
  const match = /^([^/:\s]+):(\/(?!\/).*)$/s.exec(startUrl);
  return match ? { simulator: match[1]!, path: match[2]! } : null;
}

/** The apps a scoring configuration's expected mutations name in their `simulator` tag, each once, in order. */
export function expectationSimulators(config: Record<string, unknown> | undefined): string[] {
  const mutations = config?.mutations;
  if (!Array.isArray(mutations)) return [];
  const names = mutations
    .map((mutation) => (isPlainObject(mutation) ? mutation.simulator : undefined))
    .filter((name): name is string => typeof name === 'string' && name !== '');
  return [...new Set(names)];
}

/**
 * The other simulators a test case spans (issue 30): run beside its own simulator (simulatorId, where its start
 * URL is) in one environment; its expected mutations name them in their `simulator` tag.
 */
const ExtraSimulatorIds = z
  .array(RecordId)
  .max(ENVIRONMENT.maxExtraSimulators, { error: TEST_CASE_SIMULATOR_MESSAGES.tooMany })
  .refine((ids) => new Set(ids).size === ids.length, { error: TEST_CASE_SIMULATOR_MESSAGES.repeated });

/** A test case (001 §3). Averages are over the caller-visible finished sessions; null when there are none. */
export const EVALUATOR_CHECKS = ['reference_passes', 'wrong_variant_fails', 'human_agreement'] as const;

/** One check of a test case's evaluator (issue 8 §6). */
export const EvaluatorCheck = z.object({
  check: z.enum(EVALUATOR_CHECKS),
  /** broken: the evaluator judges this the wrong way; not_checked: nothing to check it with (said in detail). */
  status: z.enum(['ok', 'broken', 'not_checked']),
  detail: z.string(),
  /** Sessions judged again (human_agreement). */
  judged: z.number().int().optional(),
  /** The sessions the evaluator now judges differently from the people who scored them. */
  disagreeing: z
    .array(
      z.object({
        sessionId: z.string(),
        human: z.enum(['pass', 'fail']),
        automatic: z.enum(['pass', 'fail']),
      }),
    )
    .optional(),
});
export type EvaluatorCheck = z.infer<typeof EvaluatorCheck>;

/**
 * Whether a test case's evaluator can be trusted, as of its last check: its reference solution still passes
 * and its wrong variant still fails (built-in test cases), and it agrees with the people who judged its sessions.
 */
export const EvaluatorHealth = z.object({
  status: z.enum(['healthy', 'broken', 'unknown']),
  checked_at: Timestamp,
  checks: z.array(EvaluatorCheck),
});
export type EvaluatorHealth = z.infer<typeof EvaluatorHealth>;

export const TestCase = z.object({
  id: z.number().int(),
  publicId: z.string(),
  name: z.string(),
  description: z.string(),
  prompt: z.string(),
  hint: z.string().nullable(),
  /** A path on its simulator ('/orders'), or on another of its apps as `{simulator}:{path}` (appStartUrl). */
  startUrl: z.string(),
  siteId: z.number().int().nullable(),
  site: z.object({ name: z.string() }).nullable(),
  /** The first dataset (by when it was added) holding this test case, of those the caller can see. */
  testCaseSetId: z.number().int().nullable(),
  correctOutputs: z.array(z.unknown()),
  simulatorSessionId: z.string(),
  isSingleStep: z.boolean(),
  singleStepReplayIndex: z.number().int(),
  evaluationMode: z.string(),
  simulatorConfig: z.record(z.string(), z.unknown()),
  defaultScoringConfig: z.record(z.string(), z.unknown()),
  scoringTypes: z.array(TestCaseScoringType),
  outputSchema: z.record(z.string(), z.unknown()),
  metadataConfig: TestCaseMetadata,
  /** Steps per finished session. */
  averageStepsTaken: z.number().nullable(),
  average_steps_taken: z.number().nullable(),
  /** Seconds per finished session. */
  averageTimeTaken: z.number().nullable(),
  average_time_taken: z.number().nullable(),
  simulatorId: z.number().int().nullable(),
  simulator: TestCaseSimulator.nullable(),
  /** The other simulators the task spans, in their order (those still registered); empty for most test cases. */
  extraSimulatorIds: z.array(z.number().int()),
  extraSimulators: z.array(TestCaseSimulator),
  lastScoringGenerationResult: z.record(z.string(), z.unknown()).nullable(),
  /** The last evaluator health check; null until one ran. */
  evaluatorHealth: EvaluatorHealth.nullable(),
  isSample: z.boolean(),
  archived: z.boolean(),
  builtIn: z.boolean(),
  /** null: public. */
  organization_id: z.number().int().nullable(),
  organizationId: z.number().int().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type TestCase = z.infer<typeof TestCase>;

export const TestCaseListQuery = z.object({
  test_case_public_id: QueryText,
  start_url: QueryText,
  /** Case-insensitive "contains". */
  name: QueryText,
  /** Case-insensitive "contains". */
  prompt: QueryText,
  simulator_id: RecordIdInUrl.optional(),
  is_sample: QueryBoolean.optional(),
  /** Only test cases assigned to the caller's organization for recording (annotators). */
  is_assigned: QueryBoolean.optional(),
  page: PageNumber,
  page_size: pageSizeInUrl(MAX_TEST_CASE_PAGE_SIZE).default(PAGE_SIZE.tests),
});
export type TestCaseListQuery = z.infer<typeof TestCaseListQuery>;

export const TestCaseListResponse = z.object({
  testcases: z.array(TestCase),
  /** The same list: the simulator pages read this name. */
  test_cases: z.array(TestCase),
  pagination: Pagination,
});

/** A test case by numeric id or public id. */
export const TestCaseRefParam = z.object({ id: z.string().trim().min(1).max(200) });
export const TestCaseResponse = z.object({ testCase: TestCase });
export const TestCasesResponse = z.object({ testCases: z.array(TestCase) });

const ScoringTypes = z
  .array(TestCaseScoringType)
  .min(1, { error: 'Choose at least one scoring type' })
  .transform((types) => [...new Set(types)]);

/**
 * Create test cases (001 §2.1, §5). Single mode (the default): name, prompt and environment are
 * required. Blank mode: `count` blanks named blank_test_{n}, continuing the organization's numbering.
 */
export const CreateTestCaseRequest = z
  .object({
    mode: z.enum(['single', 'blank']).default('single'),
    /** The environment; required in both modes (checked below, so that all missing fields are reported). */
    simulatorId: RecordId.optional(),
    extraSimulatorIds: ExtraSimulatorIds.optional(),
    scoringTypes: ScoringTypes.optional(),
    name: z.string().trim().max(500).optional(),
    prompt: z.string().trim().max(50_000).optional(),
    startUrl: z.string().trim().max(2000).optional(),
    hint: z.string().trim().max(10_000).nullable().optional(),
    description: z.string().trim().max(10_000).optional(),
    outputSchema: OutputSchemaInput.optional(),
    correctOutputs: CorrectOutputsInput.optional(),
    siteId: RecordId.nullable().optional(),
    /** Also adds the new test case to this dataset. */
    testCaseSetId: RecordId.nullable().optional(),
    simulatorConfig: SimulatorConfigInput.optional(),
    defaultScoringConfig: ScoringConfigInput.optional(),
    /**
     * A state test from a session (Create State Test): the session's net changes, after its simulator's
     * filters, become the expected mutations in defaultScoringConfig. The caller's organization's sessions only.
     */
    expectedMutationsFromSession: z.string().trim().min(1).max(100).optional(),
    count: z
      .number()
      .int({ error: `Count must be a whole number from 1 to ${BLANK_TEST_CASE_MAX}` })
      .min(1, { error: `Count must be from 1 to ${BLANK_TEST_CASE_MAX}` })
      .max(BLANK_TEST_CASE_MAX, { error: `Count must be from 1 to ${BLANK_TEST_CASE_MAX}` })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.simulatorId === undefined)
      ctx.addIssue({ code: 'custom', path: ['simulatorId'], message: 'Environment is required' });
    if (body.mode === 'blank') {
      if (body.count === undefined)
        ctx.addIssue({ code: 'custom', path: ['count'], message: 'Number of blank test cases is required' });
      return;
    }
    if (!body.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Name is required' });
    if (!body.prompt) ctx.addIssue({ code: 'custom', path: ['prompt'], message: 'Prompt is required' });
  });
export type CreateTestCaseRequest = z.infer<typeof CreateTestCaseRequest>;

/** Empty text, lists and selections clear a field (the SPA sends them as null). */
const nullWhenEmpty = <T>(value: T | null | undefined) =>
  value === '' || (Array.isArray(value) && value.length === 0) ? null : value;

export const UpdateTestCaseRequest = z
  .object({
    name: z.string().trim().min(1, { error: 'Name is required' }).max(500).optional(),
    prompt: z.string().trim().min(1, { error: 'Prompt is required' }).max(50_000).optional(),
    startUrl: z.string().trim().max(2000).optional(),
    hint: z.string().trim().max(10_000).nullable().optional(),
    /** Replaces the list; [] makes it a test case of one simulator again. */
    extraSimulatorIds: ExtraSimulatorIds.optional(),
    scoringTypes: ScoringTypes.optional(),
    correctOutputs: CorrectOutputsInput.optional(),
    defaultScoringConfig: ScoringConfigInput.optional(),
    /** null resets to the default schema. */
    outputSchema: OutputSchemaInput.nullable().optional(),
    goalType: z.string().trim().max(500).nullable().optional().transform(nullWhenEmpty),
    reasoningLevel: z
      .preprocess(
        nullWhenEmpty,
        z
          .enum(Object.keys(REASONING_LEVELS) as [ReasoningLevel, ...ReasoningLevel[]], {
            error: `Reasoning level must be one of ${Object.keys(REASONING_LEVELS).join(', ')}`,
          })
          .nullable(),
      )
      .optional(),
    skills: z.array(Skill).nullable().optional().transform(nullWhenEmpty),
    capabilities: z.array(Capability).nullable().optional().transform(nullWhenEmpty),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Nothing to update',
  });
export type UpdateTestCaseRequest = z.infer<typeof UpdateTestCaseRequest>;

export const TestCaseIdsRequest = z.object({
  test_case_ids: z
    .array(RecordId)
    .min(1, { error: 'Choose at least one test case' })
    .max(MAX_TEST_CASE_PAGE_SIZE),
});
export const BulkArchiveResponse = z.object({ archived_count: z.number().int() });

/**
 * What a test case's scoring configuration shows for a secret (an API scorer's `api_key`): secrets are
 * write-only. Saving the configuration with this value keeps the stored secret (000 §5: the key input is masked).
 */
export const MASKED_SECRET = '••••••••';
/** Keys of a scoring configuration that hold secrets. */
export const SCORING_CONFIG_SECRETS = ['api_key'] as const;

/**
 * The URL each secret is sent to, and what to say when that URL changes while the secret is sent back masked:
 * a kept secret may only go where it went before, or anyone who can edit the configuration could read it.
 */
export const SCORING_CONFIG_SECRET_URLS = {
  api_key: { url: 'endpoint', message: 'Enter the API key again: the endpoint changed' },
} as const satisfies Record<(typeof SCORING_CONFIG_SECRETS)[number], { url: string; message: string }>;

/**
 * Why a scoring configuration cannot keep a stored secret, or null: a secret sent back masked (MASKED_SECRET)
 * while the URL it is sent to differs from the stored one.
 */
export function keptSecretProblem(
  incoming: Record<string, unknown>,
  stored: Record<string, unknown>,
): string | null {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
  for (const key of SCORING_CONFIG_SECRETS) {
    const { url, message } = SCORING_CONFIG_SECRET_URLS[key];
    const keeps = incoming[key] === MASKED_SECRET && typeof stored[key] === 'string' && stored[key] !== '';
    if (keeps && text(incoming[url]) !== text(stored[url])) return message;
  }
  return null;
}

/** POST /api/testcases/{id}/evaluator-health. */
export const EvaluatorHealthResponse = z.object({ testCase: TestCase, health: EvaluatorHealth });
