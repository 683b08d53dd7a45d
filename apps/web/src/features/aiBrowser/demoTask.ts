import type { ResponseFormat } from '@proctor/contracts';

/**
 * The demo asks only for a prompt, so its task is answered in one field: the agent's answer in words, which the
 * flow view shows as it is.
 */
export const DEMO_RESPONSE_FORMAT = { answer: 'string' } as const satisfies ResponseFormat;

/** The demo's answer as words: its one field when the agent gave it, else the whole JSON. */
export function demoAnswer(output: unknown): string {
  if (output && typeof output === 'object' && 'answer' in output && typeof output.answer === 'string')
    return output.answer;
  return JSON.stringify(output, null, 2);
}
