import {
  type CreateTestCaseFromLabelsRequest,
  type CreateTestCaseFromLabelsResponse,
  endpoints,
} from '@proctor/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../api';

/** A session's labels, oldest first: everyone's for account admins, the caller's own for others. */
export function useSessionLabels(sessionId: string, enabled = true) {
  return useEndpointQuery(endpoints.sessionLabels, { params: { id: sessionId }, enabled });
}

/** Save a label; the session's labels and the labelling page's counts are read again. */
export function useAddSessionLabel(sessionId: string) {
  return useEndpointMutation(endpoints.addSessionLabel, {
    request: (text: string) => ({ params: { id: sessionId }, body: { text } }),
    invalidates: [endpoints.sessionLabels, endpoints.testCaseLabelling],
  });
}

/** The configured model's reading of the session's labels: a proposal, or the outliers. */
export function useAnalyzeLabels(sessionId: string) {
  return useEndpointMutation(endpoints.analyzeSessionLabels, {
    request: () => ({ params: { id: sessionId } }),
  });
}

/**
 * Create the test case the labels describe; the test case lists are read again. `onCreated` is the mutation's
 * own callback, not mutate()'s: it runs even when the dialog that asked was unmounted meanwhile (a refetch of
 * the page around it), where mutate()'s callbacks are dropped and the person would never be taken to it.
 */
export function useCreateTestCaseFromLabels(
  sessionId: string,
  onCreated: (created: CreateTestCaseFromLabelsResponse) => void,
) {
  return useEndpointMutation(endpoints.createTestCaseFromLabels, {
    request: (body: CreateTestCaseFromLabelsRequest) => ({ params: { id: sessionId }, body }),
    invalidates: [endpoints.testCases],
    onSuccess: (created) => onCreated(created),
  });
}

/** A sample test case's recorded sessions of the organization, for the labelling page. */
export function useTestCaseLabelling(testCasePublicId: string, assignmentId: number | undefined) {
  return useEndpointQuery(endpoints.testCaseLabelling, {
    params: { id: testCasePublicId },
    query: assignmentId === undefined ? {} : { assignment_id: assignmentId },
  });
}
