import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { canEditCatalogueItem, type TestCaseSet } from '@proctor/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { QueryView } from '../../../components/QueryView';
import { useSignedInUser } from '../../auth';
import { mayRunAgents, RunDialog, type RunTarget } from '../../runs';
import { AddTestDialog } from '../components/AddTestDialog';
import { CreateDatasetDialog } from '../components/CreateDatasetDialog';
import { CreateStepTestCaseDialog } from '../components/CreateStepTestCaseDialog';
import { DatasetPanel } from '../components/DatasetPanel';
import { DatasetsTable } from '../components/DatasetsTable';
import { useArchiveTestCaseSet, useTestCaseSets } from '../hooks/useTestCaseSets';

export const archiveDatasetConfirmation = (name: string) => `Are you sure you want to archive "${name}"?`;

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
  // Kept after the dialog closes, so that its title does not change during the closing animation.
  const [run, setRun] = useState<{ target: RunTarget; opened: boolean } | null>(null);
  const runner = mayRunAgents(user);

  const list = datasets.data ?? [];
  const selected = list.find((dataset) => dataset.id === selectedId) ?? null;
  const addTarget = list.find((dataset) => dataset.id === addingTo) ?? null;
  const stepTestTarget = list.find((dataset) => dataset.id === stepTestFor) ?? null;
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
      <AddTestDialog dataset={addTarget} onClose={() => setAddingTo(null)} />
      {stepTestTarget && (
        <CreateStepTestCaseDialog dataset={stepTestTarget} onClose={() => setStepTestFor(null)} />
      )}
      {user.permissions.create_test_cases && (
        <CreateDatasetDialog opened={creating} onClose={() => setCreating(false)} />
      )}
    </Stack>
  );
}
