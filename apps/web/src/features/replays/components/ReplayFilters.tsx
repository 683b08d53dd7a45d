import { Switch } from '@mantine/core';
import {
  AgentAndSimulatorFilters,
  type FilterOption,
  ListFilterPanel,
  TestCaseNamesFilter,
} from '../../../components/ListFilters';
import { isReplayListFiltered, type ReplayListFilter, type ReplayListParams } from '../replayListParams';

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
    <ListFilterPanel
      filtered={isReplayListFiltered(params)}
      onClear={() =>
        onChange({
          agentArtifactIds: [],
          simulatorIds: [],
          testCaseNames: [],
          includePublic: false,
          noPassed: false,
        })
      }
      switches={
        <>
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
        </>
      }
    >
      <AgentAndSimulatorFilters agents={agents} simulators={simulators} value={params} onChange={onChange} />
      <TestCaseNamesFilter
        names={testCaseNames}
        value={params.testCaseNames}
        onChange={(values) => onChange({ testCaseNames: values })}
      />
    </ListFilterPanel>
  );
}
