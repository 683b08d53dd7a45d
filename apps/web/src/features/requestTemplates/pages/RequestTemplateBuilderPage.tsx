import { Button, Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { endpoints, type SiteRequest, TIMING } from '@proctor/contracts';
import { IconTemplate } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useEndpointQuery } from '../../../api';
import { ListFooter, positionOf } from '../../../components/ListFooter';
import { NetworkRequestsTable } from '../../../components/NetworkRequestsTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryView } from '../../../components/QueryView';
import { SiteRequestDetail } from '../../sites';
import { TemplateEditor } from '../components/TemplateEditor';
import { draftOf, type TemplateDraft } from '../requestTemplate';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const NOUN = { one: 'request', many: 'requests' };
const EMPTY_FILTER = { url: '', method: '', contentType: '', bodyRegex: '' };

const asRow = (request: SiteRequest) => ({ ...request, content_type: request.contentType, failed: null });

/**
 * /request-template-builder (002 §2.6): the organization's captured requests, filtered by URL, method, content type
 * and a body pattern (run by RE2 on the server); a request's detail, and Make template, which opens it in the
 * template editor to try with parameters.
 */
export function RequestTemplateBuilderPage() {
  const [filter, setFilter] = useState(EMPTY_FILTER);
  const [debounced] = useDebouncedValue(filter, TIMING.filterDebounceMs);
  const [page, setPage] = useState(1);
  const query = useMemo(
    () => ({
      ...Object.fromEntries(Object.entries(debounced).filter(([, value]) => value.trim() !== '')),
      page,
    }),
    [debounced, page],
  );
  const requests = useEndpointQuery(endpoints.siteRequests, { query, keepPrevious: 'always' });
  const [draft, setDraft] = useState<TemplateDraft | null>(null);
  const filtered = Object.values(filter).some((value) => value.trim() !== '');
  const change = (patch: Partial<typeof EMPTY_FILTER>) => {
    setFilter((current) => ({ ...current, ...patch }));
    setPage(1);
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Request Template Builder"
        description="Captured requests made into templates with parameters, tried from Proctor through its outbound guard."
      />
      {draft && <TemplateEditor draft={draft} onChange={setDraft} onClose={() => setDraft(null)} />}
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="URL"
            placeholder="contains…"
            value={filter.url}
            onChange={(event) => change({ url: event.currentTarget.value })}
            w={240}
          />
          <Select
            label="Method"
            placeholder="Any"
            data={METHODS}
            value={filter.method || null}
            onChange={(method) => change({ method: method ?? '' })}
            clearable
            w={120}
          />
          <TextInput
            label="Content type"
            placeholder="contains…"
            value={filter.contentType}
            onChange={(event) => change({ contentType: event.currentTarget.value })}
            w={180}
          />
          <TextInput
            label="Body regex"
            placeholder={String.raw`e.g. "qty":\s*\d+`}
            value={filter.bodyRegex}
            onChange={(event) => change({ bodyRegex: event.currentTarget.value })}
            w={260}
            ff="monospace"
          />
          <Button variant="subtle" color="gray" disabled={!filtered} onClick={() => change(EMPTY_FILTER)}>
            Clear Filters
          </Button>
        </Group>
      </Paper>
      <QueryView query={requests} errorTitle="Failed to load requests" loading={{ rows: 6 }}>
        {({ requests: list, pagination }) => (
          <Stack gap="xs">
            <NetworkRequestsTable
              label="Captured requests"
              requests={list.map(asRow)}
              detail={(request) => <SiteRequestDetail request={request} />}
              actions={(request) => (
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconTemplate size={14} />}
                  onClick={() => {
                    setDraft(draftOf(request));
                    window.scrollTo({ top: 0 });
                  }}
                >
                  Make template
                </Button>
              )}
              emptyText={filtered ? 'No captured requests match these filters' : 'No captured requests yet'}
            />
            {pagination.total_count > 0 && (
              <ListFooter
                position={positionOf(pagination, list.length)}
                noun={NOUN}
                totalPages={pagination.total_pages}
                page={page}
                onPageChange={setPage}
                testId="template-requests-footer"
              />
            )}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
