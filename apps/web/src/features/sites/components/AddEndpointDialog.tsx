import { Checkbox, Code, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { LAYOUT, type Site, SiteEndpointFromRequestRequest, type SiteRequest } from '@proctor/contracts';
import { errorDetail } from '../../../api';
import { useContractForm } from '../../../components/contractForm';
import { DialogActions } from '../../../components/DialogActions';
import { notify } from '../../../components/notify';
import { checkAddEndpoint, initialAddEndpointValues, isJsonContentType } from '../addEndpointForm';
import { useCreateSiteModel, useEndpointFromRequest } from '../hooks/useSites';

export const endpointAdded = (site: string, created: boolean) =>
  created ? `Endpoint added to ${site}` : `${site} already has this endpoint`;

/**
 * Add endpoint (002 §7.4 site-endpoint-from-request): the endpoint a captured request stands for, on a site the
 * user may change; with "Create model from response", a model whose schema is inferred from the response, linked
 * to the endpoint.
 */
export function AddEndpointDialog({
  request,
  sites,
  onClose,
}: {
  request: SiteRequest;
  sites: Site[];
  onClose: () => void;
}) {
  const form = useContractForm(SiteEndpointFromRequestRequest, initialAddEndpointValues(request), {
    request: (values) => ({ siteId: Number(values.siteId), requestId: request.id }),
    check: checkAddEndpoint,
  });
  const fromRequest = useEndpointFromRequest();
  const createModel = useCreateSiteModel();
  const json = isJsonContentType(request.contentType);

  const submit = form.submit(async (body) => {
    const site = sites.find((candidate) => candidate.id === body.siteId);
    try {
      const { endpoint, created } = await fromRequest.mutateAsync(body);
      if (form.values.withModel && json)
        await createModel.mutateAsync({
          siteId: body.siteId,
          name: form.values.modelName.trim(),
          requestId: request.id,
          endpointId: endpoint.id,
        });
      notify.success(endpointAdded(site?.name ?? 'The site', created));
      onClose();
    } catch (error) {
      notify.error(errorDetail(error), 'Failed to add the endpoint');
    }
  });

  return (
    <Modal opened onClose={onClose} title="Add endpoint to a site" size={LAYOUT.dialogWidths.small}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">
            <Code>{request.method}</Code>{' '}
            <Text span ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
              {request.url}
            </Text>
          </Text>
          <Select
            label="Site"
            required
            placeholder="Choose a site"
            data={sites.map((site) => ({ value: String(site.id), label: site.name }))}
            value={form.values.siteId || null}
            onChange={(value) => {
              form.set({ siteId: value ?? '' });
              form.clearErrors(['siteId']);
            }}
            error={form.errors.siteId}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
          <Checkbox
            label="Create model from response"
            description={
              json
                ? "Its JSON Schema is inferred from this response and becomes the endpoint's model."
                : 'The response is not JSON.'
            }
            checked={form.values.withModel && json}
            disabled={!json}
            onChange={(event) => form.set({ withModel: event.currentTarget.checked })}
          />
          {form.values.withModel && json && (
            <TextInput label="Model name" required {...form.field('modelName')} />
          )}
          <DialogActions
            submitLabel="Add endpoint"
            onCancel={onClose}
            pending={fromRequest.isPending || createModel.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
