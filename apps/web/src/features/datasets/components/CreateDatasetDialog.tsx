import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { CreateTestCaseSetRequest, DATASET_ICON_HINT, isIconUrl, LAYOUT } from '@proctor/contracts';
import { errorDetail } from '../../../api';
import { useContractForm } from '../../../components/contractForm';
import { DialogActions } from '../../../components/DialogActions';
import { notify } from '../../../components/notify';
import { useCreateTestCaseSet } from '../hooks/useTestCaseSets';
import { DatasetIcon } from './DatasetIcon';

export const DATASET_CREATED = 'Dataset created';
const EMPTY = { name: '', description: '', icon: '' };

/** Create dataset (001 §2.3, §5): name, description and an icon that is an image URL or an emoji. */
export function CreateDatasetDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useContractForm(CreateTestCaseSetRequest, EMPTY, {
    // The API allows a dataset without an icon (benchmarks); this dialog requires one (001 §5).
    check: (values): Record<string, string> => (values.icon.trim() ? {} : { icon: DATASET_ICON_HINT }),
  });
  const create = useCreateTestCaseSet();
  const icon = form.values.icon.trim();

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.submit((request) =>
    create.mutate(request, {
      onSuccess: () => {
        notify.success(DATASET_CREATED);
        close();
      },
      onError: (error) => notify.error(errorDetail(error), 'Failed to create dataset'),
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="Create dataset" size={LAYOUT.dialogWidths.small}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput label="Name" required {...form.field('name')} />
          <Textarea label="Description" required autosize minRows={2} {...form.field('description')} />
          <TextInput
            label="Icon"
            required
            placeholder="🛒 or https://example.com/icon.png"
            description={form.errors.icon ? undefined : DATASET_ICON_HINT}
            {...form.field('icon')}
            // An emoji is previewed; an image URL is fetched by Proctor when the dataset is created.
            rightSection={
              icon && !isIconUrl(icon) ? <DatasetIcon icon={icon} name="Preview" size={22} /> : null
            }
          />
          <DialogActions submitLabel="Create" onCancel={close} pending={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
