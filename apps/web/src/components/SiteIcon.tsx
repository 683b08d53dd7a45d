import { Avatar, Tooltip } from '@mantine/core';

/**
 * A simulator's or site's icon from its own image (never fetched from a favicon service); the first letter
 * of its name when it has none.
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
      src={imgUrl}
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
