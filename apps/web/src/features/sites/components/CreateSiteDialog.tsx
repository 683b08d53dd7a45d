import { Modal, Stack, TextInput } from '@mantine/core';
import { CreateSiteRequest, LAYOUT, type Site } from '@proctor/contracts';
import { errorDetail } from '../../../api';
import { useContractForm } from '../../../components/contractForm';
import { DialogActions } from '../../../components/DialogActions';
import { notify } from '../../../components/notify';
import { useCreateSite } from '../hooks/useSites';

export const SITE_CREATED = 'Site created';
const EMPTY = { name: '', url: '', imgUrl: '' };

/** Create Site (002 §2.6, §5): name, URL (of URL type) and image URL, all required. */
export function CreateSiteDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (site: Site) => void;
}) {
  const form = useContractForm(CreateSiteRequest, EMPTY);
  const create = useCreateSite();

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.submit((request) =>
    create.mutate(request, {
      onSuccess: (site) => {
        notify.success(SITE_CREATED);
        form.reset();
        onCreated(site);
      },
      onError: (error) => notify.error(errorDetail(error), 'Failed to create site'),
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="Create Site" size={LAYOUT.dialogWidths.small}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput label="Name" required placeholder="Acme Shop" {...form.field('name')} />
          <TextInput
            label="URL"
            type="url"
            required
            placeholder="https://shop.example.com"
            {...form.field('url')}
          />
          <TextInput
            label="Image URL"
            type="url"
            required
            placeholder="https://shop.example.com/logo.png"
            {...form.field('imgUrl')}
          />
          <DialogActions submitLabel="Create" onCancel={close} pending={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
