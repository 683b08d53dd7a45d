import { paths } from '../../paths';

/**
 * The two pages of a task done by a person in a remote browser (002 §2.11): the trainer, on the open web, ended by
 * Task Completed with its Output; and the offline session, on an origin's captured traffic with the network cut,
 * which has no Task Completed: its End keeps the Output when every field has a value (an offline session's answer
 * is not to be lost), and only closes it otherwise.
 */
export type TaskSessionKind = 'trainer' | 'offline';

export interface TaskSessionPage {
  title: string;
  startLabel: string;
  noSession: string;
  /** This kind's page on one session. */
  path: (browserSessionId?: string) => string;
  /** Task Completed (the trainer), or End keeping the Output (offline). */
  completes: boolean;
}

export const TASK_SESSION_PAGES: Readonly<Record<TaskSessionKind, TaskSessionPage>> = {
  trainer: {
    title: 'Trainer',
    startLabel: 'Start Test Session',
    noSession: 'No test session is open.',
    path: paths.trainer,
    completes: true,
  },
  offline: {
    title: 'Offline session',
    startLabel: 'Start Offline Session',
    noSession: 'No offline session is open.',
    path: paths.offline,
    completes: false,
  },
};
