import {
  Button,
  Group,
  Modal,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { CreateSimulatorRequest, DEFAULT_PROXY_PORT, jobNameFor, LAYOUT } from '@proctor/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorDetail } from '../../../api';
import { fieldErrors } from '../../../components/fieldErrors';
import { notify } from '../../../components/notify';
import { paths } from '../../../paths';
import { useCreateSimulator } from '../hooks/useCreateSimulator';

export const SIMULATOR_CREATED = 'Simulator created';

const TYPE_OPTIONS = [
  { value: 'proxy', label: 'Proxy' },
  { value: 'docker_app', label: 'Docker App' },
];

interface SimulatorForm {
  name: string;
  simType: string | null;
  url: string;
  imgUrl: string;
  jobName: string;
  port: string;
  authUser: string;
  authPassword: string;
  notes: string;
  license: string;
}

const EMPTY: SimulatorForm = {
  name: '',
  simType: null,
  url: '',
  imgUrl: '',
  jobName: '',
  port: '',
  authUser: '',
  authPassword: '',
  notes: '',
  license: '',
};

/** Create Simulator (001 §2.7, §5), for platform admins. */
export function AddSimulatorDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateSimulator();
  const navigate = useNavigate();
  const set = (patch: Partial<SimulatorForm>) => setForm((current) => ({ ...current, ...patch }));

  const close = () => {
    setForm(EMPTY);
    setErrors({});
    onClose();
  };

  const submit = () => {
    const config: Record<string, unknown> = {};
    if (form.notes.trim()) config.notes = form.notes.trim();
    if (form.license.trim()) config.license = form.license.trim();
    // Authentication is stored only when both are given (001 §5).
    if (form.authUser.trim() && form.authPassword)
      config.authentication = { user: form.authUser.trim(), password: form.authPassword };
    const parsed = CreateSimulatorRequest.safeParse({
      name: form.name,
      simType: form.simType ?? undefined,
      url: form.url.trim() || null,
      imgUrl: form.imgUrl.trim() || null,
      jobName: form.jobName.trim() || null,
      internalAppPort: form.port.trim(),
      config,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ simulator }) => {
        notify.success(SIMULATOR_CREATED);
        close();
        navigate(paths.simulator(simulator.name));
      },
      onError: (error) => notify.error(errorDetail(error), 'Failed to create simulator'),
    });
  };

  const generatedJobName = form.name.trim() ? jobNameFor(form.name.trim()) : 'Generated from the name';
  return (
    <Modal opened={opened} onClose={close} title="Add Simulator" size={LAYOUT.dialogWidths.small}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <SimpleGrid cols={2} spacing="md">
            <TextInput
              label="Name"
              required
              data-autofocus
              value={form.name}
              onChange={(event) => set({ name: event.currentTarget.value })}
              error={errors.name}
            />
            <Select
              label="Type"
              required
              placeholder="Choose a type"
              data={TYPE_OPTIONS}
              value={form.simType}
              onChange={(value) => set({ simType: value })}
              error={errors.simType}
            />
          </SimpleGrid>
          <TextInput
            label="URL"
            placeholder="https://app.example.com"
            value={form.url}
            onChange={(event) => set({ url: event.currentTarget.value })}
            error={errors.url}
          />
          <TextInput
            label="Image URL"
            placeholder="https://app.example.com/favicon.png"
            value={form.imgUrl}
            onChange={(event) => set({ imgUrl: event.currentTarget.value })}
            error={errors.imgUrl}
          />
          <SimpleGrid cols={2} spacing="md">
            <TextInput
              label="Job name"
              placeholder={generatedJobName}
              value={form.jobName}
              onChange={(event) => set({ jobName: event.currentTarget.value })}
              error={errors.jobName}
            />
            <TextInput
              label="Port"
              inputMode="numeric"
              placeholder={form.simType === 'proxy' ? String(DEFAULT_PROXY_PORT) : 'None'}
              value={form.port}
              onChange={(event) => set({ port: event.currentTarget.value })}
              error={errors.internalAppPort}
            />
          </SimpleGrid>
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Authentication
            </Text>
            <SimpleGrid cols={2} spacing="md">
              <TextInput
                aria-label="Authentication user"
                placeholder="User name"
                value={form.authUser}
                onChange={(event) => set({ authUser: event.currentTarget.value })}
              />
              <PasswordInput
                aria-label="Authentication password"
                placeholder="Password"
                value={form.authPassword}
                onChange={(event) => set({ authPassword: event.currentTarget.value })}
              />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              Stored only when both the user name and the password are given.
            </Text>
          </Stack>
          <Textarea
            label="Notes"
            autosize
            minRows={2}
            value={form.notes}
            onChange={(event) => set({ notes: event.currentTarget.value })}
          />
          <TextInput
            label="License"
            placeholder="MIT"
            value={form.license}
            onChange={(event) => set({ license: event.currentTarget.value })}
          />
          {errors.config && (
            <Text size="sm" c="red">
              {errors.config}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create Simulator
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
