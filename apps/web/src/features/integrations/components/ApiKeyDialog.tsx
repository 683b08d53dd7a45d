import { Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { LAYOUT, UpdateIntegrationRequest } from '@proctor/contracts';
import { useContractForm } from '../../../components/contractForm';
import { DialogActions } from '../../../components/DialogActions';

/**
 * The API key of an integration: Connect's (a new integration) and API Authentication's Configure (a new key).
 * The key goes to the server once and is never shown again: the server keeps it encrypted and answers only
 * that one is set.
 */
export function ApiKeyDialog({
  opened,
  title,
  submitLabel,
  description,
  pending,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  title: string;
  submitLabel: string;
  description: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: (apiKey: string, done: () => void) => void;
}) {
  const form = useContractForm(UpdateIntegrationRequest, { api_key: '' });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.submit((request) => onSubmit(request.api_key, () => form.reset()));
  return (
    <Modal opened={opened} onClose={close} title={title} size={LAYOUT.dialogWidths.small}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {description}
          </Text>
          <PasswordInput
            label="API key"
            required
            autoComplete="off"
            data-autofocus
            {...form.field('api_key')}
          />
          <DialogActions submitLabel={submitLabel} onCancel={close} pending={pending} />
        </Stack>
      </form>
    </Modal>
  );
}
