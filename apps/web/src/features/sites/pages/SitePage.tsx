import { Alert, Anchor, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import type { Site } from '@proctor/contracts';
import { IconFileExport, IconListSearch, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { BackButton } from '../../../components/BackButton';
import { QueryView } from '../../../components/QueryView';
import { SiteIcon } from '../../../components/SiteIcon';
import { paths } from '../../../paths';
import { useSignedInUser } from '../../auth';
import { EditSiteDialog } from '../components/EditSiteDialog';
import { SiteEndpointsTable } from '../components/SiteEndpointsTable';
import { SiteModels } from '../components/SiteModels';
import { useExportOpenApi, useSiteEndpoints, useSiteModels, useSites } from '../hooks/useSites';
import { canEditSites } from '../siteAccess';

const TABS = ['endpoints', 'models'] as const;
type SiteTab = (typeof TABS)[number];

/** The Endpoints and Models tabs of one site; the tab and the model shown are in the address. */
function SiteTabs({ site }: { site: Site }) {
  const user = useSignedInUser();
  const [search, setSearch] = useSearchParams();
  const tab: SiteTab = TABS.find((name) => name === search.get('tab')) ?? 'endpoints';
  const modelId = Number(search.get('model')) || null;
  const endpoints = useSiteEndpoints({ siteId: site.id });
  const models = useSiteModels(site.id);
  const editable = canEditSites(user) && !site.shared;
  const modelNames = new Map(models.data?.map((model) => [model.id, model.name]));
  const show = (next: SiteTab, model?: number) =>
    setSearch(model ? { tab: next, model: String(model) } : { tab: next }, { replace: true });

  return (
    <Tabs value={tab} onChange={(value) => show((value as SiteTab | null) ?? 'endpoints')}>
      <Tabs.List>
        <Tabs.Tab value="endpoints">Endpoints{endpoints.data ? ` (${endpoints.data.length})` : ''}</Tabs.Tab>
        <Tabs.Tab value="models">Models{models.data ? ` (${models.data.length})` : ''}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="endpoints" pt="md">
        <QueryView query={endpoints} errorTitle="Failed to load endpoints">
          {(list) => (
            <SiteEndpointsTable
              endpoints={list}
              modelName={(id) => modelNames.get(id)}
              onModel={(id) => show('models', id)}
              editable={editable ? () => true : undefined}
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
      </Tabs.Panel>
      <Tabs.Panel value="models" pt="md">
        <QueryView query={models} errorTitle="Failed to load models">
          {(list) => (
            <SiteModels
              models={list}
              selectedId={modelId}
              onSelect={(id) => show('models', id)}
              editable={editable}
            />
          )}
        </QueryView>
      </Tabs.Panel>
    </Tabs>
  );
}

/** /sites/{id} (002 §2.6): a site with its endpoints and models. */
export function SitePage() {
  const { siteId } = useParams<{ siteId: string }>();
  const sites = useSites();
  const exportOpenApi = useExportOpenApi();
  const user = useSignedInUser();
  const [editing, setEditing] = useState(false);
  return (
    <QueryView query={sites} errorTitle="Failed to load the site" loading={{ label: 'Loading the site' }}>
      {(list) => {
        const site = list.find((candidate) => String(candidate.id) === siteId);
        if (!site)
          return (
            <Alert color="gray" variant="light" title="Site not found">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">There is no site {siteId} in your organization.</Text>
                <Button component={Link} to={paths.sites} size="xs" variant="light">
                  All sites
                </Button>
              </Stack>
            </Alert>
          );
        return (
          <Stack gap="lg">
            <Group justify="space-between" align="flex-start" wrap="wrap">
              <Group gap="sm" wrap="nowrap">
                <BackButton fallback={paths.sites} />
                <SiteIcon name={site.name} imgUrl={site.imgUrl} size={36} />
                <Stack gap={0}>
                  <Title order={2}>{site.name}</Title>
                  <Anchor href={site.url} target="_blank" rel="noopener noreferrer" size="sm" ff="monospace">
                    {site.url}
                  </Anchor>
                </Stack>
              </Group>
              <Group gap="sm">
                {canEditSites(user) && !site.shared && (
                  <Button
                    variant="default"
                    leftSection={<IconPencil size={16} />}
                    onClick={() => setEditing(true)}
                  >
                    Edit
                  </Button>
                )}
                <Button
                  component={Link}
                  to={paths.siteRequests}
                  variant="default"
                  leftSection={<IconListSearch size={16} />}
                >
                  Captured requests
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconFileExport size={16} />}
                  loading={exportOpenApi.isPending}
                  onClick={() => exportOpenApi.mutate(site)}
                >
                  Export OpenAPI
                </Button>
              </Group>
            </Group>
            <SiteTabs site={site} />
            {editing && <EditSiteDialog site={site} onClose={() => setEditing(false)} />}
          </Stack>
        );
      }}
    </QueryView>
  );
}
