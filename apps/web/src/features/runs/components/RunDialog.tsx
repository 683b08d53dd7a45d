import { Alert, Modal, Stack, Text } from '@mantine/core';
import { LAYOUT, RUN_MESSAGES } from '@proctor/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorDetail } from '../../../api';
import { DialogActions } from '../../../components/DialogActions';
import { notify } from '../../../components/notify';
import { paths } from '../../../paths';
import { useAgentChoice } from '../hooks/useAgentChoice';
import { useStartBatchRun, useStartRun } from '../hooks/useStartRuns';
import { AgentPicker } from './AgentPicker';

/** What a run dialog runs: a whole dataset (Run All) or one of its test cases (Run). */
export type RunTarget =
  | { kind: 'dataset'; dataset: { id: number; name: string; testCaseCount: number } }
  | { kind: 'testCase'; testCase: { id: number; name: string } };

const TITLES: Record<RunTarget['kind'], string> = { dataset: 'Run dataset', testCase: 'Run Test Case' };

/**
 * Run dataset / Run Test Case (001 §2.3): an agent picker, then one run of the agent on the test case or on
 * each of the dataset's test cases. The user lands on the run group's sessions (001 §2.3: after a batch run,
 * /sessions with run_session_batch_id). A refusal is shown in the dialog, which stays open.
 */
export function RunDialog({
  target,
  opened,
  onClose,
}: {
  /** Kept while the dialog closes, so that its title does not change on the way out. */
  target: RunTarget | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened && target !== null}
      onClose={onClose}
      title={target ? TITLES[target.kind] : ''}
      size={LAYOUT.dialogWidths.small}
    >
      {target && (
        <RunForm
          key={target.kind === 'dataset' ? `dataset-${target.dataset.id}` : `test-case-${target.testCase.id}`}
          target={target}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function RunForm({ target, onClose }: { target: RunTarget; onClose: () => void }) {
  const navigate = useNavigate();
  const choice = useAgentChoice(null);
  const [missingAgent, setMissingAgent] = useState(false);
  const startRun = useStartRun();
  const startBatch = useStartBatchRun();
  const start = target.kind === 'dataset' ? startBatch : startRun;

  const submit = () => {
    const agent = choice.chosen;
    if (!agent) {
      setMissingAgent(true);
      return;
    }
    setMissingAgent(false);
    const landOn = (batchId: string) => {
      onClose();
      navigate(paths.runGroup(batchId));
    };
    if (target.kind === 'dataset') {
      startBatch.mutate(
        { testCaseSetId: target.dataset.id, agentArtifactId: agent.id },
        {
          onSuccess: ({ batch_id }) => {
            notify.success(RUN_MESSAGES.datasetStarted(target.dataset.name));
            landOn(batch_id);
          },
        },
      );
    } else {
      startRun.mutate(
        { testCaseId: target.testCase.id, agentArtifactId: agent.id },
        {
          onSuccess: ({ batch_id }) => {
            notify.success(RUN_MESSAGES.startedDetail, RUN_MESSAGES.started);
            landOn(batch_id);
          },
        },
      );
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          {target.kind === 'dataset'
            ? `One run of the agent on each of the ${target.dataset.testCaseCount} ${
                target.dataset.testCaseCount === 1 ? 'test case' : 'test cases'
              } of ${target.dataset.name}.`
            : `One run of the agent on ${target.testCase.name}.`}
        </Text>
        <AgentPicker
          choice={{
            ...choice,
            choose: (id) => {
              setMissingAgent(false);
              choice.choose(id);
            },
          }}
          error={missingAgent ? RUN_MESSAGES.agentRequired : null}
        />
        {start.isError && (
          <Alert color="red" variant="light" title={RUN_MESSAGES.startFailed} role="alert">
            {errorDetail(start.error)}
          </Alert>
        )}
        <DialogActions
          submitLabel="Run"
          onCancel={onClose}
          pending={start.isPending}
          disabled={choice.agents.isPending}
        />
      </Stack>
    </form>
  );
}
