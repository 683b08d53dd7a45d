import { Avatar, Tooltip } from '@mantine/core';
import { useBlobUrl } from '../api';
import { ownImage } from './ownImage';

/**
 * A simulator's or site's icon from its own image when Proctor serves it; a site on the web (`domain`) by
 * Proctor's /api/favicon, which fetches and keeps the icon the site itself declares (never a third-party favicon
 * service); the first letter of its name otherwise, and while either loads.
 */
export function SiteIcon({
  name,
  imgUrl,
  domain = null,
  size = 24,
  withTooltip = false,
}: {
  name: string;
  imgUrl: string | null;
  domain?: string | null;
  size?: number;
  withTooltip?: boolean;
}) {
  const favicon = useBlobUrl(domain ? `/api/favicon?domain=${encodeURIComponent(domain)}` : null);
  const icon = (
    <Avatar
      src={domain ? favicon.objectUrl : ownImage(imgUrl)}
      alt={name}
      size={size}
      radius="sm"
      color="indigo"
      variant="light"
      styles={{ image: { objectFit: 'contain' } }}
    >
      {name.charAt(0).toUpperCase()}
    </Avatar>
  );
  return withTooltip ? (
    <Tooltip label={name} withArrow openDelay={200}>
      {icon}
    </Tooltip>
  ) : (
    icon
  );
}
