import { Alert, Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { isIconUrl, LAYOUT } from '@proctor/contracts';
import { useState } from 'react';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import {
  AGENT_ICON_HINT,
  AGENT_TYPE_FIELDS,
  AGENT_TYPE_OPTIONS,
  type AgentForm,
  type AgentType,
  checkAgentForm,
  EMPTY_AGENT_FORM,
} from '../agentForm';
import { useCreateAgentArtifact } from '../hooks/useAgentArtifacts';
import { EmojiIcon } from './AgentIcon';

export const AGENT_CREATED = 'Agent created';

/** An emoji as it will look; an image URL is not previewed: Proctor fetches it when the agent is created. */
function IconPreview({ icon }: { icon: string }) {
  if (!icon || isIconUrl(icon)) return null;
  return <EmojiIcon emoji={icon} label="Icon preview" size={22} />;
}

/**
 * Create Agent Artifact (001 §2.8, §5): type, alias, description, icon and the type's own fields. The form
 * is checked with the contract's rules before it is sent; what the server refuses (an alias already taken)
 * is shown in the dialog, which stays open.
 */
export function CreateAgentDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [form, setForm] = useState<AgentForm>(EMPTY_AGENT_FORM);
  const [errors, setErrors] = useState<Partial<Record<keyof AgentForm, string>>>({});
  const create = useCreateAgentArtifact();
  const set = (patch: Partial<AgentForm>) => setForm((current) => ({ ...current, ...patch }));

  const close = () => {
    setForm(EMPTY_AGENT_FORM);
    setErrors({});
    create.reset();
    onClose();
  };

  const submit = () => {
    const check = checkAgentForm(form);
    if (!check.valid) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    create.mutate(check.body, {
      onSuccess: ({ artifact }) => {
        notify.success(`${artifact.alias} added`, AGENT_CREATED);
        close();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Create Agent Artifact" size={LAYOUT.dialogWidths.small}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Select
            label="Type"
            required
            data={AGENT_TYPE_OPTIONS}
            value={form.type}
            onChange={(value) => {
              if (value) set({ type: value as AgentType });
              // The new type's fields start without errors; the common fields keep theirs.
              setErrors(({ alias, description, icon }) => ({ alias, description, icon }));
            }}
            allowDeselect={false}
          />
          <TextInput
            label="Alias"
            required
            placeholder="my-agent-v1"
            description="Sessions name their agent by this alias (agent_version)."
            value={form.alias}
            onChange={(event) => set({ alias: event.currentTarget.value })}
            error={errors.alias}
            data-autofocus
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={form.description}
            onChange={(event) => set({ description: event.currentTarget.value })}
            error={errors.description}
          />
          <TextInput
            label="Icon"
            placeholder="🤖 or https://example.com/agent.png"
            description={errors.icon ? undefined : AGENT_ICON_HINT}
            value={form.icon}
            onChange={(event) => set({ icon: event.currentTarget.value })}
            error={errors.icon}
            rightSection={<IconPreview icon={form.icon.trim()} />}
          />
          {AGENT_TYPE_FIELDS[form.type].map((field) => (
            <TextInput
              key={field.name}
              label={field.label}
              required
              placeholder={field.placeholder}
              value={form[field.name]}
              onChange={(event) => set({ [field.name]: event.currentTarget.value })}
              error={errors[field.name]}
            />
          ))}
          {create.isError && (
            <Alert color="red" variant="light" title="Failed to create agent" role="alert">
              {errorDetail(create.error)}
            </Alert>
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
