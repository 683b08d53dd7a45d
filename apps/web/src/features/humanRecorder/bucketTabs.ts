import { ADMIN_VIEW_STAGES, type AnnotatorStage, HUMAN_RECORDER_TABS } from '@proctor/contracts';

/**
 * The bucket tabs shown: those of `stages` in that order (every tab by default), without Review and Completed
 * outside admin view (000 §2.7).
 */
export function bucketTabs(adminView: boolean, stages?: readonly AnnotatorStage[]) {
  const order = stages ?? HUMAN_RECORDER_TABS.map((tab) => tab.stage);
  return order
    .filter((stage) => adminView || !(ADMIN_VIEW_STAGES as readonly AnnotatorStage[]).includes(stage))
    .map((stage) => HUMAN_RECORDER_TABS.find((tab) => tab.stage === stage)!);
}
