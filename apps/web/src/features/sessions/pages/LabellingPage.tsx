import { Alert, Anchor, Badge, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { LAYOUT, type LabellingResponse, type LabellingSession } from '@proctor/contracts';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { BackButton } from '../../../components/BackButton';
import { QueryView } from '../../../components/QueryView';
import { paths } from '../../../paths';
import { ConvertLabelsButton } from '../components/ConvertLabelsDialog';
import { SessionLabels } from '../components/SessionLabels';
import { StepViewer } from '../components/StepViewer';
import { useSession } from '../hooks/useSession';
import { useTestCaseLabelling } from '../hooks/useSessionLabels';
import { formatSessionDate } from '../sessionFormat';

/** ?assignmentId= as the Needs Labelling tab writes it; anything else reads as none. */
function assignmentFrom(value: string | null): number | undefined {
  return value && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : undefined;
}

const sessionChoice = (session: LabellingSession, index: number, count: number) => ({
  value: session.sessionId,
  label: `Session ${count - index} · ${formatSessionDate(session.createdAt)}${session.agent ? ` · ${session.agent}` : ''}${session.my_label_count > 0 ? ' · labelled' : ''}`,
});

/**
 * /needs-labelling/label/{publicId}?assignmentId= (000 §2.1, §2.7): where the Needs Labelling tab's Annotate
 * leads. Decision: it shows one of the sample test case's recorded sessions in the organization at a time
 * (newest first, starting with the first the person has not labelled yet): its steps on the left, as the
 * session page shows them, and the label entry with the Saved Labels on the right. The test case's prompt is
 * not shown (annotators do not see sample test cases' details, 000 §6: they describe what the session did);
 * account admins also see its name and the Convert to Test Case button.
 */
export function LabellingPage() {
  const publicId = useParams().publicId ?? '';
  const [search] = useSearchParams();
  const labelling = useTestCaseLabelling(publicId, assignmentFrom(search.get('assignmentId')));
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <BackButton fallback={paths.home} />
        <Title order={2}>Label sessions</Title>
      </Group>
      <QueryView query={labelling} errorTitle="Failed to load the sessions to label" loading={{ rows: 4 }}>
        {(data) => <LabellingSessions data={data} />}
      </QueryView>
    </Stack>
  );
}

/**
 * The test case's sessions to pick from, starting with the newest the person has not labelled yet; the choice
 * stays put when a saved label changes the counts.
 */
function LabellingSessions({ data }: { data: LabellingResponse }) {
  const sessions = data.sessions;
  const [chosen, setChosen] = useState<string | undefined>(
    () => (sessions.find((session) => session.my_label_count === 0) ?? sessions[0])?.sessionId,
  );
  const current = sessions.find((session) => session.sessionId === chosen) ?? sessions[0];
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        {data.test_case.name && <Text fw={600}>{data.test_case.name}</Text>}
        {data.test_case.simulator && (
          <Badge variant="light" radius="sm" tt="none">
            {data.test_case.simulator.name}
          </Badge>
        )}
        {data.assignment?.completed && (
          <Badge color="gray" variant="light" radius="sm" tt="none">
            Assignment completed
          </Badge>
        )}
      </Group>
      {!current ? (
        <Alert color="gray" variant="light">
          Your organization has recorded no session of this test case yet.
        </Alert>
      ) : (
        <>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label="Session"
              w={480}
              allowDeselect={false}
              data={sessions.map((session, index) => sessionChoice(session, index, sessions.length))}
              value={current.sessionId}
              onChange={(value) => setChosen(value ?? undefined)}
            />
            <Anchor component={Link} to={paths.session(current.sessionId)} size="sm" pb={8}>
              <Group gap={4}>
                Open the session page <IconExternalLink size={14} />
              </Group>
            </Anchor>
          </Group>
          <SessionToLabel key={current.sessionId} sessionId={current.sessionId} />
        </>
      )}
    </Stack>
  );
}

/** One session's steps beside its label entry. */
function SessionToLabel({ sessionId }: { sessionId: string }) {
  const session = useSession(sessionId, false);
  const [step, setStep] = useState(0);
  return (
    <Group align="flex-start" wrap="nowrap" gap="lg">
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }} component="section" aria-label="Session recording">
        <QueryView query={session} errorTitle="Failed to load session" loading={{ rows: 1, height: 480 }}>
          {(detail) => <StepViewer detail={detail} selected={step} onSelect={setStep} />}
        </QueryView>
      </Stack>
      <Stack
        gap="md"
        w={LAYOUT.sessionPanelWidth}
        style={{ flexShrink: 0 }}
        component="aside"
        aria-label="Labels"
      >
        <Paper withBorder radius="md" p="md">
          <SessionLabels sessionId={sessionId} />
        </Paper>
        <Group justify="flex-end">
          <ConvertLabelsButton sessionId={sessionId} isSample />
        </Group>
      </Stack>
    </Group>
  );
}
