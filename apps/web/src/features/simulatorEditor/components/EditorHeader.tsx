import { Group, MultiSelect, Select, Title } from '@mantine/core';
import type { Simulator } from '@proctor/contracts';
import { useNavigate } from 'react-router';
import { BackButton } from '../../../components/BackButton';
import { SiteIcon } from '../../../components/SiteIcon';
import { paths } from '../../../paths';
import { useAgentArtifacts } from '../../agents';
import { useSimulators } from '../../simulators';

/**
 * The editor's header (001 §2.6): back, the simulator, a switcher over the enabled simulators (it opens the
 * chosen one's page, as the spec says) and the agents whose sessions the side panel shows.
 */
export function EditorHeader({
  simulator,
  agentIds,
  onAgentIdsChange,
}: {
  simulator: Simulator;
  agentIds: string[];
  onAgentIdsChange: (ids: string[]) => void;
}) {
  const navigate = useNavigate();
  const simulators = useSimulators();
  const agents = useAgentArtifacts();
  const simulatorOptions = (simulators.data ?? [])
    .filter((other) => other.enabled || other.id === simulator.id)
    .map((other) => ({ value: other.name, label: other.name }));
  const agentOptions = (agents.data ?? []).map((agent) => ({ value: String(agent.id), label: agent.alias }));

  return (
    <Group justify="space-between" wrap="wrap" gap="md">
      <Group gap="sm" wrap="nowrap">
        <BackButton fallback={paths.simulators} />
        <SiteIcon name={simulator.name} imgUrl={simulator.imgUrl} size={40} />
        <Title order={2}>{simulator.name}</Title>
      </Group>
      <Group gap="sm" wrap="wrap">
        <Select
          aria-label="Switch simulator"
          data={simulatorOptions}
          value={simulator.name}
          onChange={(name) => name && name !== simulator.name && navigate(paths.simulator(name))}
          allowDeselect={false}
          searchable
          w={220}
        />
        <MultiSelect
          aria-label="Agents"
          placeholder={agentIds.length === 0 ? 'All agents' : undefined}
          data={agentOptions}
          value={agentIds}
          onChange={onAgentIdsChange}
          clearable
          searchable
          w={280}
        />
      </Group>
    </Group>
  );
}
