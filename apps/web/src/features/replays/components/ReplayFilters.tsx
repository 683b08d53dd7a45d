import { Button, Group, Paper, Switch, TagsInput } from '@mantine/core';
import { type FilterOption, FilterSelect } from '../../sessions';
import { isReplayListFiltered, type ReplayListFilter, type ReplayListParams } from '../replayListParams';

const ids = (values: string[]) => values.map(Number);

/**
 * The Replays page's filters (001 §2.10), all on the original of each group: agent, simulator and test case
 * names as on the sessions list; other organizations' public groups; and leaving out originals that passed.
 */
export function ReplayFilters({
  params,
  agents,
  simulators,
  testCaseNames,
  onChange,
}: {
  params: ReplayListParams;
  agents: FilterOption[];
  simulators: FilterOption[];
  testCaseNames: string[];
  onChange: (patch: Partial<ReplayListFilter>) => void;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <FilterSelect
          label="Agent"
          allLabel="All agents"
          options={agents}
          value={params.agentArtifactIds.map(String)}
          onChange={(values) => onChange({ agentArtifactIds: ids(values) })}
        />
        <FilterSelect
          label="Simulator"
          allLabel="All simulators"
          options={simulators}
          value={params.simulatorIds.map(String)}
          onChange={(values) => onChange({ simulatorIds: ids(values) })}
        />
        <TagsInput
          label="Test case names"
          placeholder={params.testCaseNames.length === 0 ? 'All test cases' : undefined}
          data={testCaseNames}
          value={params.testCaseNames}
          onChange={(values) => onChange({ testCaseNames: values })}
          clearable
          w={260}
        />
        <Button
          variant="subtle"
          color="gray"
          disabled={!isReplayListFiltered(params)}
          onClick={() =>
            onChange({
              agentArtifactIds: [],
              simulatorIds: [],
              testCaseNames: [],
              includePublic: false,
              noPassed: false,
            })
          }
        >
          Clear Filters
        </Button>
      </Group>
      <Group gap="lg" mt="md">
        <Switch
          label="Include public"
          description="Other organizations' public replays"
          checked={params.includePublic}
          onChange={(event) => onChange({ includePublic: event.currentTarget.checked })}
        />
        <Switch
          label="No passed"
          description="Leave out groups whose original passed"
          checked={params.noPassed}
          onChange={(event) => onChange({ noPassed: event.currentTarget.checked })}
        />
      </Group>
    </Paper>
  );
}
