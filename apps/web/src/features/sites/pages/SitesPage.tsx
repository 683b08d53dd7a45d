import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryView } from '../../../components/QueryView';
import { paths } from '../../../paths';
import { useSignedInUser } from '../../auth';
import { CreateSiteDialog } from '../components/CreateSiteDialog';
import { SitesTable } from '../components/SitesTable';
import { useSites } from '../hooks/useSites';
import { canEditSites } from '../siteAccess';

/** /sites (002 §2.6): the organization's sites and the shared ones; Create Site opens its dialog. */
export function SitesPage() {
  const user = useSignedInUser();
  const sites = useSites();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const editor = canEditSites(user);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Sites"
        description="Web addresses whose API you learn from the requests your sessions captured: their endpoints and the models of their responses."
        actions={
          editor && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Create Site
            </Button>
          )
        }
      />
      <QueryView query={sites} errorTitle="Failed to load sites">
        {(list) => (
          <SitesTable
            sites={list}
            emptyText={
              editor
                ? 'No sites yet: create one with Create Site, then add endpoints to it from captured requests'
                : 'No sites yet: ask a member with dashboard access to create one'
            }
          />
        )}
      </QueryView>
      {creating && (
        <CreateSiteDialog
          onClose={() => setCreating(false)}
          onCreated={(site) => {
            setCreating(false);
            navigate(paths.site(site.id));
          }}
        />
      )}
    </Stack>
  );
}
