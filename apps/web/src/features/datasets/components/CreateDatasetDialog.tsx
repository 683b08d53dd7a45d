import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { CreateTestCaseSetRequest, DATASET_ICON_HINT, isIconUrl, LAYOUT } from '@proctor/contracts';
import { useState } from 'react';
import { errorDetail } from '../../../api';
import { fieldErrors } from '../../../components/fieldErrors';
import { notify } from '../../../components/notify';
import { useCreateTestCaseSet } from '../hooks/useTestCaseSets';
import { DatasetIcon } from './DatasetIcon';

export const DATASET_CREATED = 'Dataset created';
const EMPTY = { name: '', description: '', icon: '' };

/** Create dataset (001 §2.3, §5): name, description and an icon that is an image URL or an emoji. */
export function CreateDatasetDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateTestCaseSet();
  const set = (patch: Partial<typeof EMPTY>) => setForm((current) => ({ ...current, ...patch }));

  const close = () => {
    setForm(EMPTY);
    setErrors({});
    onClose();
  };

  const submit = () => {
    const parsed = CreateTestCaseSetRequest.safeParse(form);
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    // The API allows a dataset without an icon (benchmarks); this dialog requires one (001 §5).
    if (!form.icon.trim()) found.icon = DATASET_ICON_HINT;
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        notify.success(DATASET_CREATED);
        close();
      },
      onError: (error) => notify.error(errorDetail(error), 'Failed to create dataset'),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Create dataset" size={LAYOUT.dialogWidths.small}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Name"
            required
            value={form.name}
            onChange={(event) => set({ name: event.currentTarget.value })}
            error={errors.name}
          />
          <Textarea
            label="Description"
            required
            autosize
            minRows={2}
            value={form.description}
            onChange={(event) => set({ description: event.currentTarget.value })}
            error={errors.description}
          />
          <TextInput
            label="Icon"
            required
            placeholder="🛒 or https://example.com/icon.png"
            description={errors.icon ? undefined : DATASET_ICON_HINT}
            value={form.icon}
            onChange={(event) => set({ icon: event.currentTarget.value })}
            error={errors.icon}
            // An emoji is previewed; an image URL is fetched by Proctor when the dataset is created.
            rightSection={
              form.icon.trim() && !isIconUrl(form.icon.trim()) ? (
                <DatasetIcon icon={form.icon.trim()} name="Preview" size={22} />
              ) : null
            }
          />
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
