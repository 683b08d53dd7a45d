import { Badge, type BadgeProps } from '@mantine/core';
import { NO_FIGURE, type SuccessRate, successBadgeColor } from '@proctor/contracts';

/** A success rate as a rounded percentage, coloured as 001 §9 says (neutral without scored sessions). */
export function SuccessBadge({ rate, ...props }: { rate: Pick<SuccessRate, 'rate'> } & BadgeProps) {
  const color = successBadgeColor(rate);
  return (
    <Badge variant="light" radius="sm" tt="none" color={color} data-color={color} {...props}>
      {rate.rate === null ? NO_FIGURE : `${Math.round(rate.rate * 100)}%`}
    </Badge>
  );
}
