import { Paper, Stack, Text } from '@mantine/core';
import type { SiteModel } from '@proctor/contracts';
import { useState } from 'react';
import { JsonViewer } from '../../../components/JsonViewer';
import { ListFooter, positionOf } from '../../../components/ListFooter';
import { QueryView } from '../../../components/QueryView';
import { useModelDocuments } from '../hooks/useSites';

const NOUN = { one: 'document', many: 'documents' };

/** A model's documents (002 §2.6 Documents), newest first, a page at a time. */
export function ModelDocuments({ model }: { model: SiteModel }) {
  const [page, setPage] = useState(1);
  const documents = useModelDocuments(model.id, page);
  return (
    <QueryView query={documents} errorTitle="Failed to load documents">
      {({ documents: list, pagination }) => (
        <Stack gap="sm">
          {list.length === 0 && (
            <Text size="sm" c="dimmed" py="md">
              No documents yet: add them through the API (POST /api/sites/models/{model.id}/documents); each
              is checked against the schema.
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
