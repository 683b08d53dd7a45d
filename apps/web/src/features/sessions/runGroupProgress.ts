import type { RunGroup } from '@proctor/contracts';

/**
 * A run group's progress as the sessions list shows it above its rows (001 §2.3: after a run the user lands
 * on /sessions?run_session_batch_id=…): how many runs ended, run and wait, how many of the scored passed, and
 * the infrastructure failures, which never count against the agent.
 */

type Progress = Pick<
  RunGroup,
  'total' | 'queued' | 'running' | 'completed' | 'failed' | 'scored' | 'passed' | 'finished'
>;

/** How often the page asks for the progress while runs wait, run or are being scored. */
export const RUN_GROUP_POLL_MS = 2000;

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Every run ended and every ended run has its verdict (or failed, which gets none): nothing more will change. */
export function runGroupDone(group: Progress): boolean {
  return group.finished && group.scored + group.failed >= group.total;
}

/** "12 of 70 runs ended · 3 running · 55 queued · 11 of 12 scored passed · 0 infrastructure failures". */
export function runGroupProgressLine(group: Progress): string {
  const ended = group.completed + group.failed;
  return [
    `${ended} of ${counted(group.total, 'run', 'runs')} ended`,
    `${group.running} running`,
    `${group.queued} queued`,
    `${group.passed} of ${group.scored} scored passed`,
    counted(group.failed, 'infrastructure failure', 'infrastructure failures'),
  ].join(' · ');
}

export interface ProgressSection {
  key: 'passed' | 'failedVerdict' | 'scoring' | 'infrastructure' | 'running';
  label: string;
  count: number;
  /** Percent of the group's runs. */
  value: number;
  color: string;
}

/** The bar's parts, left to right: verdicts first, then runs being scored, failed by the infrastructure, running. */
export function runGroupSections(group: Progress): ProgressSection[] {
  const percent = (count: number) => (group.total > 0 ? (count / group.total) * 100 : 0);
  const parts: Array<Omit<ProgressSection, 'value'>> = [
    { key: 'passed', label: 'Passed', count: group.passed, color: 'teal' },
    { key: 'failedVerdict', label: 'Failed', count: group.scored - group.passed, color: 'red' },
    { key: 'scoring', label: 'Being scored', count: group.completed - group.scored, color: 'blue' },
    { key: 'infrastructure', label: 'Infrastructure failures', count: group.failed, color: 'orange' },
    { key: 'running', label: 'Running', count: group.running, color: 'indigo' },
  ];
  return parts.filter((part) => part.count > 0).map((part) => ({ ...part, value: percent(part.count) }));
}

/** What changes as the runs go on: a new value means the rows below have changed too. */
export function runGroupProgressSignature(group: Progress): string {
  return [group.queued, group.running, group.completed, group.failed, group.scored, group.passed].join('/');
}
