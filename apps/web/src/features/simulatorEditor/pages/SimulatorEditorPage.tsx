import { Group, Stack, Tabs, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TestCase } from '@proctor/contracts';
import { IconListCheck, IconSettings } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { QueryView } from '../../../components/QueryView';
import { AssignToAnnotatorsDialog } from '../../assignments';
import { useSignedInUser } from '../../auth';
import {
  NO_SIMULATOR_TEST_CASES,
  SimulatorPending,
  SimulatorUnavailable,
  useSimulator,
  useSimulatorTestCases,
} from '../../simulators';
import { useMutationGenerationDialog } from '../../tests';
import { BulkActionBar } from '../components/BulkActionBar';
import { EditorHeader } from '../components/EditorHeader';
import { EditorSessionsPanel } from '../components/EditorSessionsPanel';
import { SelectableTestCaseTable } from '../components/SelectableTestCaseTable';
import { SimulatorConfigurationForm } from '../components/SimulatorConfigurationForm';
import { useBulkArchiveTestCases, useMakeTestCasesPublic } from '../hooks/useTestCaseBulkActions';
import { clickRow, keepShown, NO_SELECTION, type RowSelection, toggleAll } from '../rowSelection';
import { draftFrom } from '../simulatorDraft';

export const TEST_CASES_ARCHIVED = 'Test cases archived successfully';
export const ARCHIVE_FAILED = 'Failed to archive test cases';
export const MADE_PUBLIC = 'Test cases made public successfully';
export const MAKE_PUBLIC_FAILED = 'Failed to make test cases public';

type EditorTab = 'testCases' | 'configuration';

/** A key press meant for a text field (or a dialog) is not the table's Delete; one on a row's checkbox is. */
function typingOrInDialog(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button'].includes(target.type);
  return (
    target.isContentEditable ||
    ['TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="dialog"]') !== null
  );
}

/** The By Test Case tab: the table, the bulk bar, the focused test case's sessions, Delete to archive. */
function TestCasesTab({
  simulatorId,
  agentIds,
  active,
  onGenerate,
  generating,
}: {
  simulatorId: number;
  agentIds: string[];
  active: boolean;
  onGenerate: (ids: number[]) => void;
  generating: boolean;
}) {
  const user = useSignedInUser();
  const testCases = useSimulatorTestCases(simulatorId);
  const [selection, setSelection] = useState<RowSelection>(NO_SELECTION);
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const archive = useBulkArchiveTestCases();
  const makePublic = useMakeTestCasesPublic();
  const confirming = useRef(false);
  const mayAuthor = user.permissions.create_test_cases;
  const rows: TestCase[] = testCases.data ?? [];
  const rowIds = rows.map((testCase) => testCase.id);
  const shown = keepShown(selection, rowIds);
  const selectedIds = rowIds.filter((id) => shown.selected.has(id));
  const focused = rows.find((testCase) => testCase.id === focusedId) ?? null;

  const confirmArchive = (ids: number[]) => {
    confirming.current = true;
    modals.openConfirmModal({
      title: 'Archive Test Cases',
      children: (
        <Text size="sm">
          Archive {ids.length} {ids.length === 1 ? 'test case' : 'test cases'}? Bulk archiving cannot be
          undone.
        </Text>
      ),
      labels: { confirm: 'Archive', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onClose: () => {
        confirming.current = false;
      },
      onConfirm: () =>
        archive.mutate(ids, {
          onSuccess: () => {
            notify.success(TEST_CASES_ARCHIVED);
            setSelection(NO_SELECTION);
          },
          onError: (error) => notify.error(errorDetail(error), ARCHIVE_FAILED),
        }),
    });
  };

  // Delete or Backspace with rows selected asks to archive them (001 §2.6).
  const onKey = useRef<(event: KeyboardEvent) => void>(() => undefined);
  onKey.current = (event) => {
    if (event.key !== 'Delete' && event.key !== 'Backspace') return;
    if (!active || !mayAuthor || selectedIds.length === 0 || confirming.current) return;
    if (typingOrInDialog(event.target)) return;
    event.preventDefault();
    confirmArchive(selectedIds);
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const [assigning, setAssigning] = useState(false);
  const makeSelectedPublic = () =>
    makePublic.mutate(selectedIds, {
      onSuccess: () => notify.success(MADE_PUBLIC),
      onError: (error) => notify.error(errorDetail(error), MAKE_PUBLIC_FAILED),
    });

  return (
    <QueryView query={testCases} errorTitle="Error loading test cases" loading={{ rows: 6 }}>
      {() => (
        <Stack gap="sm">
          {selectedIds.length > 0 && (user.permissions.is_admin || mayAuthor) && (
            <BulkActionBar
              count={selectedIds.length}
              mayAdminister={user.permissions.is_admin}
              mayAuthor={mayAuthor}
              makingPublic={makePublic.isPending}
              generating={generating}
              onAssign={() => setAssigning(true)}
              onMakePublic={makeSelectedPublic}
              onGenerate={() => onGenerate(selectedIds)}
              onClear={() => setSelection(NO_SELECTION)}
            />
          )}
          <Group align="flex-start" wrap="nowrap" gap="md">
            <div style={{ flex: 1, minWidth: 0 }}>
              <SelectableTestCaseTable
                testCases={rows}
                selection={shown}
                focusedId={focused?.id ?? null}
                emptyText={NO_SIMULATOR_TEST_CASES}
                onCheck={(id, shift) => setSelection(clickRow(shown, rowIds, id, shift))}
                onCheckAll={() => setSelection(toggleAll(shown, rowIds))}
                onFocus={(id) => setFocusedId(id === focusedId ? null : id)}
              />
            </div>
            {focused && (
              <EditorSessionsPanel
                testCase={focused}
                agentIds={agentIds}
                onClose={() => setFocusedId(null)}
              />
            )}
          </Group>
          <AssignToAnnotatorsDialog
            testCases={rows.filter((testCase) => shown.selected.has(testCase.id))}
            opened={assigning}
            onClose={() => setAssigning(false)}
          />
        </Stack>
      )}
    </QueryView>
  );
}

/** /simulators/{name}/editor (001 §2.6): By Test Case and Configuration. */
export function SimulatorEditorPage() {
  const name = useParams().simulatorName ?? '';
  const user = useSignedInUser();
  const simulator = useSimulator(name);
  const [tab, setTab] = useState<EditorTab>('testCases');
  const [agentIds, setAgentIds] = useState<string[]>([]);
  const generation = useMutationGenerationDialog();

  if (simulator.isPending) return <SimulatorPending headerHeight={48} />;
  if (simulator.isError) return <SimulatorUnavailable name={name} error={simulator.error} />;

  const current = simulator.data;
  const mayGenerate = user.permissions.create_test_cases;
  return (
    <Stack gap="lg">
      <EditorHeader simulator={current} agentIds={agentIds} onAgentIdsChange={setAgentIds} />
      <Tabs value={tab} onChange={(value) => value && setTab(value as EditorTab)}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="testCases" leftSection={<IconListCheck size={15} />}>
            By Test Case
          </Tabs.Tab>
          <Tabs.Tab value="configuration" leftSection={<IconSettings size={15} />}>
            Configuration
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="testCases">
          <TestCasesTab
            simulatorId={current.id}
            agentIds={agentIds}
            active={tab === 'testCases'}
            generating={generation.running}
            onGenerate={(ids) => generation.open({ testCaseIds: ids })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="configuration">
          <SimulatorConfigurationForm
            key={JSON.stringify(draftFrom(current))}
            simulator={current}
            isAdmin={user.permissions.is_admin}
            mayGenerate={mayGenerate}
            generating={generation.running}
            onGenerate={() => generation.open({ simulatorId: current.id })}
          />
        </Tabs.Panel>
      </Tabs>
      {generation.dialog}
    </Stack>
  );
}
