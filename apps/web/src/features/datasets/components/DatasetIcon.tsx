import { Avatar, Text } from '@mantine/core';
import { isIconUrl } from '@proctor/contracts';

/**
 * A dataset's icon: the icon its creator chose, an image URL or an emoji (001 §5); else the image the server
 * keeps for it (a built-in simulator's dataset has its simulator's image, served by Proctor at a path); else
 * a neutral initial.
 */
export function DatasetIcon({
  icon,
  imgUrl = null,
  name,
  size = 32,
}: {
  icon: string | null;
  imgUrl?: string | null;
  name: string;
  size?: number;
}) {
  if (icon && isIconUrl(icon)) return <Avatar src={icon} alt={`${name} icon`} size={size} radius="sm" />;
  if (icon)
    return (
      <Text
        component="span"
        fz={size * 0.7}
        lh={1}
        w={size}
        ta="center"
        aria-label={`${name} icon`}
        role="img"
      >
        {icon}
      </Text>
    );
  if (imgUrl) return <Avatar src={imgUrl} alt={`${name} icon`} size={size} radius="sm" />;
  return (
    <Avatar size={size} radius="sm" color="gray" variant="light">
      {name.charAt(0).toUpperCase()}
    </Avatar>
  );
}
