import { ActionIcon, type ActionIconProps, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

interface CopyIconButtonProps extends Omit<ActionIconProps, 'color' | 'onClick'> {
  value: string;
  /** Read by screen readers: "Copy" followed by what is copied. */
  label?: string;
  /** Colour while nothing has been copied yet. */
  idleColor?: string;
  tooltipPosition?: 'top' | 'left';
}

/** A small copy icon with a Copied/Copy tooltip, for ids, links and code shown beside it. */
export function CopyIconButton({
  value,
  label,
  idleColor = 'gray',
  tooltipPosition = 'top',
  ...actionIcon
}: CopyIconButtonProps) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow position={tooltipPosition}>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : idleColor}
            onClick={copy}
            aria-label={label ? `Copy ${label}` : 'Copy'}
            {...actionIcon}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
