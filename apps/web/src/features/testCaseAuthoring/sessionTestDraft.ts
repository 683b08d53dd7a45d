import type { SessionDetailResponse } from '@proctor/contracts';
import { formatJson, schemaOfValue, sessionAnswer, startUrlOf } from './testCaseDrafts';

/**
 * The session page's Create State Test and Create Output Test (000 §2.5: a State Test switch chooses which,
 * a link opens the dialog). Decision, as the spec leaves the details open:
 * - A state test is judged on mutations: the session's net changes, after its simulator's filters, become the
 *   expected mutations. The server reads them from the session (`expectedMutationsFromSession`), so a session
 *   with more changes than its page shows loses none.
 * - An output test is judged on the answer: the session's answer becomes the correct output, and the output
 *   schema is that answer's shape (every property required, no others), or the one the configured model
 *   proposes from the selected step's screenshot (generate-outcome-schema).
 * Both start where the session started and take its prompt; the model may propose a name and prompt from the
 * session's steps (generate-prediction-from-steps).
 */
export type SessionTestKind = 'state' | 'output';

export interface SessionTestForm {
  name: string;
  startUrl: string;
  prompt: string;
  /** The one correct answer, as JSON text; empty for none (the schema alone judges the output). */
  correctOutputs: string;
  outputSchema: string;
}

export function sessionTestDraft(detail: SessionDetailResponse): SessionTestForm {
  const answer = sessionAnswer(detail.session.output);
  return {
    name: detail.session.testCase?.name ?? '',
    startUrl: startUrlOf(detail),
    prompt: detail.session.prompt ?? '',
    correctOutputs: answer === null ? '' : formatJson(answer),
    outputSchema: formatJson(answer === null ? schemaOfValue({}) : schemaOfValue(answer)),
  };
}

/** What POST /api/testcases is sent: the chosen kind's fields only (parsed there by CreateTestCaseRequest). */
export function sessionTestRequest(
  kind: SessionTestKind,
  detail: SessionDetailResponse,
  form: SessionTestForm,
) {
  const common = {
    mode: 'single' as const,
    simulatorId: detail.session.simulator?.id,
    name: form.name,
    prompt: form.prompt,
    startUrl: form.startUrl || undefined,
  };
  if (kind === 'state')
    return { ...common, scoringTypes: ['mutations'], expectedMutationsFromSession: detail.session.sessionId };
  let correctOutputs: unknown;
  if (form.correctOutputs.trim()) {
    try {
      correctOutputs = [JSON.parse(form.correctOutputs)];
    } catch {
      // Sent as typed: the contract's message says it does not parse, under this field.
      correctOutputs = form.correctOutputs;
    }
  }
  return { ...common, scoringTypes: ['output'], outputSchema: form.outputSchema, correctOutputs };
}
