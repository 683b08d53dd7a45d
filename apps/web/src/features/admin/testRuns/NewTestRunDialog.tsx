import { Modal, NumberInput, Stack, TagsInput, TextInput } from '@mantine/core';
import {
  LAYOUT,
  TEST_RUN_MAX_ENVIRONMENTS,
  TEST_RUN_MAX_TAGS,
  TEST_RUN_PATTERN_MAX_LENGTH,
} from '@proctor/contracts';
import { useState } from 'react';
import { errorDetail } from '../../../api';
import { DialogActions } from '../../../components/DialogActions';
import { notify } from '../../../components/notify';
import { TEST_RUN_MESSAGES } from './messages';
import { useStartTestRun } from './useTestRuns';

/**
 * New test run (the spec's tab shows none; an admin otherwise had to call POST /api/admin/test-runs): the
 * built-in test cases a pattern matches, each run by its reference solution in N fresh environments.
 */
export function NewTestRunDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="New test run" size={LAYOUT.dialogWidths.small}>
      {opened && <NewTestRunForm onClose={onClose} />}
    </Modal>
  );
}

function NewTestRunForm({ onClose }: { onClose: () => void }) {
  const start = useStartTestRun();
  const [pattern, setPattern] = useState('');
  const [environments, setEnvironments] = useState<number>(1);
  const [tags, setTags] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        start.mutate(
          { pattern: pattern.trim(), environments, tags },
          {
            onSuccess: (run) => {
              notify.success(TEST_RUN_MESSAGES.started(run.tests, run.simulators));
              onClose();
            },
            onError: (failure) => setError(errorDetail(failure)),
          },
        );
      }}
    >
      <Stack gap="md">
        <TextInput
          label="Pattern"
          description="Matched against {simulator}/{test case key} and the test case's name: a substring, or a glob with * and ?; several separated by commas. Empty: every built-in test case."
          placeholder="food/*, calendar/count-pending-invitations"
          maxLength={TEST_RUN_PATTERN_MAX_LENGTH}
          value={pattern}
          onChange={(event) => setPattern(event.currentTarget.value)}
          error={error}
        />
        <NumberInput
          label="Environments per test case"
          min={1}
          max={TEST_RUN_MAX_ENVIRONMENTS}
          clampBehavior="strict"
          allowDecimal={false}
          value={environments}
          onChange={(value) => setEnvironments(typeof value === 'number' ? value : 1)}
        />
        <TagsInput
          label="Tags"
          description="Free labels shown in the table and the report"
          maxTags={TEST_RUN_MAX_TAGS}
          value={tags}
          onChange={setTags}
        />
        <DialogActions submitLabel="Start" onCancel={onClose} pending={start.isPending} />
      </Stack>
    </form>
  );
}
