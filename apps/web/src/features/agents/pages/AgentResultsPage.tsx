import { Alert, Anchor, Badge, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { AGENT_MESSAGES, type AgentResultsResponse } from '@proctor/contracts';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorDetail, isApiError } from '../../../api';
import { BackButton } from '../../../components/BackButton';
import { paths } from '../../../paths';
import { useSignedInUser } from '../../auth';
import { AGENT_TYPE_LABELS } from '../agentForm';
import { agentSummaryLine } from '../agentResults';
import { AgentIcon } from '../components/AgentIcon';
import { AgentSessionsTab } from '../components/AgentSessionsTab';
import { AgentsUnavailable } from '../components/AgentsUnavailable';
import { TestCaseResultsTable } from '../components/TestCaseResultsTable';
import { useAgentResults } from '../hooks/useAgentResults';

const TABS = ['by_test_case', 'needs_human_scoring', 'human_disagreement'] as const;
type Tab = (typeof TABS)[number];
const tabFrom = (value: string | null): Tab => TABS.find((tab) => tab === value) ?? 'by_test_case';

function Header({ agent }: { agent: AgentResultsResponse['agent'] }) {
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <BackButton fallback={paths.agents} mt={6} />
      <AgentIcon agent={agent} size={44} />
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={2}>{agent.alias}</Title>
          <Badge variant="light" radius="sm" tt="none" color="gray" data-testid="agent-type">
            {AGENT_TYPE_LABELS[agent.data.type]}
          </Badge>
          {agent.archived && (
            <Badge variant="outline" radius="sm" tt="none" color="gray">
              Archived
            </Badge>
          )}
        </Group>
        {agent.data.description && (
          <Text size="sm" c="dimmed" maw={720}>
            {agent.data.description}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/**
 * /agents/{agent_version} (001 §2.8), where agent_version is the agent's alias (its id works too): the
 * agent's results by test case, and its sessions that need human scoring or where people disagree with the
 * automatic verdict. The human agreement figure of the spec is not shown: the session list carries each
 * session's consensus but not how many of its people agreed, so it cannot be computed here.
 */
export function AgentResultsPage() {
  const user = useSignedInUser();
  const ref = useParams().agentVersion ?? '';
  const _navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const annotator = user.organization?.isAnnotator === true;
  const results = useAgentResults(ref, { enabled: !annotator });
  const tab = tabFrom(search.get('tab'));

  if (annotator) {
    return (
      <Stack gap="lg">
        <Title order={2}>Agent</Title>
        <AgentsUnavailable />
      </Stack>
    );
  }
  if (results.isPending) {
    return (
      <Stack gap="lg">
        <Skeleton height={44} width={420} />
        <Skeleton height={360} />
      </Stack>
    );
  }
  if (results.isError) {
    const missing = isApiError(results.error) && results.error.status === 404;
    return (
      <Stack gap="lg">
        <Group gap="sm">
          <BackButton fallback={paths.agents} />
          <Title order={2}>{ref}</Title>
        </Group>
        <Alert color={missing ? 'gray' : 'red'} variant="light" data-testid="agent-results-error">
          {missing ? AGENT_MESSAGES.notFound : errorDetail(results.error)}
        </Alert>
      </Stack>
    );
  }

  const { agent, summary, testCases } = results.data;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Header agent={agent} />
        <Group gap="sm" pl={52}>
          <Text size="sm" data-testid="agent-summary">
            {agentSummaryLine(summary)}
          </Text>
          <Anchor component={Link} to={paths.agentSessions(agent.id)} size="sm">
            All {summary.total} {summary.total === 1 ? 'session' : 'sessions'}
          </Anchor>
        </Group>
      </Stack>

      <Tabs
        value={tab}
        onChange={(value) => {
          const next = new URLSearchParams(search);
          if (!value || value === 'by_test_case') next.delete('tab');
          else next.set('tab', value);
          setSearch(next, { replace: true });
        }}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="by_test_case">By Test Case</Tabs.Tab>
          <Tabs.Tab
            value="needs_human_scoring"
            rightSection={<TabCount value={summary.needsHumanScoring} testId="needs-human-scoring-count" />}
          >
            Needs Human Scoring
          </Tabs.Tab>
          <Tabs.Tab
            value="human_disagreement"
            rightSection={<TabCount value={summary.humanDisagreements} testId="human-disagreements-count" />}
          >
            Human Disagreements
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="by_test_case">
          {tab === 'by_test_case' && <TestCaseResultsTable results={testCases} />}
        </Tabs.Panel>
        <Tabs.Panel value="needs_human_scoring">
          {tab === 'needs_human_scoring' && (
            <AgentSessionsTab agentId={agent.id} filter="needs_human_scoring" />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="human_disagreement">
          {tab === 'human_disagreement' && (
            <AgentSessionsTab agentId={agent.id} filter="human_disagreement" />
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function TabCount({ value, testId }: { value: number; testId: string }) {
  return (
    <Badge size="sm" variant="light" radius="xl" color={value > 0 ? 'orange' : 'gray'} data-testid={testId}>
      {value}
    </Badge>
  );
}
