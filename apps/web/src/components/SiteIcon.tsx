import { Avatar, Tooltip } from '@mantine/core';
import { ownImage } from './ownImage';

/**
 * A simulator's or site's icon from its own image when Proctor serves it (never fetched from a favicon service
 * nor from another site); the first letter of its name otherwise.
 */
export function SiteIcon({
  name,
  imgUrl,
  size = 24,
  withTooltip = false,
}: {
  name: string;
  imgUrl: string | null;
  size?: number;
  withTooltip?: boolean;
}) {
  const icon = (
    <Avatar
      src={ownImage(imgUrl)}
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
