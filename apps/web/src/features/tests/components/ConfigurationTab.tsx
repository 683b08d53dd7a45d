import {
  Button,
  Checkbox,
  Group,
  JsonInput,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  CAPABILITIES,
  Capability,
  levelLabel,
  REASONING_LEVELS,
  ReasoningLevelSchema,
  SCORING_TYPE_LABELS,
  SKILLS,
  Skill,
  TEST_CASE_SCORING_TYPES,
  type TestCase,
  TestCaseScoringType,
  vocabularyLabel,
} from '@proctor/contracts';
import { useCallback, useEffect, useState } from 'react';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { useSimulators } from '../../simulators';
import {
  appNames,
  ExpectationAppsField,
  OtherSimulatorsField,
  otherSimulatorOptions,
} from '../../testCaseAuthoring';
import { type ConfigurationDraft, draftFrom, isDirty, type JsonField, updateFor } from '../configurationForm';
import { useUpdateTestCase } from '../hooks/useTestCaseMutations';
import { Section } from './Section';
import { TEST_CASE_UPDATE_FAILED, TEST_CASE_UPDATED } from './TestCasePanel';

const SCORING_OPTIONS = TEST_CASE_SCORING_TYPES.map((type) => ({
  value: type,
  label: SCORING_TYPE_LABELS[type],
}));
const LEVEL_OPTIONS = ReasoningLevelSchema.options.map((level) => ({
  value: level,
  label: `${levelLabel(level)} · ${REASONING_LEVELS[level]}`,
}));
const SKILL_OPTIONS = SKILLS.map((skill) => ({ value: skill, label: vocabularyLabel(skill) }));
const CAPABILITY_OPTIONS = CAPABILITIES.map((capability) => ({
  value: capability,
  label: vocabularyLabel(capability),
}));

/**
 * The Configuration tab of a test case (001 §2.2): every field editable by those who may edit it; Save
 * Changes and Cancel appear only while something differs from what was loaded (001 §4.2).
 */
export function ConfigurationTab({ testCase, editable }: { testCase: TestCase; editable: boolean }) {
  const update = useUpdateTestCase();
  const simulators = useSimulators();
  const [loaded, setLoaded] = useState(() => draftFrom(testCase));
  const [draft, setDraft] = useState(loaded);
  const [jsonErrors, setJsonErrors] = useState<Partial<Record<JsonField, string>>>({});

  const reload = useCallback((fresh: ConfigurationDraft) => {
    setLoaded(fresh);
    setDraft(fresh);
    setJsonErrors({});
  }, []);

  // A refetched test case whose fields changed becomes the new loaded values. One where only what the form does
  // not show changed (an evaluator check just kept its result) leaves what is being typed alone.
  useEffect(() => {
    const fresh = draftFrom(testCase);
    if (isDirty(fresh, loaded)) reload(fresh);
  }, [testCase, loaded, reload]);

  const set = (patch: Partial<ConfigurationDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const dirty = isDirty(draft, loaded);
  const outputScored = draft.scoringTypes.includes('output');
  const otherOptions = otherSimulatorOptions(
    simulators.data ?? [],
    testCase.simulatorId,
    testCase.extraSimulators,
  );

  const save = () => {
    const result = updateFor(draft, loaded);
    if (!result.ok) {
      setJsonErrors({ [result.field]: result.message });
      notify.error(result.message);
      return;
    }
    setJsonErrors({});
    update.mutate(
      { id: testCase.id, body: result.body },
      {
        // What was saved, as the server normalized it, even where that equals what was loaded before.
        onSuccess: ({ testCase: saved }) => {
          reload(draftFrom(saved));
          notify.success(TEST_CASE_UPDATED);
        },
        onError: (error) => notify.error(errorDetail(error), TEST_CASE_UPDATE_FAILED),
      },
    );
  };

  const cancel = () => {
    setDraft(loaded);
    setJsonErrors({});
  };

  return (
    <Stack gap="lg">
      {!editable && (
        <Text size="sm" c="dimmed">
          You can read this test case; only{' '}
          {testCase.organizationId === null ? 'platform admins' : 'its organization'} with the create test
          cases permission can change it.
        </Text>
      )}
      <Section title="Task">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <TextInput
            label="Name"
            value={draft.name}
            readOnly={!editable}
            onChange={(event) => set({ name: event.currentTarget.value })}
          />
          <TextInput
            label="Start URL"
            description="A path on its simulator, or calendar:/events to start on another of its apps"
            value={draft.startUrl}
            readOnly={!editable}
            onChange={(event) => set({ startUrl: event.currentTarget.value })}
          />
        </SimpleGrid>
        <OtherSimulatorsField
          value={draft.extraSimulatorIds}
          options={otherOptions}
          readOnly={!editable}
          onChange={(extraSimulatorIds) => set({ extraSimulatorIds })}
        />
        <Textarea
          label="Prompt"
          autosize
          minRows={3}
          value={draft.prompt}
          readOnly={!editable}
          onChange={(event) => set({ prompt: event.currentTarget.value })}
        />
        <Textarea
          label="Hint"
          autosize
          minRows={2}
          value={draft.hint}
          readOnly={!editable}
          onChange={(event) => set({ hint: event.currentTarget.value })}
        />
      </Section>

      <Section title="Metadata" description="How hard the task is and what it exercises.">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <TextInput
            label="Goal type"
            placeholder="e.g. state change, retrieval"
            value={draft.goalType}
            readOnly={!editable}
            onChange={(event) => set({ goalType: event.currentTarget.value })}
          />
          <Select
            label="Reasoning level"
            placeholder="Not set"
            data={LEVEL_OPTIONS}
            value={draft.reasoningLevel}
            readOnly={!editable}
            clearable
            onChange={(value) => set({ reasoningLevel: ReasoningLevelSchema.safeParse(value).data ?? null })}
          />
          <MultiSelect
            label="Skills"
            placeholder={draft.skills.length ? undefined : 'None'}
            data={SKILL_OPTIONS}
            value={draft.skills}
            readOnly={!editable}
            onChange={(values) =>
              set({ skills: values.flatMap((value) => Skill.safeParse(value).data ?? []) })
            }
          />
          <MultiSelect
            label="Capabilities"
            placeholder={draft.capabilities.length ? undefined : 'None'}
            data={CAPABILITY_OPTIONS}
            value={draft.capabilities}
            readOnly={!editable}
            onChange={(values) =>
              set({ capabilities: values.flatMap((value) => Capability.safeParse(value).data ?? []) })
            }
          />
        </SimpleGrid>
      </Section>

      <Section title="Scoring" description="What is compared at the end of a session.">
        <Checkbox.Group
          label="Scoring types"
          value={draft.scoringTypes}
          readOnly={!editable}
          onChange={(values) =>
            set({ scoringTypes: values.flatMap((value) => TestCaseScoringType.safeParse(value).data ?? []) })
          }
        >
          <Group gap="lg" mt={6}>
            {SCORING_OPTIONS.map((option) => (
              <Checkbox key={option.value} value={option.value} label={option.label} disabled={!editable} />
            ))}
          </Group>
        </Checkbox.Group>
        {outputScored && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <JsonInput
              label="Output schema"
              description="The JSON Schema an agent's answer must follow"
              autosize
              minRows={6}
              maxRows={20}
              value={draft.outputSchema}
              readOnly={!editable}
              onChange={(value) => set({ outputSchema: value })}
              error={jsonErrors.outputSchema}
            />
            <JsonInput
              label="Expected output"
              description="Correct outputs, as a JSON list"
              autosize
              minRows={6}
              maxRows={20}
              value={draft.correctOutputs}
              readOnly={!editable}
              onChange={(value) => set({ correctOutputs: value })}
              error={jsonErrors.correctOutputs}
            />
          </SimpleGrid>
        )}
        <JsonInput
          label="Scoring configuration"
          description="Keys show as •••••••• and are kept as they are; a changed endpoint needs its key again"
          autosize
          minRows={4}
          maxRows={20}
          value={draft.scoringConfig}
          readOnly={!editable}
          onChange={(value) => set({ scoringConfig: value })}
          error={jsonErrors.scoringConfig}
        />
        {draft.extraSimulatorIds.length > 0 && (
          <ExpectationAppsField
            scoringConfig={draft.scoringConfig}
            apps={appNames(testCase.simulator?.name, draft.extraSimulatorIds, otherOptions)}
            readOnly={!editable}
            onChange={(scoringConfig) => set({ scoringConfig })}
          />
        )}
      </Section>

      {editable && dirty && (
        <Paper
          withBorder
          radius="md"
          p="sm"
          shadow="sm"
          pos="sticky"
          bottom={16}
          style={{ zIndex: 5 }}
          data-testid="unsaved-changes"
        >
          <Group justify="space-between">
            <Text size="sm" c="dimmed" pl="xs">
              You have unsaved changes.
            </Text>
            <Group gap="sm">
              <Button variant="default" onClick={cancel} disabled={update.isPending}>
                Cancel
              </Button>
              <Button onClick={save} loading={update.isPending}>
                Save Changes
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
