import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../src/kernel/config';
import { AUTHORING_MODEL_MISSING, askAuthoringModel } from '../../src/services/authoringModel';
import { chatCompletion, startStandIn } from './support/standIn';

/** The authoring helpers' one path to a model, against a stand-in that speaks the chat completions API. */
let reply = '{"name":"Book a table"}';
const standIn = await startStandIn({
  '/v1/chat/completions': (_request, response) => chatCompletion(response, reply),
});
afterAll(() => standIn.close());

const Answer = z.object({ name: z.string() });
const question = { system: 'Name the task as JSON {name}.', user: 'book a table for two', answer: Answer };

const configured = (env: Record<string, string>) =>
  loadConfig({ OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1', ...env } as NodeJS.ProcessEnv);

describe('askAuthoringModel', () => {
  it('says which settings are missing when no model is configured', async () => {
    await expect(askAuthoringModel(configured({}), question)).rejects.toMatchObject({
      status: 503,
      detail: AUTHORING_MODEL_MISSING,
    });
  });

  it('asks the authoring model for JSON and holds the answer to the schema', async () => {
    reply = '{"name":"Book a table"}';
    const config = configured({ AUTHORING_LLM_URL: `${standIn.origin}/v1`, AUTHORING_LLM_MODEL: 'stand-in' });
    await expect(askAuthoringModel(config, question)).resolves.toEqual({ name: 'Book a table' });
    const sent = JSON.parse(standIn.received.at(-1)?.body ?? '{}');
    expect(sent).toMatchObject({ model: 'stand-in', response_format: { type: 'json_object' } });
    expect(sent.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user']);
  });

  it('falls back to the scoring model, and answers 502 when the model rambles or breaks the shape', async () => {
    const config = configured({ SCORING_LLM_URL: `${standIn.origin}/v1`, SCORING_LLM_MODEL: 'judge' });
    reply = 'Sure! Here is the name: Book a table';
    await expect(askAuthoringModel(config, question)).rejects.toMatchObject({ status: 502 });
    reply = '{"title":"Book a table"}';
    await expect(askAuthoringModel(config, question)).rejects.toMatchObject({ status: 502 });
    expect(JSON.parse(standIn.received.at(-1)?.body ?? '{}').model).toBe('judge');
  });
});
