import { Badge, Group, Select, Stack, Tabs } from '@mantine/core';
import {
  type AnnotatorStage,
  HUMAN_RECORDER_TAB_KEYS,
  type HumanRecorderTabCountsResponse,
} from '@proctor/contracts';
import { type ReactNode, useState } from 'react';
import { ListFooter, positionOf } from '../../../components/ListFooter';
import { QueryView } from '../../../components/QueryView';
import { bucketTabs } from '../bucketTabs';
import { useHumanRecorderTabCounts, useStageTestCases } from '../hooks/useHumanRecorder';
import { BucketTable } from './BucketTable';

/** A tab shown before the bucket tabs (the annotator admin's Users). */
export interface BucketsLeadingTab {
  value: string;
  label: ReactNode;
  panel: ReactNode;
}

export interface AssignmentBucketsProps {
  /** Admin view (account admins): Review and Completed, Complete and Archive, consensus details. */
  adminView: boolean;
  /** The bucket tabs, in this order; by default every tab the view allows. Review and Completed need admin view. */
  stages?: readonly AnnotatorStage[];
  /** Expanded sessions also show their scores count out of 5 (the annotator admin's rows). */
  showScoreCount?: boolean;
  leadingTabs?: readonly BucketsLeadingTab[];
}

const TEST_CASES = { one: 'test case', many: 'test cases' };
const ALL_SIMULATORS = 'all';

/**
 * The assigned test cases by stage (000 §2.7): tabs with counts, a simulator filter with counts, 50 a page,
 * rows that expand to their sessions. The human recorder dashboard and the annotator admin both show it.
 */
export function AssignmentBuckets({
  adminView,
  stages,
  showScoreCount = false,
  leadingTabs = [],
}: AssignmentBucketsProps) {
  const tabs = bucketTabs(adminView, stages);
  const [chosen, setChosen] = useState<string | null>(null);
  const [simulatorId, setSimulatorId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const counts = useHumanRecorderTabCounts(adminView);
  const values = [...leadingTabs.map((tab) => tab.value), ...tabs.map((tab) => tab.stage)];
  // A tab that left (admin view turned off) falls back to the first one.
  const active = chosen !== null && values.includes(chosen) ? chosen : (values[0] ?? null);
  const choose = (value: string | null) => {
    setChosen(value);
    setSimulatorId(null);
    setPage(1);
  };

  return (
    <Tabs value={active} onChange={choose} keepMounted={false}>
      <Tabs.List mb="md">
        {leadingTabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
        {tabs.map((tab) => {
          const count = counts.data?.counts[HUMAN_RECORDER_TAB_KEYS[tab.stage]];
          return (
            <Tabs.Tab
              key={tab.stage}
              value={tab.stage}
              data-testid={`bucket-tab-${tab.stage}`}
              rightSection={
                <Badge size="sm" variant="light" circle={false} data-testid="bucket-tab-count">
                  {count ?? '…'}
                </Badge>
              }
            >
              {tab.label}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {leadingTabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          {tab.panel}
        </Tabs.Panel>
      ))}
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.stage} value={tab.stage}>
          <StagePanel
            stage={tab.stage}
            adminView={adminView}
            showScoreCount={showScoreCount}
            counts={counts.data}
            simulatorId={simulatorId}
            onSimulatorChange={(id) => {
              setSimulatorId(id);
              setPage(1);
            }}
            page={page}
            onPageChange={setPage}
          />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function StagePanel({
  stage,
  adminView,
  showScoreCount,
  counts,
  simulatorId,
  onSimulatorChange,
  page,
  onPageChange,
}: {
  stage: AnnotatorStage;
  adminView: boolean;
  showScoreCount: boolean;
  counts: HumanRecorderTabCountsResponse | undefined;
  simulatorId: number | null;
  onSimulatorChange: (id: number | null) => void;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const testCases = useStageTestCases(stage, simulatorId, page, adminView);
  const key = HUMAN_RECORDER_TAB_KEYS[stage];
  const breakdown = counts?.simulatorBreakdown[key] ?? {};
  const simulatorOptions = [
    { value: ALL_SIMULATORS, label: `All simulators (${counts?.counts[key] ?? 0})` },
    ...(counts?.simulators ?? [])
      .filter((simulator) => (breakdown[String(simulator.id)] ?? 0) > 0 || simulator.id === simulatorId)
      .map((simulator) => ({
        value: String(simulator.id),
        label: `${simulator.name} (${breakdown[String(simulator.id)] ?? 0})`,
      })),
  ];
  return (
    <Stack gap="md">
      <Group>
        <Select
          label="Simulator"
          aria-label="Simulator"
          data={simulatorOptions}
          value={simulatorId === null ? ALL_SIMULATORS : String(simulatorId)}
          onChange={(value) => onSimulatorChange(!value || value === ALL_SIMULATORS ? null : Number(value))}
          allowDeselect={false}
          w={280}
          data-testid="bucket-simulator-filter"
        />
      </Group>
      <QueryView query={testCases} errorTitle="Failed to load test cases" loading={{ rows: 5 }}>
        {(data) => (
          <>
            <BucketTable
              stage={stage}
              testCases={data.testCases}
              adminView={adminView}
              showScoreCount={showScoreCount}
            />
            <ListFooter
              position={positionOf(data.pagination, data.testCases.length)}
              noun={TEST_CASES}
              totalPages={data.pagination.total_pages}
              page={page}
              onPageChange={onPageChange}
              testId="bucket-total"
            />
          </>
        )}
      </QueryView>
    </Stack>
  );
}
