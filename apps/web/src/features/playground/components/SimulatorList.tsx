import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import type { Simulator } from '@proctor/contracts';
import { SiteIcon } from '../../../components/SiteIcon';

export const NO_SIMULATORS = 'No simulators are available to your organization';

/** The environments the user may start (000 §2.8); disabled ones are listed but cannot be chosen. */
export function SimulatorList({
  simulators,
  selected,
  onSelect,
}: {
  simulators: Simulator[];
  selected: string | null;
  onSelect: (simulator: Simulator) => void;
}) {
  if (simulators.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {NO_SIMULATORS}
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={280} type="auto">
      <Stack gap={2} role="listbox" aria-label="Environments">
        {simulators.map((simulator) => (
          <NavLink
            key={simulator.id}
            component="button"
            role="option"
            aria-selected={simulator.name === selected}
            data-testid="environment-option"
            data-name={simulator.name}
            label={simulator.config.title ?? simulator.name}
            description={simulator.enabled ? simulator.name : `${simulator.name} · disabled`}
            leftSection={<SiteIcon name={simulator.name} imgUrl={simulator.imgUrl} size={26} />}
            active={simulator.name === selected}
            disabled={!simulator.enabled}
            onClick={() => onSelect(simulator)}
          />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
