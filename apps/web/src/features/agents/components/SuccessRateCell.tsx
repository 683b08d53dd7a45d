import { Progress, Stack, Text } from '@mantine/core';
import { formatSuccessRate, type SuccessRate } from '@proctor/contracts';
import { successBarColor } from '../agentResults';

/** A success rate as a bar (green at 50% or more, else red; 001 §9) over its 95% interval and sample size. */
export function SuccessRateCell({ rate }: { rate: SuccessRate }) {
  const text = formatSuccessRate(rate);
  return (
    <Stack gap={4} miw={160}>
      {rate.rate !== null && (
        <Progress
          value={rate.rate * 100}
          color={successBarColor(rate.rate)}
          size="sm"
          radius="xl"
          aria-label={`Success rate ${text}`}
          data-color={successBarColor(rate.rate)}
          data-testid="success-rate-bar"
        />
      )}
      <Text
        size="xs"
        c={rate.rate === null ? 'dimmed' : undefined}
        style={{ whiteSpace: 'nowrap' }}
        data-testid="success-rate"
      >
        {text}
      </Text>
    </Stack>
  );
}
