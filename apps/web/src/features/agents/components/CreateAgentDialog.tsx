import { Alert, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { CreateAgentArtifactRequest, isIconUrl, LAYOUT } from '@proctor/contracts';
import { errorDetail } from '../../../api';
import { useContractForm } from '../../../components/contractForm';
import { DialogActions } from '../../../components/DialogActions';
import { notify } from '../../../components/notify';
import {
  AGENT_ICON_HINT,
  AGENT_TYPE_FIELD_NAMES,
  AGENT_TYPE_FIELDS,
  AGENT_TYPE_OPTIONS,
  type AgentType,
  agentRequestOf,
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
  const form = useContractForm(CreateAgentArtifactRequest, EMPTY_AGENT_FORM, { request: agentRequestOf });
  const create = useCreateAgentArtifact();

  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };

  const submit = form.submit((request) =>
    create.mutate(request, {
      onSuccess: ({ artifact }) => {
        notify.success(`${artifact.alias} added`, AGENT_CREATED);
        close();
      },
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="Create Agent Artifact" size={LAYOUT.dialogWidths.small}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Select
            label="Type"
            required
            data={AGENT_TYPE_OPTIONS}
            value={form.values.type}
            onChange={(value) => {
              if (value) form.set({ type: value as AgentType });
              // The new type's fields start without errors; the common fields keep theirs.
              form.clearErrors(AGENT_TYPE_FIELD_NAMES);
            }}
            allowDeselect={false}
          />
          <TextInput
            label="Alias"
            required
            placeholder="my-agent-v1"
            description="Sessions name their agent by this alias (agent_version)."
            {...form.field('alias')}
            data-autofocus
          />
          <Textarea label="Description" autosize minRows={2} {...form.field('description')} />
          <TextInput
            label="Icon"
            placeholder="🤖 or https://example.com/agent.png"
            description={form.errors.imgUrl ? undefined : AGENT_ICON_HINT}
            {...form.field('imgUrl')}
            rightSection={<IconPreview icon={form.values.imgUrl.trim()} />}
          />
          {AGENT_TYPE_FIELDS[form.values.type].map((field) => (
            <TextInput
              key={field.name}
              label={field.label}
              required
              placeholder={field.placeholder}
              {...form.field(field.name)}
            />
          ))}
          {create.isError && (
            <Alert color="red" variant="light" title="Failed to create agent" role="alert">
              {errorDetail(create.error)}
            </Alert>
          )}
          <DialogActions submitLabel="Create" onCancel={close} pending={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
