import { Anchor, Button, Group, Paper, Select, Stack } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryView } from '../../../components/QueryView';
import { paths } from '../../../paths';
import { useSignedInUser } from '../../auth';
import { SiteEndpointsTable } from '../components/SiteEndpointsTable';
import { useSiteEndpoints, useSites } from '../hooks/useSites';
import { canEditSites } from '../siteAccess';

/** /site-endpoints (002 §2.6): the endpoints of the organization's sites, or of one. */
export function SiteEndpointsPage() {
  const user = useSignedInUser();
  const [siteId, setSiteId] = useState<string | null>(null);
  const sites = useSites();
  const endpoints = useSiteEndpoints(siteId ? { siteId: Number(siteId) } : {});
  const byId = new Map(sites.data?.map((site) => [site.id, site]));

  return (
    <Stack gap="lg">
      <PageHeader
        title="Site Endpoints"
        description="The calls your sites answer: origin, URL pattern with its {parameters}, method and content type."
        actions={
          <Button
            component={Link}
            to={paths.siteRequests}
            variant="default"
            leftSection={<IconListSearch size={16} />}
          >
            Add from captured requests
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" align="flex-end">
          <Select
            label="Site"
            placeholder="All sites"
            data={(sites.data ?? []).map((site) => ({ value: String(site.id), label: site.name }))}
            value={siteId}
            onChange={setSiteId}
            searchable
            clearable
            w={260}
          />
        </Group>
      </Paper>
      <QueryView query={endpoints} errorTitle="Failed to load endpoints" loading={{ rows: 6 }}>
        {(list) => (
          <SiteEndpointsTable
            endpoints={list}
            sites={byId}
            editable={
              canEditSites(user) ? (endpoint) => byId.get(endpoint.siteId)?.shared === false : undefined
            }
            emptyText={
              <>
                No endpoints yet: open{' '}
                <Anchor component={Link} to={paths.siteRequests} inherit>
                  Site Requests
                </Anchor>{' '}
                and add one from a captured request
              </>
            }
          />
        )}
      </QueryView>
    </Stack>
  );
}
