import { MASKED_SECRET, type TestCase } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { draftFrom, isDirty, updateFor } from '../../src/features/tests/configurationForm';

const testCase: TestCase = {
  id: 1,
  publicId: 'tc_1',
  name: 'Refund an order',
  description: '',
  prompt: 'Refund order 1042',
  hint: null,
  startUrl: '/orders',
  siteId: null,
  site: null,
  testCaseSetId: null,
  correctOutputs: [],
  simulatorSessionId: '',
  isSingleStep: false,
  singleStepReplayIndex: 0,
  evaluationMode: 'actions',
  simulatorConfig: {},
  defaultScoringConfig: {},
  scoringTypes: ['mutations'],
  outputSchema: { type: 'object', properties: {}, additionalProperties: false },
  metadataConfig: {
    goal_type: 'state',
    reasoning_level: 'level_2',
    skills: ['navigation_and_input'],
    capabilities: null,
  },
  averageStepsTaken: null,
  average_steps_taken: null,
  averageTimeTaken: null,
  average_time_taken: null,
  simulatorId: 1,
  simulator: { id: 1, name: 'shop', imgUrl: null },
  extraSimulatorIds: [],
  extraSimulators: [],
  lastScoringGenerationResult: null,
  evaluatorHealth: null,
  isSample: false,
  archived: false,
  builtIn: false,
  organization_id: 1,
  organizationId: 1,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('test case configuration form', () => {
  const loaded = draftFrom(testCase);

  it('should not be dirty as loaded, nor when a list is only reordered', () => {
    expect(isDirty(loaded, loaded)).toBe(false);
    const twoSkills = { ...loaded, skills: ['navigation_and_input', 'extract_and_understand'] as const };
    const reordered = { ...loaded, skills: ['extract_and_understand', 'navigation_and_input'] as const };
    expect(
      isDirty(
        { ...twoSkills, skills: [...twoSkills.skills] },
        { ...reordered, skills: [...reordered.skills] },
      ),
    ).toBe(false);
  });

  it('should send only what changed', () => {
    const result = updateFor({ ...loaded, prompt: 'Refund order 1043' }, loaded);
    expect(result).toEqual({ ok: true, body: { prompt: 'Refund order 1043' } });
  });

  it('should send empty metadata as null', () => {
    const result = updateFor({ ...loaded, goalType: ' ', reasoningLevel: null, skills: [] }, loaded);
    expect(result).toEqual({ ok: true, body: { goalType: null, reasoningLevel: null, skills: null } });
  });

  it('should parse the JSON fields and refuse invalid JSON with the messages of 001 §5', () => {
    expect(updateFor({ ...loaded, scoringConfig: '{"type": "api"}' }, loaded)).toEqual({
      ok: true,
      body: { defaultScoringConfig: { type: 'api' } },
    });
    expect(updateFor({ ...loaded, scoringConfig: '{oops' }, loaded)).toMatchObject({
      ok: false,
      message: 'Invalid JSON in scoring config',
    });
    expect(updateFor({ ...loaded, outputSchema: '' }, loaded)).toMatchObject({
      ok: false,
      message: 'Invalid JSON in output schema',
    });
    expect(updateFor({ ...loaded, correctOutputs: '[1,' }, loaded)).toMatchObject({
      ok: false,
      message: 'Invalid JSON in correct outputs',
    });
  });

  it("should ask for the API key again when an API scorer's endpoint changes and the key is still masked", () => {
    const scored = draftFrom({
      ...testCase,
      defaultScoringConfig: { type: 'api', endpoint: 'https://judge.test/a', api_key: MASKED_SECRET },
    });
    const withConfig = (config: object) =>
      updateFor({ ...scored, scoringConfig: JSON.stringify(config) }, scored);
    expect(withConfig({ type: 'api', endpoint: 'https://elsewhere.test/a', api_key: MASKED_SECRET })).toEqual(
      {
        ok: false,
        field: 'scoringConfig',
        message: 'Enter the API key again: the endpoint changed',
      },
    );
    expect(
      withConfig({ type: 'api', endpoint: 'https://elsewhere.test/a', api_key: 'new-key' }),
    ).toMatchObject({
      ok: true,
    });
    expect(
      withConfig({ type: 'api', endpoint: 'https://judge.test/a', api_key: MASKED_SECRET, threshold: 1 }),
    ).toMatchObject({ ok: true });
  });

  it('should send the other simulators as ids when they changed, and [] to make it a one-app test case again', () => {
    expect(updateFor({ ...loaded, extraSimulatorIds: ['4', '2'] }, loaded)).toEqual({
      ok: true,
      body: { extraSimulatorIds: [4, 2] },
    });
    const acrossApps = draftFrom({ ...testCase, extraSimulatorIds: [4] });
    expect(acrossApps.extraSimulatorIds).toEqual(['4']);
    expect(updateFor({ ...acrossApps, extraSimulatorIds: [] }, acrossApps)).toEqual({
      ok: true,
      body: { extraSimulatorIds: [] },
    });
  });
});
