import type { Site } from '@proctor/contracts';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { useUpdateSite } from '../hooks/useSites';
import { SiteDialog } from './SiteDialog';

export const SITE_SAVED = 'Site saved';

/** Edit site: the Create Site fields, filled with the site's, saved with PUT /api/sites/{id}. */
export function EditSiteDialog({ site, onClose }: { site: Site; onClose: () => void }) {
  const update = useUpdateSite();
  return (
    <SiteDialog
      title="Edit site"
      submitLabel="Save"
      initial={{ name: site.name, url: site.url, imgUrl: site.imgUrl ?? '' }}
      pending={update.isPending}
      onClose={onClose}
      onSubmit={(body) =>
        update.mutate(
          { id: site.id, ...body },
          {
            onSuccess: () => {
              notify.success(SITE_SAVED);
              onClose();
            },
            onError: (error) => notify.error(errorDetail(error), 'Failed to save the site'),
          },
        )
      }
    />
  );
}
