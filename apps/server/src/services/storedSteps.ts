import { RECORDING_FORMAT_VERSION, type RecordedStep } from '@proctor/contracts';
import type { sessionSteps } from '@proctor/db';
import { modernizeStep } from '@proctor/recording';

type StepRow = typeof sessionSteps.$inferSelect;

/**
 * A stored step in the current recording format. Rows keep the format they were written in; older ones are
 * modernized on read by @proctor/recording, one version at a time, so no migration rewrites recordings.
 * (Screenshots an old format kept inline come back as attachments; rows written by this server never have any.)
 */
export function upgradeStoredStep(row: StepRow): RecordedStep {
  const stored = {
    idx: row.idx,
    action: row.action,
    before_state: row.beforeState,
    after_state: row.afterState,
    mutations: { before: row.mutationsBefore, after: row.mutationsAfter },
  };
  if (row.formatVersion === RECORDING_FORMAT_VERSION) return stored as RecordedStep;
  return modernizeStep(stored, row.formatVersion).step;
}
