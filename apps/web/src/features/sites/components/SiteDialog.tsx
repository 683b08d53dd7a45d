import { Modal, Stack, TextInput } from '@mantine/core';
import { CreateSiteRequest, LAYOUT } from '@proctor/contracts';
import { useContractForm } from '../../../components/contractForm';
import { DialogActions } from '../../../components/DialogActions';

export interface SiteValues {
  name: string;
  url: string;
  imgUrl: string;
}

/**
 * The form of Create Site and Edit site (002 §5): name, URL (of URL type) and image URL, all required, so an edit
 * is checked by the create request's rules. Mounted while open: its fields start from `initial`.
 */
export function SiteDialog({
  title,
  submitLabel,
  initial,
  pending,
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  initial: SiteValues;
  pending: boolean;
  onSubmit: (request: CreateSiteRequest) => void;
  onClose: () => void;
}) {
  const form = useContractForm(CreateSiteRequest, initial);
  return (
    <Modal opened onClose={onClose} title={title} size={LAYOUT.dialogWidths.small}>
      <form noValidate onSubmit={form.submit(onSubmit)}>
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
          <DialogActions submitLabel={submitLabel} onCancel={onClose} pending={pending} />
        </Stack>
      </form>
    </Modal>
  );
}
