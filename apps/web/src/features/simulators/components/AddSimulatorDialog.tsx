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
import { useNavigate } from 'react-router';
import { errorDetail } from '../../../api';
import { useContractForm } from '../../../components/contractForm';
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
  /** As typed; the contract reads it as a whole number, an empty one as none. */
  internalAppPort: string;
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
  internalAppPort: '',
  authUser: '',
  authPassword: '',
  notes: '',
  license: '',
};

/** The request of a form: notes, license and authentication go into the configuration, empty texts are none. */
function simulatorRequestOf(form: SimulatorForm) {
  const config: Record<string, unknown> = {};
  if (form.notes.trim()) config.notes = form.notes.trim();
  if (form.license.trim()) config.license = form.license.trim();
  // Authentication is stored only when both are given (001 §5).
  if (form.authUser.trim() && form.authPassword)
    config.authentication = { user: form.authUser.trim(), password: form.authPassword };
  return {
    name: form.name,
    simType: form.simType ?? undefined,
    url: form.url.trim() || null,
    imgUrl: form.imgUrl.trim() || null,
    jobName: form.jobName.trim() || null,
    internalAppPort: form.internalAppPort.trim(),
    config,
  };
}

/** Create Simulator (001 §2.7, §5), for platform admins. */
export function AddSimulatorDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useContractForm(CreateSimulatorRequest, EMPTY, { request: simulatorRequestOf });
  const create = useCreateSimulator();
  const navigate = useNavigate();

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.submit((request) =>
    create.mutate(request, {
      onSuccess: ({ simulator }) => {
        notify.success(SIMULATOR_CREATED);
        close();
        navigate(paths.simulator(simulator.name));
      },
      onError: (error) => notify.error(errorDetail(error), 'Failed to create simulator'),
    }),
  );

  const name = form.values.name.trim();
  const generatedJobName = name ? jobNameFor(name) : 'Generated from the name';
  return (
    <Modal opened={opened} onClose={close} title="Add Simulator" size={LAYOUT.dialogWidths.small}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={2} spacing="md">
            <TextInput label="Name" required data-autofocus {...form.field('name')} />
            <Select
              label="Type"
              required
              placeholder="Choose a type"
              data={TYPE_OPTIONS}
              value={form.values.simType}
              onChange={(value) => form.set({ simType: value })}
              error={form.errors.simType}
            />
          </SimpleGrid>
          <TextInput label="URL" placeholder="https://app.example.com" {...form.field('url')} />
          <TextInput
            label="Image URL"
            placeholder="https://app.example.com/favicon.png"
            {...form.field('imgUrl')}
          />
          <SimpleGrid cols={2} spacing="md">
            <TextInput label="Job name" placeholder={generatedJobName} {...form.field('jobName')} />
            <TextInput
              label="Port"
              inputMode="numeric"
              placeholder={form.values.simType === 'proxy' ? String(DEFAULT_PROXY_PORT) : 'None'}
              {...form.field('internalAppPort')}
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
                {...form.field('authUser')}
              />
              <PasswordInput
                aria-label="Authentication password"
                placeholder="Password"
                {...form.field('authPassword')}
              />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              Stored only when both the user name and the password are given.
            </Text>
          </Stack>
          <Textarea label="Notes" autosize minRows={2} {...form.field('notes')} />
          <TextInput label="License" placeholder="MIT" {...form.field('license')} />
          {form.errors.config && (
            <Text size="sm" c="red">
              {form.errors.config}
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
