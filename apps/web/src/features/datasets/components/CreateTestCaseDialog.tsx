import { JsonInput, Modal, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  CreateTestCaseRequest,
  defaultOutputSchema,
  HUMAN_REVIEW_THRESHOLD,
  INVALID_OUTPUT_SCHEMA,
  LAYOUT,
  OFFLINE_STEP_DEFAULTS,
  STEP_TEST_SCORING_TYPES,
  type TestCaseSet,
} from '@proctor/contracts';
import { errorDetail } from '../../../api';
import { useContractForm } from '../../../components/contractForm';
import { DialogActions } from '../../../components/DialogActions';
import { notify } from '../../../components/notify';
import { useSites } from '../../sites';
import {
  EnvironmentField,
  formatJson,
  scoringTypesFor,
  TestCaseTextFields,
  useCreateTestCases,
} from '../../testCaseAuthoring';

/**
 * The scoring configuration types this form configures completely (001 §3, §5). Decision: the action and state
 * matches (offline_exact_action_match, offline_exact_state_match, page_action_sequence) are left out: their
 * configurations are the expected actions or page values of a recorded session, which Create Step Test Case
 * drafts from the session; offered here with no way to give them, the server would refuse every such test case.
 */
const SCORING_TYPES = {
  offline_step: 'Offline Step',
  human_in_the_loop: STEP_TEST_SCORING_TYPES.human_in_the_loop,
  api: 'API',
  offline_exact_output_match: STEP_TEST_SCORING_TYPES.offline_exact_output_match,
} as const;
type DatasetScoringType = keyof typeof SCORING_TYPES;
const SCORING_TYPE_OPTIONS = Object.entries(SCORING_TYPES).map(([value, label]) => ({ value, label }));
const isDatasetScoringType = (value: string | null): value is DatasetScoringType =>
  value !== null && Object.hasOwn(SCORING_TYPES, value);

export const INVALID_SIMULATOR_CONFIG = 'Invalid JSON in simulator config';
export const INVALID_EXPECTED_OUTPUT = 'Invalid JSON in expected output';

interface DatasetTestCaseForm {
  name: string;
  startUrl: string;
  prompt: string;
  /** Ids as text, as a Select gives them. */
  simulatorId: string | null;
  siteId: string | null;
  scoringType: DatasetScoringType;
  /** The scoring type's configuration, as typed (numbers too). */
  threshold: string;
  maxSteps: string;
  reviewThreshold: string;
  endpoint: string;
  apiKey: string;
  expectedOutput: string;
  outputSchema: string;
  simulatorConfig: string;
}

/** The scoring configuration's fields as a new choice of type has them (001 §5: the type's defaults). */
const SCORING_CONFIG_DEFAULTS = {
  threshold: String(OFFLINE_STEP_DEFAULTS.threshold),
  maxSteps: String(OFFLINE_STEP_DEFAULTS.max_steps),
  reviewThreshold: String(HUMAN_REVIEW_THRESHOLD),
  endpoint: '',
  apiKey: '',
  expectedOutput: '',
} satisfies Partial<DatasetTestCaseForm>;
const SCORING_CONFIG_FIELDS = Object.keys(
  SCORING_CONFIG_DEFAULTS,
) as (keyof typeof SCORING_CONFIG_DEFAULTS)[];

const EMPTY: DatasetTestCaseForm = {
  name: '',
  startUrl: '',
  prompt: '',
  simulatorId: null,
  // 001 §9 names site 1 as the default; sites here have no fixed ids, so none is chosen.
  siteId: null,
  scoringType: 'offline_step',
  ...SCORING_CONFIG_DEFAULTS,
  outputSchema: formatJson(defaultOutputSchema()),
  simulatorConfig: '',
};

/** A number typed in a field, or null when it is empty or not a number. */
function numberOf(text: string): number | null {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return trimmed === '' || !Number.isFinite(value) ? null : value;
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The chosen type's configuration, as defaultScoringConfig (001 §3 Scoring configuration types). */
function scoringConfigOf(form: DatasetTestCaseForm): Record<string, unknown> {
  switch (form.scoringType) {
    case 'offline_step':
      return {
        type: 'offline_step',
        threshold: numberOf(form.threshold),
        max_steps: numberOf(form.maxSteps),
      };
    case 'human_in_the_loop':
      return { type: 'human_in_the_loop', review_threshold: numberOf(form.reviewThreshold) };
    case 'api':
      return { type: 'api', endpoint: form.endpoint.trim(), api_key: form.apiKey };
    case 'offline_exact_output_match':
      // No expected output: the test case's correct outputs are the expected answers (set on its page).
      return form.expectedOutput.trim() && parsesAsJson(form.expectedOutput)
        ? { type: 'offline_exact_output_match', expected_output: JSON.parse(form.expectedOutput) }
        : { type: 'offline_exact_output_match' };
  }
}

/** What POST /api/testcases is sent (001 §7: the dataset flow's fields too). */
function datasetTestCaseRequest(form: DatasetTestCaseForm, datasetId: number) {
  return {
    mode: 'single' as const,
    simulatorId: form.simulatorId === null ? undefined : Number(form.simulatorId),
    siteId: form.siteId === null ? null : Number(form.siteId),
    testCaseSetId: datasetId,
    name: form.name,
    prompt: form.prompt,
    startUrl: form.startUrl,
    // Decision: an output match is judged on the answer, so the test case's scoring type is output (with the
    // output schema); every other type judges what the session did, so it is mutations (scoringTypesFor).
    scoringTypes: scoringTypesFor(form.scoringType),
    defaultScoringConfig: scoringConfigOf(form),
    // 001 §3: the output schema is the dataset flow's only for output-match scoring.
    ...(form.scoringType === 'offline_exact_output_match' ? { outputSchema: form.outputSchema } : {}),
    ...(form.simulatorConfig.trim() ? { simulatorConfig: form.simulatorConfig } : {}),
  };
}

/** A threshold's problem: required, a number from 0 to 1. */
function shareProblem(label: string, text: string): string | null {
  if (!text.trim()) return `${label} is required`;
  const value = numberOf(text);
  return value === null || value < 0 || value > 1 ? `${label} must be a number from 0 to 1` : null;
}

/**
 * The form's rules on top of CreateTestCaseRequest's (001 §5): the start URL is required, and the shown scoring
 * type's fields are.
 */
function datasetTestCaseProblems(form: DatasetTestCaseForm): Record<string, string> {
  const problems: Record<string, string | null> = {};
  if (!form.startUrl.trim()) problems.startUrl = 'Start URL is required';
  if (form.scoringType === 'offline_step') {
    problems.threshold = shareProblem('Threshold', form.threshold);
    const maxSteps = numberOf(form.maxSteps);
    problems.maxSteps = !form.maxSteps.trim()
      ? 'Max steps is required'
      : maxSteps === null || !Number.isInteger(maxSteps) || maxSteps < 1
        ? 'Max steps must be a whole number of at least 1'
        : null;
  }
  if (form.scoringType === 'human_in_the_loop')
    problems.reviewThreshold = shareProblem('Review threshold', form.reviewThreshold);
  if (form.scoringType === 'api') {
    if (!form.endpoint.trim()) problems.endpoint = 'API endpoint is required';
    if (!form.apiKey) problems.apiKey = 'API key is required';
  }
  if (
    form.scoringType === 'offline_exact_output_match' &&
    form.expectedOutput.trim() &&
    !parsesAsJson(form.expectedOutput)
  )
    problems.expectedOutput = INVALID_EXPECTED_OUTPUT;
  return Object.fromEntries(
    Object.entries(problems).filter((entry): entry is [string, string] => entry[1] !== null),
  );
}

/**
 * Create Test Case in a dataset's panel (001 §2.3, §5, §7): a test case of the dataset, with its site, its
 * scoring configuration (the chosen type's fields, reset to the type's defaults when the type changes), its
 * output schema for an output match and its simulator config. It shows in the panel's list once created.
 */
export function CreateTestCaseDialog({ dataset, onClose }: { dataset: TestCaseSet; onClose: () => void }) {
  const create = useCreateTestCases();
  const sites = useSites();
  const form = useContractForm(CreateTestCaseRequest, EMPTY, {
    request: (values) => datasetTestCaseRequest(values, dataset.id),
    check: datasetTestCaseProblems,
  });
  const { values, errors } = form;

  const chooseType = (value: string | null) => {
    if (!isDatasetScoringType(value) || value === values.scoringType) return;
    form.set({ scoringType: value, ...SCORING_CONFIG_DEFAULTS });
    form.clearErrors([...SCORING_CONFIG_FIELDS, 'outputSchema']);
  };

  const submit = form.submit((request) =>
    create.mutate(request, {
      onSuccess: ({ testCases }) => {
        notify.success(
          `${testCases[0]?.name ?? 'The test case'} was added to ${dataset.name}`,
          'Test case created',
        );
        onClose();
      },
      onError: (error) => notify.error(errorDetail(error), 'Failed to create test case'),
    }),
  );

  return (
    <Modal opened onClose={onClose} title="Create Test Case" size={LAYOUT.dialogWidths.medium}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TestCaseTextFields field={form.field} startUrlRequired />
          <SimpleGrid cols={2} spacing="md">
            <EnvironmentField
              value={values.simulatorId}
              onChange={(simulatorId) => form.set({ simulatorId })}
              error={errors.simulatorId}
            />
            <Select
              label="Site"
              placeholder={sites.isPending ? 'Loading sites…' : 'None'}
              data={(sites.data ?? []).map((site) => ({ value: String(site.id), label: site.name }))}
              value={values.siteId}
              onChange={(siteId) => form.set({ siteId })}
              clearable
              searchable
              nothingFoundMessage="No sites"
              error={errors.siteId ?? (sites.isError ? errorDetail(sites.error) : undefined)}
            />
          </SimpleGrid>
          <Select
            label="Scoring type"
            description="Action and state matches are drafted from a recorded session: use Step Test Case"
            required
            allowDeselect={false}
            data={SCORING_TYPE_OPTIONS}
            value={values.scoringType}
            onChange={chooseType}
          />
          {values.scoringType === 'offline_step' && (
            <SimpleGrid cols={2} spacing="md">
              <TextInput
                label="Threshold"
                description="The share of matching steps that passes"
                required
                inputMode="decimal"
                {...form.field('threshold')}
              />
              <TextInput
                label="Max steps"
                description="How many steps are compared"
                required
                inputMode="numeric"
                {...form.field('maxSteps')}
              />
            </SimpleGrid>
          )}
          {values.scoringType === 'human_in_the_loop' && (
            <TextInput
              label="Review threshold"
              description="Sessions scored below it by the automatic types are left to a person"
              required
              inputMode="decimal"
              {...form.field('reviewThreshold')}
            />
          )}
          {values.scoringType === 'api' && (
            <SimpleGrid cols={2} spacing="md">
              <TextInput
                label="API endpoint"
                placeholder="https://scorer.example.com/score"
                required
                {...form.field('endpoint')}
              />
              <PasswordInput label="API key" required autoComplete="off" {...form.field('apiKey')} />
            </SimpleGrid>
          )}
          {values.scoringType === 'offline_exact_output_match' && (
            <>
              <JsonInput
                label="Expected output"
                description="JSON; when empty, the test case's correct outputs (set on its page) are expected"
                autosize
                minRows={2}
                maxRows={10}
                value={values.expectedOutput}
                onChange={(expectedOutput) => form.set({ expectedOutput })}
                validationError={INVALID_EXPECTED_OUTPUT}
                error={errors.expectedOutput}
              />
              <JsonInput
                label="Output schema"
                autosize
                minRows={4}
                maxRows={14}
                value={values.outputSchema}
                onChange={(outputSchema) => form.set({ outputSchema })}
                validationError={INVALID_OUTPUT_SCHEMA}
                error={errors.outputSchema}
              />
            </>
          )}
          <JsonInput
            label="Simulator config"
            // What Proctor reads of it today: replay_session_id (the test case's reference session, shown beside
            // its runs); the spec's other fields (type, replay_step_idx…) are kept as given, for the tools that read them.
            description="Optional JSON, kept with the test case: replay_session_id names its reference session, shown beside its runs"
            placeholder='{"replay_session_id": "…"}'
            autosize
            minRows={2}
            maxRows={10}
            value={values.simulatorConfig}
            onChange={(simulatorConfig) => form.set({ simulatorConfig })}
            validationError={INVALID_SIMULATOR_CONFIG}
            error={errors.simulatorConfig}
          />
          <DialogActions submitLabel="Create" onCancel={onClose} pending={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
