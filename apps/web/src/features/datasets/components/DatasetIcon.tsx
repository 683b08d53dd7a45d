import { Avatar, Text } from '@mantine/core';
import { isIconUrl } from '@proctor/contracts';
import { ownImage } from '../../../components/ownImage';

/**
 * A dataset's icon: the emoji its creator chose (001 §5), else the image Proctor serves for it (imgUrl: its copy
 * of the image URL the creator chose, or a built-in simulator's dataset's simulator image), never an image from
 * another site; else a neutral initial.
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
  const image = ownImage(imgUrl);
  if (icon && !isIconUrl(icon))
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
  if (image) return <Avatar src={image} alt={`${name} icon`} size={size} radius="sm" />;
  return (
    <Avatar size={size} radius="sm" color="gray" variant="light">
      {name.charAt(0).toUpperCase()}
    </Avatar>
  );
}
