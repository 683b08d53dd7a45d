import {
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  BLANK_TEST_CASE_MAX,
  blankCountFrom,
  CreateTestCaseRequest,
  LAYOUT,
  SCORING_TYPE_LABELS,
  TEST_CASE_SCORING_TYPES,
  TestCaseScoringType,
} from '@proctor/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorDetail } from '../../../api';
import { fieldErrors } from '../../../components/fieldErrors';
import { notify } from '../../../components/notify';
import { paths } from '../../../paths';
import { useSimulators } from '../../simulators';
import { useCreateTestCases } from '../hooks/useTestCaseMutations';

export const TEST_CASE_CREATED = 'Test case created';

type Mode = 'single' | 'blank';
interface NewTestCaseForm {
  simulatorId: string | null;
  mode: Mode;
  scoringTypes: TestCaseScoringType[];
  name: string;
  prompt: string;
  startUrl: string;
  count: string;
}

const EMPTY: NewTestCaseForm = {
  simulatorId: null,
  mode: 'single',
  scoringTypes: ['mutations'],
  name: '',
  prompt: '',
  startUrl: '',
  count: '1',
};

const MODES = [
  { value: 'single', label: 'Single Test Case' },
  { value: 'blank', label: 'Blank Test Cases' },
];

/** Create test case (001 §2.1, §5): one with name and prompt, or a number of blanks. */
export function NewTestCaseDialog({
  opened,
  onClose,
  defaultSimulatorId,
}: {
  opened: boolean;
  onClose: () => void;
  defaultSimulatorId: number | null;
}) {
  const simulators = useSimulators();
  const create = useCreateTestCases();
  const navigate = useNavigate();
  const initial = { ...EMPTY, simulatorId: defaultSimulatorId === null ? null : String(defaultSimulatorId) };
  const [form, setForm] = useState<NewTestCaseForm>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<NewTestCaseForm>) => setForm((current) => ({ ...current, ...patch }));

  const close = () => {
    setForm(initial);
    setErrors({});
    onClose();
  };

  const submit = () => {
    const simulatorId = form.simulatorId === null ? undefined : Number(form.simulatorId);
    const candidate =
      form.mode === 'blank'
        ? {
            mode: form.mode,
            simulatorId,
            scoringTypes: form.scoringTypes,
            count: blankCountFrom(form.count, BLANK_TEST_CASE_MAX),
          }
        : {
            mode: form.mode,
            simulatorId,
            scoringTypes: form.scoringTypes,
            name: form.name,
            prompt: form.prompt,
            startUrl: form.startUrl || undefined,
          };
    const parsed = CreateTestCaseRequest.safeParse(candidate);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ testCases }) => {
        const [first] = testCases;
        const last = testCases.at(-1);
        if (form.mode === 'single' && first) {
          notify.success(TEST_CASE_CREATED);
          close();
          navigate(paths.testCase(first.publicId));
          return;
        }
        notify.success(
          testCases.length === 1
            ? `${first?.name} was added.`
            : `${testCases.length} blank test cases were added: ${first?.name} to ${last?.name}.`,
          TEST_CASE_CREATED,
        );
        close();
      },
      onError: (error) => notify.error(errorDetail(error), 'Failed to create test case'),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="New Test Case" size={LAYOUT.dialogWidths.small}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Select
            label="Environment"
            required
            placeholder="Choose a simulator"
            data={(simulators.data ?? []).map((simulator) => ({
              value: String(simulator.id),
              label: simulator.name,
            }))}
            value={form.simulatorId}
            onChange={(value) => set({ simulatorId: value })}
            searchable
            error={errors.simulatorId}
          />
          <SegmentedControl
            aria-label="Creation mode"
            data={MODES}
            value={form.mode}
            onChange={(value) => set({ mode: value === 'blank' ? 'blank' : 'single' })}
            fullWidth
          />
          <Checkbox.Group
            label="Scoring types"
            value={form.scoringTypes}
            onChange={(values) =>
              set({
                scoringTypes: values.flatMap((value) => TestCaseScoringType.safeParse(value).data ?? []),
              })
            }
            error={errors.scoringTypes}
          >
            <Group gap="lg" mt={6}>
              {TEST_CASE_SCORING_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={SCORING_TYPE_LABELS[type]} />
              ))}
            </Group>
          </Checkbox.Group>
          {form.mode === 'single' ? (
            <>
              <TextInput
                label="Name"
                required
                value={form.name}
                onChange={(event) => set({ name: event.currentTarget.value })}
                error={errors.name}
              />
              <TextInput
                label="Start URL"
                placeholder="/orders"
                description="Where the agent starts, on the simulator's own site"
                value={form.startUrl}
                onChange={(event) => set({ startUrl: event.currentTarget.value })}
              />
              <Textarea
                label="Prompt"
                required
                autosize
                minRows={3}
                value={form.prompt}
                onChange={(event) => set({ prompt: event.currentTarget.value })}
                error={errors.prompt}
              />
            </>
          ) : (
            <TextInput
              label="Number of blank test cases"
              description={`From 1 to ${BLANK_TEST_CASE_MAX}; each is named blank_test_{n}`}
              inputMode="numeric"
              value={form.count}
              onChange={(event) => set({ count: event.currentTarget.value })}
              onBlur={() => set({ count: String(blankCountFrom(form.count, BLANK_TEST_CASE_MAX)) })}
              error={errors.count}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
