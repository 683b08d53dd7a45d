import { type DataCreationStage, endpoints } from '@proctor/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../api';

/** The organization's data creation assignments, newest first. */
export function useDataCreationAssignments() {
  return useEndpointQuery(endpoints.annotatorAssignments, {
    query: { assignment_type: 'data_creation' },
    select: (response) => response.assignments,
  });
}

/** Moves an assignment: Mark as Complete (completed) and Re-open (needs_data_creation). */
export function useMoveAssignment() {
  return useEndpointMutation(endpoints.annotatorAssignmentStage, {
    request: ({ id, stage }: { id: number; stage: DataCreationStage }) => ({
      params: { id },
      body: { stage },
    }),
    invalidates: [endpoints.annotatorAssignments],
  });
}
