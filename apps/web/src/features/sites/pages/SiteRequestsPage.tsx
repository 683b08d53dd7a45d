import { Anchor, Button, Stack, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type SiteRequest, TIMING } from '@proctor/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ListFooter, positionOf } from '../../../components/ListFooter';
import { NetworkRequestsTable } from '../../../components/NetworkRequestsTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryView } from '../../../components/QueryView';
import { paths } from '../../../paths';
import { useSignedInUser } from '../../auth';
import { AddEndpointDialog } from '../components/AddEndpointDialog';
import { SiteRequestDetail } from '../components/SiteRequestDetail';
import { SiteRequestFilters } from '../components/SiteRequestFilters';
import { useSiteOriginUrls, useSiteRequests, useSites } from '../hooks/useSites';
import { canEditSites } from '../siteAccess';
import {
  EMPTY_SITE_REQUEST_FILTER,
  isFiltered,
  type SiteRequestFilterInput,
  siteRequestsQuery,
} from '../siteRequestFilter';

const NOUN = { one: 'request', many: 'requests' };

/** A captured request as a row of the network viewer's table. */
const asRow = (request: SiteRequest) => ({ ...request, content_type: request.contentType, failed: null });

/**
 * /site-requests (002 §2.6): the organization's captured requests, filtered (300 ms after typing stops); a row
 * opens its detail, and one becomes an endpoint of a site.
 */
export function SiteRequestsPage() {
  const user = useSignedInUser();
  const [input, setInput] = useState<SiteRequestFilterInput>(EMPTY_SITE_REQUEST_FILTER);
  const [debounced] = useDebouncedValue(input, TIMING.filterDebounceMs);
  const [page, setPage] = useState(1);
  const query = useMemo(() => ({ ...siteRequestsQuery(debounced), page }), [debounced, page]);
  const requests = useSiteRequests(query);
  const originUrls = useSiteOriginUrls();
  const sites = useSites();
  const [adding, setAdding] = useState<SiteRequest | null>(null);
  const editableSites = (sites.data ?? []).filter((site) => !site.shared);
  const editor = canEditSites(user);

  const change = (patch: Partial<SiteRequestFilterInput>) => {
    setInput((current) => ({ ...current, ...patch }));
    setPage(1);
  };

  const addButton = (request: SiteRequest) =>
    editableSites.length > 0 ? (
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconPlus size={14} />}
        onClick={() => setAdding(request)}
      >
        Add endpoint
      </Button>
    ) : (
      <Tooltip label="Create a site first, on the Sites page" withArrow>
        {/* data-disabled rather than disabled: a disabled button gets no hover, so its tooltip would never show. */}
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} />}
          data-disabled
          onClick={(event) => event.preventDefault()}
        >
          Add endpoint
        </Button>
      </Tooltip>
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Site Requests"
        description="Requests your organization's sessions captured, recorded in live environments or imported from HAR files, with credentials redacted."
        actions={
          <Button component={Link} to={paths.siteEndpoints} variant="default">
            Site Endpoints
          </Button>
        }
      />
      <SiteRequestFilters
        value={input}
        originUrls={originUrls.data ?? []}
        filtered={isFiltered(input)}
        onChange={change}
        onClear={() => change(EMPTY_SITE_REQUEST_FILTER)}
      />
      <QueryView query={requests} errorTitle="Failed to load requests" loading={{ rows: 6 }}>
        {({ requests: list, pagination }) => (
          <Stack gap="xs">
            <NetworkRequestsTable
              label="Site requests"
              requests={list.map(asRow)}
              detail={(request) => <SiteRequestDetail request={request} />}
              actions={editor ? addButton : undefined}
              emptyText={
                isFiltered(debounced) ? (
                  'No captured requests match these filters'
                ) : (
                  <>
                    No captured requests yet: run a session or{' '}
                    <Anchor component={Link} to={paths.uploadHar} inherit>
                      upload a HAR
                    </Anchor>
                  </>
                )
              }
            />
            {pagination.total_count > 0 && (
              <ListFooter
                position={positionOf(pagination, list.length)}
                noun={NOUN}
                totalPages={pagination.total_pages}
                page={page}
                onPageChange={setPage}
                testId="site-requests-footer"
              />
            )}
          </Stack>
        )}
      </QueryView>
      {adding && <AddEndpointDialog request={adding} sites={editableSites} onClose={() => setAdding(null)} />}
    </Stack>
  );
}
