import { Button, Group, MultiSelect, Paper, Select, Switch, TagsInput } from '@mantine/core';
import { SESSION_STATUSES, type SessionStatus, TIMING } from '@proctor/contracts';
import {
  ALL_OPTION,
  type HumanScoreFilter,
  isSessionListFiltered,
  multiSelectChoice,
  type SessionListFilter,
  type SessionListParams,
} from '../sessionListParams';
import { sessionStatusLabel } from '../sessionStatus';

export interface FilterOption {
  value: string;
  label: string;
}

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

/** One multi-select whose "all" choice clears it (000 §2.4); empty reads as all. */
export function FilterSelect({
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  options: FilterOption[];
  value: string[];
  onChange: (values: string[]) => void;
}) {
  return (
    <MultiSelect
      label={label}
      placeholder={value.length === 0 ? allLabel : undefined}
      data={[{ value: ALL_OPTION, label: allLabel }, ...options]}
      value={value}
      onChange={(next) => onChange(multiSelectChoice(value, next))}
      searchable
      clearable
      w={220}
      maxDropdownHeight={320}
    />
  );
}

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
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          options={statusOptions}
          value={params.statuses}
          onChange={(values) => onChange({ statuses: values as SessionStatus[] })}
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
        <Button
          variant="subtle"
          color="gray"
          disabled={!isSessionListFiltered(params)}
          onClick={() =>
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
        >
          Clear Filters
        </Button>
      </Group>
      <Group gap="lg" mt="md">
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
      </Group>
    </Paper>
  );
}
