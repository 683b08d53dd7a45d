import { Button, Group, Stack, Text } from '@mantine/core';
import type { AnnotatorAssignment } from '@proctor/contracts';
import { IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { QueryView } from '../../../components/QueryView';
import { RequireAnnotatorOrganization } from '../../annotatorAdmin';
import { ENVIRONMENT_OVERLAYS, LiveViewArea, useEnvironmentController } from '../../environments';
import { DataCreationTable } from '../components/DataCreationTable';
import { useDataCreationAssignments, useMoveAssignment } from '../hooks/useDataCreation';
import { DATA_CREATION_MESSAGES, DATA_CREATION_SOURCE } from '../messages';

/** /data-creation (000 §2.9): annotator organizations only. */
export function DataCreationPage() {
  return (
    <RequireAnnotatorOrganization>
      <DataCreation />
    </RequireAnnotatorOrganization>
  );
}

/**
 * The organization's data creation assignments: each one's simulator opens in a live environment below, where
 * the annotator creates the data; Mark as Complete and Re-open move the assignment.
 */
function DataCreation() {
  const assignments = useDataCreationAssignments();
  const move = useMoveAssignment();
  const controller = useEnvironmentController();
  const [active, setActive] = useState<AnnotatorAssignment | null>(null);
  const busy = ENVIRONMENT_OVERLAYS[controller.phase] !== undefined;

  useEffect(() => {
    if (assignments.isError) notify.error(DATA_CREATION_MESSAGES.loadFailed);
  }, [assignments.isError]);

  const start = (assignment: AnnotatorAssignment) => {
    if (!assignment.simulator) return;
    setActive(assignment);
    void controller.start({
      simulatorName: assignment.simulator.name,
      testCase: null,
      source: DATA_CREATION_SOURCE,
    });
  };

  const moveStage = (assignment: AnnotatorAssignment) => {
    const reopen = assignment.stage === 'completed';
    move.mutate(
      { id: assignment.assignment_id, stage: reopen ? 'needs_data_creation' : 'completed' },
      {
        onError: (error) =>
          notify.error(
            errorDetail(error),
            reopen ? DATA_CREATION_MESSAGES.reopenFailed : DATA_CREATION_MESSAGES.completeFailed,
          ),
      },
    );
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Data Creation"
        description="Simulators your organization is asked to fill with data: open one, work in it, then mark it complete."
      />
      <QueryView query={assignments} errorTitle={DATA_CREATION_MESSAGES.loadFailed} loading={{ rows: 4 }}>
        {(list) => (
          <DataCreationTable
            assignments={list}
            activeId={controller.environment ? (active?.assignment_id ?? null) : null}
            startDisabled={busy}
            movingId={move.isPending ? (move.variables?.id ?? null) : null}
            onStart={start}
            onMove={moveStage}
          />
        )}
      </QueryView>
      {controller.environment && active && (
        <Group justify="space-between">
          <Text size="sm" data-testid="data-creation-environment">
            Assignment #{active.assignment_id} · {controller.environment.simulatorName}
          </Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlayerStop size={14} />}
            disabled={busy}
            onClick={() => void controller.end()}
          >
            End
          </Button>
        </Group>
      )}
      <LiveViewArea
        phase={controller.phase}
        environment={controller.environment}
        failure={controller.failure}
        evaluation={controller.evaluation}
        idle="Start an assignment's environment to create data in its simulator here."
      />
    </Stack>
  );
}
