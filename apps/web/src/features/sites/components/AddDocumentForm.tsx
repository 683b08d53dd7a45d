import { Button, Group, Stack, Textarea } from '@mantine/core';
import { CreateSiteDocumentRequest, type SiteModel } from '@proctor/contracts';
import { useState } from 'react';
import { errorDetail } from '../../../api';
import { useContractForm } from '../../../components/contractForm';
import { notify } from '../../../components/notify';
import { parseDocumentText } from '../documentText';
import { useCreateSiteDocument } from '../hooks/useSites';

export const DOCUMENT_ADDED = 'Document added';

/** Add document: JSON typed in, checked by the server against the model's schema; its refusal shows at the field. */
export function AddDocumentForm({ model }: { model: SiteModel }) {
  const form = useContractForm(
    CreateSiteDocumentRequest,
    { data: '' },
    {
      request: (values) => {
        const parsed = parseDocumentText(values.data);
        return { data: parsed.ok ? parsed.value : undefined };
      },
      check: (values): Record<string, string> => {
        const parsed = parseDocumentText(values.data);
        return parsed.ok ? {} : { data: parsed.error };
      },
    },
  );
  const create = useCreateSiteDocument();
  const [refused, setRefused] = useState<string | null>(null);

  const submit = form.submit(({ data }) => {
    setRefused(null);
    create.mutate(
      { modelId: model.id, data },
      {
        onSuccess: () => {
          notify.success(DOCUMENT_ADDED);
          form.reset();
        },
        onError: (error) => setRefused(errorDetail(error)),
      },
    );
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="xs">
        <Textarea
          label="Add document"
          description={`JSON that matches the schema of ${model.name}`}
          placeholder='{"id": 1}'
          autosize
          minRows={3}
          maxRows={12}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.field('data')}
          error={form.errors.data ?? refused}
          onChange={(event) => {
            form.set({ data: event.currentTarget.value });
            setRefused(null);
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={create.isPending}>
            Add document
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
