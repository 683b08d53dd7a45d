import { z } from 'zod';
import type { AnnotatorStage as Stage } from './assignment';
import { AnnotatorStage } from './assignment';
import {
  PageNumber,
  Pagination,
  pageSizeInUrl,
  QueryBoolean,
  RecordId,
  RecordIdInUrl,
  Timestamp,
} from './common';
import { PAGE_SIZE } from './constants';

/**
 * The human recorder dashboard (000 §2.7, §7.3): an annotator organization's assigned test cases by stage.
 * Review and Completed are Admin View's (account admins); the server refuses them to others.
 */
export const ADMIN_VIEW_STAGES = ['REVIEW', 'COMPLETED'] as const satisfies readonly Stage[];

/** The tab keys of 000 §4.2, one per stage. */
export const HUMAN_RECORDER_TAB_KEYS = {
  NEEDS_LABELLING: 'needLabelling',
  NEEDS_RECORDING: 'needRecording',
  NEEDS_SCORING: 'needScoring',
  REVIEW: 'review',
  COMPLETED: 'completed',
} as const satisfies Record<Stage, string>;
export const HumanRecorderTabKey = z.enum([
  'needLabelling',
  'needRecording',
  'needScoring',
  'review',
  'completed',
] as const satisfies readonly (typeof HUMAN_RECORDER_TAB_KEYS)[Stage][]);
export type HumanRecorderTabKey = z.infer<typeof HumanRecorderTabKey>;

/** The tabs as people read them, in the order the dashboard shows them. */
export const HUMAN_RECORDER_TABS: readonly { stage: Stage; label: string }[] = [
  { stage: 'NEEDS_RECORDING', label: 'Needs Recording' },
  { stage: 'NEEDS_SCORING', label: 'Needs Scoring' },
  { stage: 'NEEDS_LABELLING', label: 'Needs Labelling' },
  { stage: 'REVIEW', label: 'Review' },
  { stage: 'COMPLETED', label: 'Completed' },
];

export const HUMAN_RECORDER_MESSAGES = {
  /** What organizations that are not annotators' are told (000 §2.9 says it for Data Creation). */
  annotatorsOnly: 'This page is only available to annotator organizations.',
  adminViewOnly: 'Review and Completed are for account admins in Admin View',
  notAssigned: 'This test case is not assigned to your organization',
  markedCompleted: 'Test case marked as completed',
  markCompletedFailed: 'Failed to mark the test case as completed',
  archived: 'Test case archived for your organization',
  archiveFailed: 'Failed to archive the test case',
  archiveConfirmation: (name: string) =>
    `Archive "${name}" for your organization? It leaves every tab of the dashboard; its sessions stay.`,
} as const;

const HumanRecorderPage = {
  page: PageNumber,
  page_size: pageSizeInUrl(PAGE_SIZE.expansion).default(PAGE_SIZE.humanRecorder),
  is_sample: QueryBoolean.optional(),
};

export const HumanRecorderTestCasesQuery = z.object({
  stage: AnnotatorStage.default('NEEDS_RECORDING'),
  admin_view: QueryBoolean.optional(),
  ...HumanRecorderPage,
});
export type HumanRecorderTestCasesQuery = z.input<typeof HumanRecorderTestCasesQuery>;

export const HumanRecorderFilterQuery = z.object({
  stage: AnnotatorStage.default('NEEDS_RECORDING'),
  /** A simulator id. */
  sim: RecordIdInUrl.optional(),
  ...HumanRecorderPage,
});
export type HumanRecorderFilterQuery = z.input<typeof HumanRecorderFilterQuery>;

export const HumanRecorderTabCountsQuery = z.object({
  admin_view: QueryBoolean.optional(),
  is_sample: QueryBoolean.optional(),
});

/** A test case as the recorder dashboard lists it (000 §3 Test case (recorder view)). */
export const HumanRecorderTestCase = z.object({
  id: z.number().int(),
  publicId: z.string(),
  /** This and the task's fields are blank for a sample test case unless the viewer is an account admin (000 §6). */
  name: z.string(),
  description: z.string(),
  prompt: z.string(),
  hint: z.string().nullable(),
  startUrl: z.string(),
  isSample: z.boolean(),
  simulator: z.object({ id: z.number().int(), name: z.string(), imgUrl: z.string().nullable() }).nullable(),
  scoringTypes: z.array(z.string()),
  outputSchema: z.record(z.string(), z.unknown()),
  /** The stages it is in now (it can need recording and scoring at once). */
  stages: z.array(AnnotatorStage),
  organizationTestCase: z.object({
    id: z.number().int(),
    completed: z.boolean(),
    validSessionsRecorded: z.number().int(),
    requestedRecordingCount: z.number().int(),
    myRecordingCount: z.number().int(),
    passedSessionsCount: z.number().int(),
    myPassedSessionsCount: z.number().int(),
    unmarkedSessionsCount: z.number().int(),
    containsUnmarkedSessions: z.boolean(),
    createdAt: Timestamp,
  }),
});
export type HumanRecorderTestCase = z.infer<typeof HumanRecorderTestCase>;

export const HumanRecorderTestCasesResponse = z.object({
  testCases: z.array(HumanRecorderTestCase),
  pagination: Pagination,
});
export type HumanRecorderTestCasesResponse = z.infer<typeof HumanRecorderTestCasesResponse>;

const StageCounts = z.partialRecord(HumanRecorderTabKey, z.number().int());
/** Per tab key, the count per simulator id (the id as text; test cases without a simulator under "none"). */
const SimulatorBreakdown = z.partialRecord(HumanRecorderTabKey, z.record(z.string(), z.number().int()));

/** Counts of the tabs the caller may see: Review and Completed only in admin view. */
export const HumanRecorderTabCountsResponse = z.object({
  counts: StageCounts,
  simulatorBreakdown: SimulatorBreakdown,
  /** The simulators the breakdown names, for the filter's labels. */
  simulators: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type HumanRecorderTabCountsResponse = z.infer<typeof HumanRecorderTabCountsResponse>;

export const ArchiveOrganizationTestCaseRequest = z.object({ test_case_id: RecordId });

export const OrganizationTestCaseResponse = z.object({ testCase: HumanRecorderTestCase });
