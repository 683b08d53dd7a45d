import {
  type CapabilityName,
  INVALID_CORRECT_OUTPUTS,
  INVALID_OUTPUT_SCHEMA,
  INVALID_SCORING_CONFIG,
  keptSecretProblem,
  type ReasoningLevel,
  type SkillName,
  type TestCase,
  type TestCaseScoringType,
} from '@proctor/contracts';
import type { UpdateTestCaseBody } from './hooks/useTestCaseMutations';

/** The Configuration tab's fields (001 §2.2) as the user edits them; JSON fields are text. */
export interface ConfigurationDraft {
  name: string;
  startUrl: string;
  /** The other simulators the task spans, their ids as text (the select's values). */
  extraSimulatorIds: string[];
  hint: string;
  scoringTypes: TestCaseScoringType[];
  outputSchema: string;
  correctOutputs: string;
  goalType: string;
  reasoningLevel: ReasoningLevel | null;
  skills: SkillName[];
  capabilities: CapabilityName[];
  prompt: string;
  scoringConfig: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

export function draftFrom(testCase: TestCase): ConfigurationDraft {
  const metadata = testCase.metadataConfig;
  return {
    name: testCase.name,
    startUrl: testCase.startUrl,
    extraSimulatorIds: testCase.extraSimulatorIds.map(String),
    hint: testCase.hint ?? '',
    scoringTypes: [...testCase.scoringTypes],
    outputSchema: json(testCase.outputSchema),
    correctOutputs: json(testCase.correctOutputs),
    goalType: metadata.goal_type ?? '',
    reasoningLevel: metadata.reasoning_level,
    skills: metadata.skills ?? [],
    capabilities: metadata.capabilities ?? [],
    prompt: testCase.prompt,
    scoringConfig: json(testCase.defaultScoringConfig),
  };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** The fields that differ from the loaded values. */
const FIELDS: ReadonlyArray<keyof ConfigurationDraft> = [
  'name',
  'startUrl',
  'extraSimulatorIds',
  'hint',
  'scoringTypes',
  'outputSchema',
  'correctOutputs',
  'goalType',
  'reasoningLevel',
  'skills',
  'capabilities',
  'prompt',
  'scoringConfig',
];

export function changedFields(
  draft: ConfigurationDraft,
  loaded: ConfigurationDraft,
): Set<keyof ConfigurationDraft> {
  const changed = new Set<keyof ConfigurationDraft>();
  for (const key of FIELDS) {
    const a = draft[key];
    const b = loaded[key];
    const same = Array.isArray(a) && Array.isArray(b) ? sameList(a, b) : a === b;
    if (!same) changed.add(key);
  }
  return changed;
}

/** Save Changes and Cancel show only when something differs (001 §4.2). */
export const isDirty = (draft: ConfigurationDraft, loaded: ConfigurationDraft) =>
  changedFields(draft, loaded).size > 0;

type Parsed = { ok: true; value: unknown } | { ok: false };
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const parseJson = (text: string): Parsed => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

export type JsonField = 'correctOutputs' | 'outputSchema' | 'scoringConfig';
export const JSON_MESSAGES: Record<JsonField, string> = {
  correctOutputs: INVALID_CORRECT_OUTPUTS,
  scoringConfig: INVALID_SCORING_CONFIG,
  outputSchema: INVALID_OUTPUT_SCHEMA,
};

/**
 * The PUT body for what changed (001 §5): JSON fields must parse, else their message; empty skills and
 * capabilities go as null, an empty goal type or reasoning level as null.
 */
export function updateFor(
  draft: ConfigurationDraft,
  loaded: ConfigurationDraft,
): { ok: true; body: UpdateTestCaseBody } | { ok: false; field: JsonField; message: string } {
  const changed = changedFields(draft, loaded);
  const body: UpdateTestCaseBody = {};
  for (const field of ['correctOutputs', 'scoringConfig', 'outputSchema'] as const) {
    if (!changed.has(field)) continue;
    const parsed = parseJson(draft[field]);
    if (!parsed.ok) return { ok: false, field, message: JSON_MESSAGES[field] };
    if (field === 'correctOutputs') body.correctOutputs = parsed.value;
    if (field === 'scoringConfig') {
      // The server refuses the same: a masked key is kept only for the endpoint it was given for.
      const before = parseJson(loaded.scoringConfig);
      const problem =
        isRecord(parsed.value) && before.ok && isRecord(before.value)
          ? keptSecretProblem(parsed.value, before.value)
          : null;
      if (problem) return { ok: false, field, message: problem };
      body.defaultScoringConfig = parsed.value;
    }
    if (field === 'outputSchema') body.outputSchema = parsed.value;
  }
  if (changed.has('name')) body.name = draft.name;
  if (changed.has('startUrl')) body.startUrl = draft.startUrl;
  if (changed.has('extraSimulatorIds')) body.extraSimulatorIds = draft.extraSimulatorIds.map(Number);
  if (changed.has('hint')) body.hint = draft.hint.trim() || null;
  if (changed.has('prompt')) body.prompt = draft.prompt;
  if (changed.has('scoringTypes')) body.scoringTypes = draft.scoringTypes;
  if (changed.has('goalType')) body.goalType = draft.goalType.trim() || null;
  if (changed.has('reasoningLevel')) body.reasoningLevel = draft.reasoningLevel;
  if (changed.has('skills')) body.skills = draft.skills.length ? draft.skills : null;
  if (changed.has('capabilities')) body.capabilities = draft.capabilities.length ? draft.capabilities : null;
  return { ok: true, body };
}
