import { Radio, Stack, Text } from '@mantine/core';
import type { RunTaskAgent } from '@proctor/contracts';
import type { RunTaskAgentChoice } from '../runTaskAgents';

/** The model agent a task goes to: those that cannot run here are shown disabled, with the server's reason. */
export function AgentChoice({
  choices,
  value,
  onChange,
  disabled,
}: {
  choices: readonly RunTaskAgentChoice[];
  value: RunTaskAgent | null;
  onChange: (agent: RunTaskAgent) => void;
  disabled: boolean;
}) {
  return (
    <Radio.Group
      label="Agent"
      value={value}
      onChange={(agent) => onChange(agent as RunTaskAgent)}
      data-testid="agent-choice"
    >
      <Stack gap={6} mt={6}>
        {choices.map((choice) => (
          <Radio
            key={choice.agent}
            value={choice.agent}
            label={choice.label}
            disabled={disabled || choice.unavailable !== null}
            description={
              choice.unavailable === null ? (
                choice.description
              ) : (
                <Text span size="xs" c="orange.8" data-testid="agent-unavailable">
                  {choice.unavailable}
                </Text>
              )
            }
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
