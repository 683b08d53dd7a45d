import { Modal, SegmentedControl, Stack, TextInput } from '@mantine/core';
import {
  BLANK_TEST_CASE_MAX,
  blankCountFrom,
  CreateTestCaseRequest,
  LAYOUT,
  type TestCaseScoringType,
} from '@proctor/contracts';
import { useNavigate } from 'react-router';
import { errorDetail } from '../../../api';
import { useContractForm } from '../../../components/contractForm';
import { DialogActions } from '../../../components/DialogActions';
import { notify } from '../../../components/notify';
import { paths } from '../../../paths';
import { useSimulators } from '../../simulators';
import {
  EnvironmentField,
  OtherSimulatorsField,
  otherSimulatorOptions,
  ScoringTypesField,
  TestCaseTextFields,
  useCreateTestCases,
} from '../../testCaseAuthoring';

export const TEST_CASE_CREATED = 'Test case created';

type Mode = 'single' | 'blank';
interface NewTestCaseForm {
  simulatorId: string | null;
  /** The other simulators the task spans (ids as text). */
  extraSimulatorIds: string[];
  mode: Mode;
  scoringTypes: TestCaseScoringType[];
  name: string;
  prompt: string;
  startUrl: string;
  count: string;
}

const EMPTY: NewTestCaseForm = {
  simulatorId: null,
  extraSimulatorIds: [],
  mode: 'single',
  scoringTypes: ['mutations'],
  name: '',
  prompt: '',
  startUrl: '',
  count: '1',
};

/** The request of a form: the chosen mode's fields only, the environment as its id, the count as a number. */
function testCaseRequestOf(form: NewTestCaseForm) {
  const simulatorId = form.simulatorId === null ? undefined : Number(form.simulatorId);
  const extraSimulatorIds = form.extraSimulatorIds.map(Number);
  return form.mode === 'blank'
    ? {
        mode: form.mode,
        simulatorId,
        extraSimulatorIds,
        scoringTypes: form.scoringTypes,
        count: blankCountFrom(form.count, BLANK_TEST_CASE_MAX),
      }
    : {
        mode: form.mode,
        simulatorId,
        extraSimulatorIds,
        scoringTypes: form.scoringTypes,
        name: form.name,
        prompt: form.prompt,
        startUrl: form.startUrl || undefined,
      };
}

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
  const initial: NewTestCaseForm = {
    ...EMPTY,
    simulatorId: defaultSimulatorId === null ? null : String(defaultSimulatorId),
  };
  const form = useContractForm(CreateTestCaseRequest, initial, { request: testCaseRequestOf });
  const { values, errors } = form;

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.submit((request) =>
    create.mutate(request, {
      onSuccess: ({ testCases }) => {
        const [first] = testCases;
        const last = testCases.at(-1);
        if (request.mode === 'single' && first) {
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
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="New Test Case" size={LAYOUT.dialogWidths.small}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <EnvironmentField
            value={values.simulatorId}
            onChange={(value) =>
              form.set({
                simulatorId: value,
                extraSimulatorIds: values.extraSimulatorIds.filter((id) => id !== value),
              })
            }
            error={errors.simulatorId}
          />
          <OtherSimulatorsField
            value={values.extraSimulatorIds}
            options={otherSimulatorOptions(
              simulators.data ?? [],
              values.simulatorId === null ? null : Number(values.simulatorId),
            )}
            onChange={(extraSimulatorIds) => form.set({ extraSimulatorIds })}
            error={errors.extraSimulatorIds}
          />
          <SegmentedControl
            aria-label="Creation mode"
            data={MODES}
            value={values.mode}
            onChange={(value) => form.set({ mode: value === 'blank' ? 'blank' : 'single' })}
            fullWidth
          />
          <ScoringTypesField
            value={values.scoringTypes}
            onChange={(scoringTypes) => form.set({ scoringTypes })}
            error={errors.scoringTypes}
          />
          {values.mode === 'single' ? (
            <TestCaseTextFields field={form.field} />
          ) : (
            <TextInput
              label="Number of blank test cases"
              description={`From 1 to ${BLANK_TEST_CASE_MAX}; each is named blank_test_{n}`}
              inputMode="numeric"
              {...form.field('count')}
              onBlur={() => form.set({ count: String(blankCountFrom(values.count, BLANK_TEST_CASE_MAX)) })}
            />
          )}
          <DialogActions submitLabel="Create" onCancel={close} pending={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
