import { Paper, Stack, Text } from '@mantine/core';
import type { SiteModel } from '@proctor/contracts';
import { useState } from 'react';
import { JsonViewer } from '../../../components/JsonViewer';
import { ListFooter, positionOf } from '../../../components/ListFooter';
import { QueryView } from '../../../components/QueryView';
import { useModelDocuments } from '../hooks/useSites';
import { AddDocumentForm } from './AddDocumentForm';

const NOUN = { one: 'document', many: 'documents' };

/** A model's documents (002 §2.6 Documents), newest first, a page at a time; editors add one above them. */
export function ModelDocuments({ model, editable }: { model: SiteModel; editable: boolean }) {
  const [page, setPage] = useState(1);
  const documents = useModelDocuments(model.id, page);
  return (
    <QueryView query={documents} errorTitle="Failed to load documents">
      {({ documents: list, pagination }) => (
        <Stack gap="sm">
          {editable && <AddDocumentForm model={model} />}
          {list.length === 0 && (
            <Text size="sm" c="dimmed" py="md">
              {editable
                ? 'No documents yet: add one above; it is checked against the schema.'
                : `No documents yet: they are added through the API (POST /api/sites/models/${model.id}/documents).`}
            </Text>
          )}
          {list.map((document) => (
            <Paper key={document.id} withBorder radius="sm" p="xs" data-testid="site-document">
              <Text size="xs" c="dimmed" mb={4}>
                Document {document.id} · {new Date(document.createdAt).toLocaleString()}
              </Text>
              <JsonViewer value={document.data} label={`Document ${document.id}`} maxHeight={280} />
            </Paper>
          ))}
          {pagination.total_count > 0 && (
            <ListFooter
              position={positionOf(pagination, list.length)}
              noun={NOUN}
              totalPages={pagination.total_pages}
              page={page}
              onPageChange={setPage}
              testId="site-documents-footer"
            />
          )}
        </Stack>
      )}
    </QueryView>
  );
}
