import { Modal, Stack, TextInput } from '@mantine/core';
import { LAYOUT, type SiteEndpoint, UpdateSiteEndpointRequest } from '@proctor/contracts';
import { errorDetail } from '../../../api';
import { useContractForm } from '../../../components/contractForm';
import { DialogActions } from '../../../components/DialogActions';
import { notify } from '../../../components/notify';
import { checkEditEndpoint, editEndpointRequest, initialEditEndpointValues } from '../editEndpointForm';
import { useUpdateSiteEndpoint } from '../hooks/useSites';

export const ENDPOINT_SAVED = 'Endpoint saved';

/** Edit endpoint (PUT /api/sites/endpoints/{id}): method, origin, URL pattern and content type. */
export function EditEndpointDialog({ endpoint, onClose }: { endpoint: SiteEndpoint; onClose: () => void }) {
  const form = useContractForm(UpdateSiteEndpointRequest, initialEditEndpointValues(endpoint), {
    request: editEndpointRequest,
    check: checkEditEndpoint,
  });
  const update = useUpdateSiteEndpoint();

  const submit = form.submit((body) =>
    update.mutate(
      { id: endpoint.id, ...body },
      {
        onSuccess: () => {
          notify.success(ENDPOINT_SAVED);
          onClose();
        },
        onError: (error) => notify.error(errorDetail(error), 'Failed to save the endpoint'),
      },
    ),
  );

  return (
    <Modal opened onClose={onClose} title="Edit endpoint" size={LAYOUT.dialogWidths.small}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput label="Method" required placeholder="GET" {...form.field('method')} />
          <TextInput
            label="Origin"
            required
            placeholder="https://api.example.com"
            {...form.field('originUrl')}
          />
          <TextInput
            label="URL pattern"
            required
            placeholder="/api/orders/{orderId}"
            description="A path from /, with {name} where a segment varies"
            {...form.field('urlPattern')}
          />
          <TextInput label="Content type" placeholder="application/json" {...form.field('contentType')} />
          <DialogActions submitLabel="Save" onCancel={onClose} pending={update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
