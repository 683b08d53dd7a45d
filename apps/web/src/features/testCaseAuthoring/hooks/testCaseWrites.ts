import { type EndpointBody, endpoints } from '@proctor/contracts';
import { fetchBlob, useEndpointMutation } from '../../../api';
import { CATALOGUE_READS } from '../../simulators';

export type CreateTestCasesBody = EndpointBody<typeof endpoints.createTestCases>;

/**
 * POST /api/testcases: one test case, or a number of blanks (every create form). One made with testCaseSetId
 * joins that dataset, so the datasets' lists are read again too.
 */
export function useCreateTestCases() {
  return useEndpointMutation(endpoints.createTestCases, {
    request: (body: CreateTestCasesBody) => ({ body }),
    invalidates: [...CATALOGUE_READS, endpoints.testCaseSets],
  });
}

/**
 * Proposals of the configured model for the create forms (001 §7): they change nothing on the server, so they
 * invalidate no reads. Without a model each fails with the server's sentence, which the forms show as it is.
 */
export function useProposeFromPrompt() {
  return useEndpointMutation(endpoints.generatePrediction, {
    request: (body: EndpointBody<typeof endpoints.generatePrediction>) => ({ body }),
  });
}

export function useProposeFromSteps() {
  return useEndpointMutation(endpoints.generatePredictionFromSteps, {
    request: (body: EndpointBody<typeof endpoints.generatePredictionFromSteps>) => ({ body }),
  });
}

export function useProposeOutcomeSchema() {
  return useEndpointMutation(endpoints.generateOutcomeSchema, {
    request: (body: EndpointBody<typeof endpoints.generateOutcomeSchema>) => ({ body }),
  });
}

/** A screenshot of this server (a step's screenshot_url) as the data URL the outcome-schema call takes. */
export async function screenshotDataUrl(path: string): Promise<string> {
  const blob = await fetchBlob(path);
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Failed to read the screenshot'));
    reader.readAsDataURL(blob);
  });
}
