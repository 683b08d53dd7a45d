import type { Site } from '@proctor/contracts';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { useCreateSite } from '../hooks/useSites';
import { SiteDialog } from './SiteDialog';

export const SITE_CREATED = 'Site created';
const EMPTY = { name: '', url: '', imgUrl: '' };

/** Create Site (002 §2.6, §5): name, URL (of URL type) and image URL, all required. Mounted while open. */
export function CreateSiteDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (site: Site) => void;
}) {
  const create = useCreateSite();
  return (
    <SiteDialog
      title="Create Site"
      submitLabel="Create"
      initial={EMPTY}
      pending={create.isPending}
      onClose={onClose}
      onSubmit={(request) =>
        create.mutate(request, {
          onSuccess: (site) => {
            notify.success(SITE_CREATED);
            onCreated(site);
          },
          onError: (error) => notify.error(errorDetail(error), 'Failed to create site'),
        })
      }
    />
  );
}
