import { z } from 'zod';
import { pageSizeInUrl, RecordId, RecordIdInUrl, Timestamp } from './common';
import { PAGE_SIZE } from './constants';
import { ANNOTATOR_STAGES, DATA_CREATION_STAGES } from './vocabulary';

/** Sessions an annotator organization is asked to record for one test case (001 §5): 1 to 100, default 1. */
export const REQUESTED_RECORDING_COUNT = { min: 1, max: 100, default: 1 } as const;

export const AssignToOrganizationsRequest = z.object({
  organization_ids: z
    .array(RecordId)
    .min(1, { error: 'Choose at least one organization' })
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Each organization once' }),
  requested_recording_count: z
    .number()
    .int()
    .min(REQUESTED_RECORDING_COUNT.min)
    .max(REQUESTED_RECORDING_COUNT.max)
    .default(REQUESTED_RECORDING_COUNT.default),
});
export type AssignToOrganizationsRequest = z.infer<typeof AssignToOrganizationsRequest>;

export const AnnotatorStage = z.enum(ANNOTATOR_STAGES);
export type AnnotatorStage = z.infer<typeof AnnotatorStage>;

/** A test case assigned to an annotator organization, with its progress there. */
export const OrganizationAssignment = z.object({
  id: z.number().int(),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  test_case: z.object({
    id: z.number().int(),
    publicId: z.string(),
    name: z.string(),
    isSample: z.boolean(),
    simulator_id: z.number().int().nullable(),
  }),
  requested_recording_count: z.number().int(),
  completed: z.boolean(),
  /** The organization's sessions of the test case (not archived). */
  recorded_count: z.number().int(),
  /** Of those, the ones the caller recorded (0 for an API key). */
  recorded_by_you_count: z.number().int(),
  /** Of those, the ones people agreed passed. */
  passed_count: z.number().int(),
  /** Of those, the ones nobody has scored yet. */
  unmarked_count: z.number().int(),
  stages: z.array(AnnotatorStage),
  createdAt: Timestamp,
});
export type OrganizationAssignment = z.infer<typeof OrganizationAssignment>;
export const OrganizationAssignmentsResponse = z.object({ assignments: z.array(OrganizationAssignment) });
export const OrganizationAssignmentsQuery = z.object({
  simulator_id: RecordIdInUrl.optional(),
  test_case_id: RecordIdInUrl.optional(),
  page_size: pageSizeInUrl(PAGE_SIZE.simulatorTestCases).default(PAGE_SIZE.simulatorTestCases),
});

/** Work on a simulator given to an annotator organization (000 §2.9): only data creation so far. */
export const ANNOTATOR_ASSIGNMENT_TYPES = ['data_creation'] as const;
export const AnnotatorAssignmentType = z.enum(ANNOTATOR_ASSIGNMENT_TYPES);
export const DataCreationStage = z.enum(DATA_CREATION_STAGES);
export type DataCreationStage = z.infer<typeof DataCreationStage>;

export const AnnotatorAssignment = z.object({
  assignment_id: z.number().int(),
  type: AnnotatorAssignmentType,
  stage: DataCreationStage,
  organization_id: z.number().int(),
  simulator: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  test_case: z.object({ id: z.number().int(), publicId: z.string(), name: z.string() }).nullable(),
  createdAt: Timestamp,
});
export type AnnotatorAssignment = z.infer<typeof AnnotatorAssignment>;
export const AnnotatorAssignmentsResponse = z.object({ assignments: z.array(AnnotatorAssignment) });
export const AnnotatorAssignmentsQuery = z.object({ assignment_type: AnnotatorAssignmentType.optional() });
export const CreateAnnotatorAssignmentRequest = z.object({
  assignment_type: AnnotatorAssignmentType,
  stage: DataCreationStage.default('needs_data_creation'),
  organization_id: RecordId,
  simulator_id: RecordId,
});
export const AnnotatorAssignmentStageRequest = z.object({ stage: DataCreationStage });
export const AnnotatorAssignmentResponse = z.object({ assignment: AnnotatorAssignment });

/** What the dashboard says about assigning (001 §8). */
export const ASSIGNMENT_MESSAGES = {
  assigned: 'Test case assigned to annotators successfully',
  assignFailed: 'Failed to assign test case to annotators',
  bulkAssigned: 'Test cases assigned to annotators successfully',
  bulkAssignFailed: 'Failed to assign test cases to annotators',
  simulatorAssigned: 'Simulator assigned to annotators successfully',
  simulatorAssignFailed: 'Failed to assign simulator to annotators',
  organizationsFailed: 'Failed to load annotator organizations',
  noAnnotatorOrganizations:
    'No annotator organizations found. Organizations must have "Is Annotator" enabled.',
} as const;

/** The requested recording count as typed: a whole number up to the maximum; anything else is the default. */
export function requestedRecordingCountOf(text: string): number {
  const trimmed = text.trim();
  const number = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return Number.isInteger(number) &&
    number >= REQUESTED_RECORDING_COUNT.min &&
    number <= REQUESTED_RECORDING_COUNT.max
    ? number
    : REQUESTED_RECORDING_COUNT.default;
}
