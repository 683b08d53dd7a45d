import { Button, Group, MultiSelect, Paper, TagsInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { ALL_OPTION, multiSelectChoice } from './filterChoice';

/** The filters the sessions and replays lists share, and the panel that holds a list's filters. */

export interface FilterOption {
  value: string;
  label: string;
}

/** One multi-select whose "all" choice clears it; empty reads as all. */
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

export interface AgentAndSimulatorFilter {
  agentArtifactIds: number[];
  simulatorIds: number[];
}

const ids = (values: string[]) => values.map(Number);

/** The agent and simulator selects, by record id. */
export function AgentAndSimulatorFilters({
  agents,
  simulators,
  value,
  onChange,
}: {
  agents: FilterOption[];
  simulators: FilterOption[];
  value: AgentAndSimulatorFilter;
  onChange: (patch: Partial<AgentAndSimulatorFilter>) => void;
}) {
  return (
    <>
      <FilterSelect
        label="Agent"
        allLabel="All agents"
        options={agents}
        value={value.agentArtifactIds.map(String)}
        onChange={(values) => onChange({ agentArtifactIds: ids(values) })}
      />
      <FilterSelect
        label="Simulator"
        allLabel="All simulators"
        options={simulators}
        value={value.simulatorIds.map(String)}
        onChange={(values) => onChange({ simulatorIds: ids(values) })}
      />
    </>
  );
}

/** Test case names, typed or picked from those offered; none reads as all. */
export function TestCaseNamesFilter({
  names,
  value,
  onChange,
}: {
  names: string[];
  value: string[];
  onChange: (testCaseNames: string[]) => void;
}) {
  return (
    <TagsInput
      label="Test case names"
      placeholder={value.length === 0 ? 'All test cases' : undefined}
      data={names}
      value={value}
      onChange={onChange}
      clearable
      w={260}
    />
  );
}

/** A list's filters in a row ending with Clear Filters, and its switches on a row below. */
export function ListFilterPanel({
  filtered,
  onClear,
  switches,
  children,
}: {
  filtered: boolean;
  onClear: () => void;
  switches: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {children}
        <Button variant="subtle" color="gray" disabled={!filtered} onClick={onClear}>
          Clear Filters
        </Button>
      </Group>
      <Group gap="lg" mt="md">
        {switches}
      </Group>
    </Paper>
  );
}
