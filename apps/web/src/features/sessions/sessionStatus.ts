import type { SessionStatus } from '@proctor/contracts';

/** The spec's colour hints (000 §4.1), and the Mantine colour each one is drawn in. */
export type SessionStatusTone = 'neutral' | 'danger' | 'warning' | 'primary' | 'success';

export const SESSION_STATUS_TONE_COLORS: Record<SessionStatusTone, string> = {
  neutral: 'gray',
  danger: 'red',
  warning: 'orange',
  primary: 'indigo',
  success: 'green',
};

export interface SessionStatusDisplay {
  label: string;
  tone: SessionStatusTone;
  color: string;
  /** Shown beside the label while the session is still being worked on. */
  spinner: boolean;
}

const display = (label: string, tone: SessionStatusTone, spinner = false): SessionStatusDisplay => ({
  label,
  tone,
  color: SESSION_STATUS_TONE_COLORS[tone],
  spinner,
});

/** Label, colour hint and spinner of each status (000 §4.1). run_failed reads "Error" on every screen. */
const BY_STATUS: Record<SessionStatus, SessionStatusDisplay> = {
  created: display('Created', 'neutral'),
  cancelled: display('Cancelled', 'danger'),
  run_queued: display('Queued', 'neutral'),
  run_started: display('Initializing', 'warning', true),
  run_setup_completed: display('Running', 'warning', true),
  run_completed: display('Ended', 'neutral'),
  run_failed: display('Error', 'danger'),
  postprocessing_started: display('Processing', 'warning', true),
  postprocessing_completed: display('Processed', 'primary'),
  postprocessing_failed: display('Processing Error', 'danger'),
  scoring_started: display('Scoring', 'warning', true),
  scoring_completed: display('Completed', 'success'),
  scoring_failed: display('Scoring Error', 'danger'),
};

const UNKNOWN = display('Unknown', 'neutral');

const isKnownStatus = (status: string): status is SessionStatus => Object.hasOwn(BY_STATUS, status);

/**
 * How a session's status is shown (000 §4.1). Any other value reads Unknown. Without a status, an end time
 * means Completed and none means Running (with a spinner); without a session at all, Unknown.
 */
export function sessionStatusDisplay(
  session: { status?: string | null; endedAt?: string | null } | null | undefined,
): SessionStatusDisplay {
  if (!session) return UNKNOWN;
  const { status } = session;
  if (status === null || status === undefined || status === '') {
    return session.endedAt ? display('Completed', 'success') : display('Running', 'warning', true);
  }
  return isKnownStatus(status) ? BY_STATUS[status] : UNKNOWN;
}

/** The label of a status on its own, for filter options. */
export const sessionStatusLabel = (status: SessionStatus): string => BY_STATUS[status].label;
