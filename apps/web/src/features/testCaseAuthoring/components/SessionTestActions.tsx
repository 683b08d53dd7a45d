import { Anchor, Group, Switch } from '@mantine/core';
import { IN_PROGRESS_SESSION_STATUSES, type SessionDetailResponse } from '@proctor/contracts';
import { useState } from 'react';
import type { SessionTestKind } from '../sessionTestDraft';
import { SESSION_TEST_TITLES, SessionTestDialog } from './SessionTestDialog';

/**
 * Under the session's steps (000 §2.5): a State Test switch chooses between an output test and a state test, and
 * a "Create State/Output Test" link opens the dialog for the chosen kind, once the session has ended. For those
 * who may create test cases.
 */
export function SessionTestActions({
  detail,
  selectedStep,
}: {
  detail: SessionDetailResponse;
  selectedStep: number;
}) {
  const [kind, setKind] = useState<SessionTestKind>('state');
  const [open, setOpen] = useState(false);
  // A session still running or queued has not made all its changes nor given its answer yet.
  const { status } = detail.session;
  if (status === 'run_queued' || IN_PROGRESS_SESSION_STATUSES.includes(status)) return null;
  return (
    <Group gap="md">
      <Switch
        label="State Test"
        checked={kind === 'state'}
        onChange={(event) => setKind(event.currentTarget.checked ? 'state' : 'output')}
      />
      <Anchor component="button" type="button" size="sm" onClick={() => setOpen(true)}>
        {SESSION_TEST_TITLES[kind]}
      </Anchor>
      {open && (
        <SessionTestDialog
          kind={kind}
          detail={detail}
          selectedStep={selectedStep}
          onClose={() => setOpen(false)}
        />
      )}
    </Group>
  );
}
