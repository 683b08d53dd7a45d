import { Alert, Modal, Select, Stack, TextInput } from '@mantine/core';
import { LAYOUT } from '@proctor/contracts';
import { useState } from 'react';
import { errorDetail } from '../../../api';
import { DialogActions } from '../../../components/DialogActions';
import { notify } from '../../../components/notify';
import { EnvironmentStartError, useEnvironmentSimulators, useMakeEnvironment } from '../../environments';
import { type KeepaliveForm, keepaliveFormProblem } from '../keepaliveForm';

export const KEEPALIVE_CREATE_FAILED = 'Failed to create keepalive job';
export const KEEPALIVE_CREATED = 'Environment created';
const EMPTY: KeepaliveForm = { simulator: null, alias: '' };

/** Starts a keepalive environment: it runs without heartbeats until closed, for the whole organization. */
export function CreateEnvironmentDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [form, setForm] = useState<KeepaliveForm>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const simulators = useEnvironmentSimulators();
  const make = useMakeEnvironment();

  const close = () => {
    setForm(EMPTY);
    setProblem(null);
    setFailure(null);
    onClose();
  };

  const submit = () => {
    const found = keepaliveFormProblem(form);
    setProblem(found);
    setFailure(null);
    if (found || !form.simulator) return;
    make.mutate(
      {
        env_id: form.simulator,
        keepalive: true,
        alias: form.alias.trim(),
        interface_width: LAYOUT.keepaliveInterface.width,
        interface_height: LAYOUT.keepaliveInterface.height,
        source: 'public-urls',
      },
      {
        onSuccess: () => {
          notify.success(KEEPALIVE_CREATED);
          close();
        },
        // The server's detail, and for an environment that failed to start, its reason too.
        onError: (error) =>
          setFailure(
            error instanceof EnvironmentStartError && error.detail
              ? `${error.message}: ${error.detail}`
              : errorDetail(error),
          ),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Create Environment" size={LAYOUT.dialogWidths.small}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Select
            label="Simulator"
            placeholder={simulators.isPending ? 'Loading simulators…' : 'Choose a simulator'}
            searchable
            data={(simulators.data ?? [])
              .filter((simulator) => simulator.enabled)
              .map((simulator) => ({ value: simulator.name, label: simulator.name }))}
            value={form.simulator}
            onChange={(simulator) => setForm((current) => ({ ...current, simulator }))}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="Alias"
            description="Letters, numbers and hyphens; names the environment for your organization."
            value={form.alias}
            onChange={(event) => {
              const alias = event.currentTarget.value;
              setForm((current) => ({ ...current, alias }));
            }}
          />
          {problem && (
            <Alert color="red" variant="light" data-testid="keepalive-form-problem">
              {problem}
            </Alert>
          )}
          {failure && (
            <Alert color="red" variant="light" title={KEEPALIVE_CREATE_FAILED}>
              {failure}
            </Alert>
          )}
          <DialogActions submitLabel="Create" onCancel={close} pending={make.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
