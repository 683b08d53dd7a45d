import { Box, NavLink, Paper, ScrollArea, Text, Tooltip } from '@mantine/core';
import type { HubSimulator } from '@proctor/contracts';

/** Green: the organization has the simulator's repository; amber: none yet (002 §2.5). */
export function RepositoryDot({ hasRepository }: { hasRepository: boolean }) {
  const label = hasRepository ? 'Has a repository' : 'No repository yet';
  return (
    <Tooltip label={label} withArrow position="right">
      <Box
        component="span"
        role="img"
        aria-label={label}
        data-testid="repository-dot"
        data-state={hasRepository ? 'repository' : 'none'}
        w={10}
        h={10}
        display="inline-block"
        bg={hasRepository ? 'green.6' : 'yellow.6'}
        style={{ borderRadius: '50%', flexShrink: 0 }}
      />
    </Tooltip>
  );
}

/** The hub's left column: every simulator the plan allows, with its repository dot. */
export function SimulatorList({
  simulators,
  selected,
  onSelect,
}: {
  simulators: HubSimulator[];
  selected: string | null;
  onSelect: (simulator: HubSimulator) => void;
}) {
  return (
    <Paper withBorder radius="md" p={4}>
      <ScrollArea.Autosize mah="calc(100vh - 220px)">
        <Box component="nav" aria-label="Simulators">
          {simulators.length === 0 ? (
            <Text c="dimmed" size="sm" p="md" ta="center">
              No simulators available
            </Text>
          ) : (
            simulators.map((simulator) => (
              <NavLink
                key={simulator.id}
                component="button"
                data-testid="hub-simulator"
                data-name={simulator.name}
                label={simulator.name}
                leftSection={<RepositoryDot hasRepository={simulator.has_repository} />}
                active={simulator.name === selected}
                onClick={() => onSelect(simulator)}
              />
            ))
          )}
        </Box>
      </ScrollArea.Autosize>
    </Paper>
  );
}
