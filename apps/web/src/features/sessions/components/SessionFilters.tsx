import { Select, Switch } from '@mantine/core';
import { SESSION_STATUSES, type SessionStatus, TIMING } from '@proctor/contracts';
import {
  AgentAndSimulatorFilters,
  type FilterOption,
  FilterSelect,
  ListFilterPanel,
  TestCaseNamesFilter,
} from '../../../components/ListFilters';
import {
  type HumanScoreFilter,
  isSessionListFiltered,
  type SessionListFilter,
  type SessionListParams,
} from '../sessionListParams';
import { sessionStatusLabel } from '../sessionStatus';

const statusOptions: FilterOption[] = SESSION_STATUSES.map((status) => ({
  value: status,
  label: sessionStatusLabel(status),
}));

const ids = (values: string[]) => values.map(Number);

/** 001 §4.3: sessions left to people, and sessions where people disagree with the automatic verdict. */
const HUMAN_SCORE_FILTER_OPTIONS: { value: HumanScoreFilter; label: string }[] = [
  { value: 'needs_human_scoring', label: 'Needs human scoring' },
  { value: 'human_disagreement', label: 'Human disagreement' },
];

/**
 * The sessions list's filters (000 §2.4): agent, simulator, status and test case names for everyone, the
 * organization for platform admins; include replays; and the polling toggle, which is not a filter.
 */
export function SessionFilters({
  params,
  agents,
  simulators,
  organizations,
  testCaseNames,
  polling,
  onPollingChange,
  onChange,
}: {
  params: SessionListParams;
  agents: FilterOption[];
  simulators: FilterOption[];
  /** Null unless the viewer is a platform admin. */
  organizations: FilterOption[] | null;
  testCaseNames: string[];
  polling: boolean;
  onPollingChange: (polling: boolean) => void;
  onChange: (patch: Partial<SessionListFilter>) => void;
}) {
  return (
    <ListFilterPanel
      filtered={isSessionListFiltered(params)}
      onClear={() =>
        onChange({
          agentArtifactIds: [],
          simulatorIds: [],
          statuses: [],
          testCaseNames: [],
          organizationIds: [],
          runSessionBatchId: null,
          humanScoreFilter: null,
        })
      }
      switches={
        <>
          <Switch
            label="Include replays"
            checked={params.includeReplays}
            onChange={(event) => onChange({ includeReplays: event.currentTarget.checked })}
          />
          <Switch
            label={`Refresh every ${TIMING.pollingIntervalMs / 1000} seconds`}
            checked={polling}
            onChange={(event) => onPollingChange(event.currentTarget.checked)}
          />
        </>
      }
    >
      <AgentAndSimulatorFilters agents={agents} simulators={simulators} value={params} onChange={onChange} />
      <FilterSelect
        label="Status"
        allLabel="All statuses"
        options={statusOptions}
        value={params.statuses}
        onChange={(values) => onChange({ statuses: values as SessionStatus[] })}
      />
      <TestCaseNamesFilter
        names={testCaseNames}
        value={params.testCaseNames}
        onChange={(values) => onChange({ testCaseNames: values })}
      />
      <Select
        label="Human scoring"
        placeholder="All sessions"
        data={HUMAN_SCORE_FILTER_OPTIONS}
        value={params.humanScoreFilter}
        onChange={(value) => onChange({ humanScoreFilter: (value as HumanScoreFilter | null) ?? null })}
        clearable
        w={220}
      />
      {organizations && (
        <FilterSelect
          label="Organization"
          allLabel="All organizations"
          options={organizations}
          value={params.organizationIds.map(String)}
          onChange={(values) => onChange({ organizationIds: ids(values) })}
        />
      )}
    </ListFilterPanel>
  );
}
