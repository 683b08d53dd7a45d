import { Group, Select, Stack, Text } from '@mantine/core';
import type { AgentArtifact } from '@proctor/contracts';
import { QueryError } from '../../../components/QueryView';
import { AgentIcon } from '../../agents';
import { type AgentChoice, agentRunNote } from '../agentChoice';
import type { useAgentChoice } from '../hooks/useAgentChoice';

/**
 * The agent of a run (001 §2.3 Run Test Case / Run dataset, §5 Benchmark run): every agent of the
 * organization, those Proctor cannot drive listed but disabled with the reason, and under the field what the
 * chosen agent does or needs.
 */
export function AgentPicker({
  choice,
  error,
}: {
  choice: ReturnType<typeof useAgentChoice>;
  /** "Agent is required" once the user tried to start without one. */
  error?: string | null;
}) {
  const { agents, choices, chosen, choose } = choice;
  const byId = new Map(choices.map((entry) => [String(entry.agent.id), entry]));
  const runnable = choices.filter((entry) => entry.runnability.runnable).length;

  if (agents.isError && !agents.data) {
    return <QueryError title="Failed to load agents" error={agents.error} onRetry={agents.refetch} />;
  }

  const note = chosen ? agentRunNote(chosen) : null;
  return (
    <Stack gap={6}>
      <Select
        label="Agent"
        required
        placeholder={agents.isPending ? 'Loading agents…' : 'Choose an agent'}
        disabled={agents.isPending}
        data={choices.map((entry) => ({
          value: String(entry.agent.id),
          label: entry.agent.alias,
          disabled: !entry.runnability.runnable,
        }))}
        value={chosen ? String(chosen.id) : null}
        onChange={(value) => {
          if (value) choose(Number(value));
        }}
        allowDeselect={false}
        leftSection={chosen ? <AgentIcon agent={chosen} size={20} /> : undefined}
        renderOption={({ option }) => {
          const entry = byId.get(option.value);
          return entry ? <AgentOption entry={entry} /> : option.label;
        }}
        maxDropdownHeight={320}
        error={error ?? undefined}
        nothingFoundMessage="Your organization has no agents"
        data-testid="agent-picker"
      />
      {note && (
        <Text size="xs" c="dimmed" data-testid="agent-note">
          {note}
        </Text>
      )}
      {agents.data && runnable === 0 && (
        <Text size="xs" c="dimmed">
          None of these agents can be run by Proctor here.
        </Text>
      )}
    </Stack>
  );
}

function AgentOption({ entry }: { entry: AgentChoice<AgentArtifact> }) {
  const { agent, runnability } = entry;
  return (
    <Group gap="sm" wrap="nowrap" data-testid="agent-option" data-alias={agent.alias}>
      <AgentIcon agent={agent} size={24} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500}>
          {agent.alias}
        </Text>
        {!runnability.runnable && (
          <Text size="xs" c="dimmed">
            {runnability.reason}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
