import { Code, Stack, Text } from '@mantine/core';
import type { ResetEnvironmentResponse, Simulator } from '@proctor/contracts';
import type { ReactNode } from 'react';

function startPath(startUrl: string): string {
  const url = new URL(startUrl);
  return `${url.pathname}${url.search}${url.hash}`;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * What the person works on (000 §2.8): the task prompt and start URL of the session, and the simulator's
 * sign-in and notes.
 */
export function TaskDetails({
  task,
  simulator,
}: {
  task: ResetEnvironmentResponse | null;
  simulator: Simulator | undefined;
}) {
  const authentication = simulator?.config.authentication;
  const notes = simulator?.config.notes;
  return (
    <Stack gap="sm">
      {task && (
        <>
          <Field label="Task">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="task-prompt">
              {task.prompt || 'Free play: explore the simulator.'}
            </Text>
          </Field>
          <Field label="Start URL">
            {/* The instance's origin is internal to Proctor: the path is what the person can act on. */}
            <Text size="sm" ff="monospace" data-testid="task-start-url">
              {startPath(task.start_url)}
            </Text>
          </Field>
        </>
      )}
      {authentication && (
        <Field label="Sign in">
          <Text size="sm">
            <Code data-testid="simulator-user">{authentication.user}</Code> /{' '}
            <Code data-testid="simulator-password">{authentication.password}</Code>
          </Text>
        </Field>
      )}
      {notes && (
        <Field label="Notes">
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {notes}
          </Text>
        </Field>
      )}
    </Stack>
  );
}
