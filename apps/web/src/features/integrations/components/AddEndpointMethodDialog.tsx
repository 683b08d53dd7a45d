import { Alert, Anchor, Modal, Select, Stack, Text } from '@mantine/core';
import { LAYOUT } from '@proctor/contracts';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { errorDetail } from '../../../api';
import { DialogActions } from '../../../components/DialogActions';
import { notify } from '../../../components/notify';
import { paths } from '../../../paths';
import { useAddIntegrationMethod, useSiteEndpointChoices } from '../hooks/useIntegrations';

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** API Endpoints' Add: one of the organization's site endpoints becomes a method, called at its site's origin. */
export function AddEndpointMethodDialog({
  integrationId,
  apiBaseUrl,
  opened,
  onClose,
}: {
  integrationId: number;
  /** Where the integration's API is: only endpoints on its origin get its key, so only they are offered. */
  apiBaseUrl: string;
  opened: boolean;
  onClose: () => void;
}) {
  const choices = useSiteEndpointChoices(opened);
  const apiOrigin = originOf(apiBaseUrl);
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
  const list = (choices.data ?? []).filter((endpoint) => originOf(endpoint.originUrl) === apiOrigin);
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
              No site endpoints on {apiOrigin ?? 'this API'} yet: make them on{' '}
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
