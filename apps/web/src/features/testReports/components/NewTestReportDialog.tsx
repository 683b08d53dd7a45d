import { Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { LAYOUT, TEST_REPORT_MESSAGES, TEST_REPORT_NAME_MAX_LENGTH } from '@proctor/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import { errorDetail } from '../../../api';
import { DialogActions } from '../../../components/DialogActions';
import { notify } from '../../../components/notify';
import { QueryView } from '../../../components/QueryView';
import { useCompletedTestRuns, useCreateTestReport } from '../hooks/useTestReports';

/**
 * New report: a completed test run, a name, and optionally a Liquid template of one's own (given the run's
 * summary as `run`); without one, Proctor's template. A template error comes back with its line and column.
 */
export function NewTestReportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="New report" size={LAYOUT.dialogWidths.medium}>
      {opened && <NewReportForm onClose={onClose} />}
    </Modal>
  );
}

function NewReportForm({ onClose }: { onClose: () => void }) {
  const runs = useCompletedTestRuns(true);
  const create = useCreateTestReport();
  const [runId, setRunId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [template, setTemplate] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!runId) return;
        setError(null);
        create.mutate(
          {
            test_run_id: runId,
            ...(name.trim() ? { name: name.trim() } : {}),
            ...(template.trim() ? { template } : {}),
          },
          {
            onSuccess: () => {
              notify.success(TEST_REPORT_MESSAGES.created);
              onClose();
            },
            onError: (failure) => setError(errorDetail(failure)),
          },
        );
      }}
    >
      <Stack gap="md">
        <QueryView query={runs} errorTitle={TEST_REPORT_MESSAGES.loadFailed}>
          {(list) => (
            <Select
              label="Test run"
              placeholder={list.length === 0 ? 'No completed test run yet' : 'Choose a completed run'}
              data={list.map((run) => ({
                value: run.run_id,
                label: `${run.run_id} · ${run.simulators.join(', ')} · ${dayjs(run.created_at).format('MMM D, HH:mm')}`,
              }))}
              value={runId}
              onChange={setRunId}
              searchable
              required
            />
          )}
        </QueryView>
        <TextInput
          label="Name"
          placeholder="Run {run id}"
          maxLength={TEST_REPORT_NAME_MAX_LENGTH}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Textarea
          label="Template"
          description="Liquid, given the run as `run` (run.totals, run.results → environments → tests). Leave empty for Proctor's report."
          autosize
          minRows={4}
          maxRows={14}
          styles={{ input: { fontFamily: 'monospace' } }}
          value={template}
          onChange={(event) => setTemplate(event.currentTarget.value)}
          error={error}
        />
        <DialogActions submitLabel="Create" onCancel={onClose} pending={create.isPending} disabled={!runId} />
      </Stack>
    </form>
  );
}
