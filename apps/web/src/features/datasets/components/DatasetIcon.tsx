import { Avatar, Text } from '@mantine/core';
import { isIconUrl } from '@proctor/contracts';

/** A dataset's icon: an image URL or an emoji (001 §5); a neutral initial when it has neither. */
export function DatasetIcon({ icon, name, size = 32 }: { icon: string | null; name: string; size?: number }) {
  if (icon && isIconUrl(icon)) return <Avatar src={icon} alt={name} size={size} radius="sm" />;
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
  return (
    <Avatar size={size} radius="sm" color="gray" variant="light">
      {name.charAt(0).toUpperCase()}
    </Avatar>
  );
}
