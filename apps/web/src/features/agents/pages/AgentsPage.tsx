import { Button, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { AGENT_MESSAGES, type AgentArtifact, TIMING } from '@proctor/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { QueryView } from '../../../components/QueryView';
import { paths } from '../../../paths';
import { useSignedInUser } from '../../auth';
import { mayManageAgents } from '../agentAccess';
import { AgentsTable } from '../components/AgentsTable';
import { AgentsUnavailable } from '../components/AgentsUnavailable';
import { CreateAgentDialog } from '../components/CreateAgentDialog';
import { useAgentArtifacts, useArchiveAgentArtifact } from '../hooks/useAgentArtifacts';

const DESCRIPTION =
  'Who or what runs your test cases: people, agents behind an endpoint, agents in a container.';

/**
 * /agents (001 §2.8; the spec shows no route for the list, so it lives at the parent of the results pages):
 * the organization's agents, a refresh every 10 seconds when switched on (001 §4.5), Create Agent Artifact
 * and Archive for those who may manage agents. A row opens the agent's results.
 */
export function AgentsPage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const annotator = user.organization?.isAnnotator === true;
  const [polling, setPolling] = useState(false);
  const [creating, setCreating] = useState(false);
  const agents = useAgentArtifacts({ polling, enabled: !annotator });
  const archive = useArchiveAgentArtifact();
  const manager = mayManageAgents(user);

  if (annotator) {
    return (
      <Stack gap="lg">
        <PageHeader title="Agents" description={DESCRIPTION} />
        <AgentsUnavailable />
      </Stack>
    );
  }

  const confirmArchive = (agent: AgentArtifact) =>
    modals.openConfirmModal({
      title: 'Archive agent',
      children: <Text size="sm">{AGENT_MESSAGES.archiveConfirmation(agent.alias)}</Text>,
      labels: { confirm: 'Archive', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        archive.mutate(agent.id, {
          onSuccess: () => notify.success(`${agent.alias} archived`),
          onError: (error) => notify.error(errorDetail(error), 'Failed to archive agent'),
        }),
    });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Agents"
        description={DESCRIPTION}
        actions={
          <>
            <Switch
              label={`Refresh every ${TIMING.pollingIntervalMs / 1000} seconds`}
              checked={polling}
              onChange={(event) => setPolling(event.currentTarget.checked)}
            />
            {manager && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                Create Agent Artifact
              </Button>
            )}
          </>
        }
      />
      <QueryView query={agents} errorTitle="Failed to load agents">
        {(list) => (
          <AgentsTable
            agents={list}
            onOpen={(agent) => navigate(paths.agent(agent.alias))}
            onArchive={manager ? confirmArchive : undefined}
          />
        )}
      </QueryView>
      {manager && <CreateAgentDialog opened={creating} onClose={() => setCreating(false)} />}
    </Stack>
  );
}
