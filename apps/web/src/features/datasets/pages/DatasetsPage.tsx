import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { canEditCatalogueItem, originOf, type TestCaseSet } from '@proctor/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { QueryView } from '../../../components/QueryView';
import { useSignedInUser } from '../../auth';
import { canOpenBrowserSessions } from '../../browserSessions';
import { mayRunAgents, RunDialog, type RunTarget } from '../../runs';
import { StartTestSessionDialog, TASK_SESSION_PAGES, type TaskSessionKind } from '../../trainer';
import { AddTestDialog } from '../components/AddTestDialog';
import { CreateDatasetDialog } from '../components/CreateDatasetDialog';
import { CreateStepTestCaseDialog } from '../components/CreateStepTestCaseDialog';
import { CreateTestCaseDialog } from '../components/CreateTestCaseDialog';
import { DatasetPanel } from '../components/DatasetPanel';
import { DatasetsTable } from '../components/DatasetsTable';
import { useArchiveTestCaseSet, useTestCaseSets } from '../hooks/useTestCaseSets';

export const archiveDatasetConfirmation = (name: string) => `Are you sure you want to archive "${name}"?`;

/**
 * A test case's start as a test or offline session's: its prompt as the task, its start URL when it is a page on
 * the web (a simulator's test case starts on an instance's path, which a person picks for themselves), and for an
 * offline session that page's origin, the one the dialog offers among those with captured traffic.
 */
function sessionStart(
  testCase: TestCaseSet['testCases'][number],
  kind: TaskSessionKind,
): { start_url: string; task: string } {
  const web = /^https?:\/\//i.test(testCase.startUrl);
  const startUrl =
    web && kind === 'offline' ? (originOf(testCase.startUrl) ?? '') : web ? testCase.startUrl : '';
  return { start_url: startUrl, task: testCase.prompt };
}

/**
 * /datasets (001 §2.3). Those who may run agents get Run All and each test case's Run in the side panel,
 * which open the run dialog with its agent picker.
 */
export function DatasetsPage() {
  const user = useSignedInUser();
  const datasets = useTestCaseSets();
  const archive = useArchiveTestCaseSet();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [addingTo, setAddingTo] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [stepTestFor, setStepTestFor] = useState<number | null>(null);
  const [testCaseFor, setTestCaseFor] = useState<number | null>(null);
  // Kept after the dialog closes, so that its title does not change during the closing animation.
  const [run, setRun] = useState<{ target: RunTarget; opened: boolean } | null>(null);
  const [session, setSession] = useState<{
    testCase: TestCaseSet['testCases'][number];
    kind: TaskSessionKind;
  } | null>(null);
  const navigate = useNavigate();
  const runner = mayRunAgents(user);

  const list = datasets.data ?? [];
  const selected = list.find((dataset) => dataset.id === selectedId) ?? null;
  const addTarget = list.find((dataset) => dataset.id === addingTo) ?? null;
  const stepTestTarget = list.find((dataset) => dataset.id === stepTestFor) ?? null;
  const testCaseTarget = list.find((dataset) => dataset.id === testCaseFor) ?? null;
  const canEdit = (dataset: TestCaseSet) => canEditCatalogueItem(user, dataset.organizationId);

  const confirmArchive = (dataset: TestCaseSet) =>
    modals.openConfirmModal({
      title: 'Archive dataset',
      children: <Text size="sm">{archiveDatasetConfirmation(dataset.name)}</Text>,
      labels: { confirm: 'Archive', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        archive.mutate(dataset.id, {
          onSuccess: () => {
            notify.success(`${dataset.name} archived`);
            if (selectedId === dataset.id) setSelectedId(null);
          },
          onError: (error) => notify.error(errorDetail(error), 'Failed to archive dataset'),
        }),
    });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Datasets"
        description="Groups of test cases that agents run together; public ones come with this server."
        actions={
          user.permissions.create_test_cases && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Create dataset
            </Button>
          )
        }
      />
      <QueryView query={datasets} errorTitle={'Error loading data'}>
        {() => (
          <DatasetsTable
            datasets={list}
            selectedId={selectedId}
            onSelect={(dataset) => setSelectedId(dataset.id === selectedId ? null : dataset.id)}
            canEdit={canEdit}
            onAddTest={(dataset) => setAddingTo(dataset.id)}
            onArchive={confirmArchive}
          />
        )}
      </QueryView>
      <DatasetPanel
        dataset={selected}
        editable={selected !== null && canEdit(selected)}
        onClose={() => setSelectedId(null)}
        onAddTest={(dataset) => setAddingTo(dataset.id)}
        onArchive={confirmArchive}
        onCreateTestCase={
          user.permissions.create_test_cases ? (dataset) => setTestCaseFor(dataset.id) : undefined
        }
        onCreateStepTestCase={
          user.permissions.create_test_cases ? (dataset) => setStepTestFor(dataset.id) : undefined
        }
        onRunAll={
          runner
            ? (dataset) =>
                setRun({
                  target: {
                    kind: 'dataset',
                    dataset: { id: dataset.id, name: dataset.name, testCaseCount: dataset.testCases.length },
                  },
                  opened: true,
                })
            : undefined
        }
        onStartSession={
          canOpenBrowserSessions(user) ? (testCase, kind) => setSession({ testCase, kind }) : undefined
        }
        onRunTestCase={
          runner
            ? (testCase) =>
                setRun({
                  target: { kind: 'testCase', testCase: { id: testCase.id, name: testCase.name } },
                  opened: true,
                })
            : undefined
        }
      />
      {runner && (
        <RunDialog
          target={run?.target ?? null}
          opened={run?.opened ?? false}
          onClose={() => setRun((current) => current && { ...current, opened: false })}
        />
      )}
      {session && (
        <StartTestSessionDialog
          key={`${session.kind}-${session.testCase.id}`}
          kind={session.kind}
          opened
          onClose={() => setSession(null)}
          onStarted={(started) => navigate(TASK_SESSION_PAGES[session.kind].path(started.publicId))}
          initial={sessionStart(session.testCase, session.kind)}
        />
      )}
      <AddTestDialog dataset={addTarget} onClose={() => setAddingTo(null)} />
      {testCaseTarget && (
        <CreateTestCaseDialog dataset={testCaseTarget} onClose={() => setTestCaseFor(null)} />
      )}
      {stepTestTarget && (
        <CreateStepTestCaseDialog dataset={stepTestTarget} onClose={() => setStepTestFor(null)} />
      )}
      {user.permissions.create_test_cases && (
        <CreateDatasetDialog opened={creating} onClose={() => setCreating(false)} />
      )}
    </Stack>
  );
}
