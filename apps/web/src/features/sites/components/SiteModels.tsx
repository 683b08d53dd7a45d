import { Badge, Grid, NavLink, Paper, Stack, Tabs, Text } from '@mantine/core';
import type { SiteModel } from '@proctor/contracts';
import { JsonViewer } from '../../../components/JsonViewer';
import { ModelDocuments } from './ModelDocuments';

/**
 * A site's models (002 §2.6): the list, and the one chosen with its sub-tabs Schema (its JSON Schema, pretty)
 * and Documents.
 */
export function SiteModels({
  models,
  selectedId,
  onSelect,
  editable,
}: {
  models: SiteModel[];
  selectedId: number | null;
  onSelect: (modelId: number) => void;
  /** Whether the user may add documents (a site of the organization's, and site editing rights). */
  editable: boolean;
}) {
  if (models.length === 0)
    return (
      <Text size="sm" c="dimmed" py="md">
        No models yet: in Site Requests, add an endpoint from a captured JSON response with "Create model from
        response", and its schema is inferred from the response.
      </Text>
    );
  const selected = models.find((model) => model.id === selectedId) ?? models[0]!;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Paper withBorder radius="md" p={4}>
          <Stack gap={2} aria-label="Models" role="list">
            {models.map((model) => (
              <NavLink
                key={model.id}
                role="listitem"
                label={model.name}
                active={model.id === selected.id}
                onClick={() => onSelect(model.id)}
                rightSection={
                  <Badge size="sm" variant="light" color="gray" title="Documents">
                    {model.documentCount}
                  </Badge>
                }
              />
            ))}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="sm">
            {selected.name}
          </Text>
          {/* Keyed by the model, so another model opens on its schema and its first page of documents. */}
          <Tabs key={selected.id} defaultValue="schema" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="schema">Schema</Tabs.Tab>
              <Tabs.Tab value="documents">Documents ({selected.documentCount})</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="schema" pt="md">
              <JsonViewer value={selected.schema} label={`Schema of ${selected.name}`} maxHeight={560} />
            </Tabs.Panel>
            <Tabs.Panel value="documents" pt="md">
              <ModelDocuments model={selected} editable={editable} />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
