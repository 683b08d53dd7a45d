import { Alert, Anchor, Modal, Select, Stack, Text } from '@mantine/core';
import { LAYOUT } from '@proctor/contracts';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { errorDetail } from '../../../api';
import { DialogActions } from '../../../components/DialogActions';
import { notify } from '../../../components/notify';
import { paths } from '../../../paths';
import { useAddIntegrationMethod, useSiteEndpointChoices } from '../hooks/useIntegrations';

/** API Endpoints' Add: one of the organization's site endpoints becomes a method, called at its site's origin. */
export function AddEndpointMethodDialog({
  integrationId,
  opened,
  onClose,
}: {
  integrationId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const choices = useSiteEndpointChoices(opened);
  const add = useAddIntegrationMethod(integrationId);
  const [endpointId, setEndpointId] = useState<string | null>(null);
  const close = () => {
    setEndpointId(null);
    add.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!endpointId) return;
    add.mutate(Number(endpointId), {
      onSuccess: (method) => {
        notify.success(`${method.name} added`);
        close();
      },
    });
  };
  const list = choices.data ?? [];
  return (
    <Modal opened={opened} onClose={close} title="Add API endpoint" size={LAYOUT.dialogWidths.small}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Select
            label="Site endpoint"
            placeholder={choices.isLoading ? 'Loading…' : 'Choose an endpoint'}
            searchable
            data={list.map((endpoint) => ({
              value: String(endpoint.id),
              label: `${endpoint.method} ${endpoint.originUrl}${endpoint.urlPattern}`,
            }))}
            value={endpointId}
            onChange={setEndpointId}
            comboboxProps={{ withinPortal: true }}
          />
          {choices.isSuccess && list.length === 0 && (
            <Text size="sm" c="dimmed">
              No site endpoints yet: make them on{' '}
              <Anchor component={Link} to={paths.siteRequests} inherit>
                Site Requests
              </Anchor>
              .
            </Text>
          )}
          {(choices.isError || add.isError) && (
            <Alert color="red" variant="light">
              {errorDetail(choices.error ?? add.error)}
            </Alert>
          )}
          <DialogActions submitLabel="Add" onCancel={close} pending={add.isPending} disabled={!endpointId} />
        </Stack>
      </form>
    </Modal>
  );
}
