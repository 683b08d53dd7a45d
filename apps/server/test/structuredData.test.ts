import { endpoints, RECORDER_OUTPUT_MESSAGES, STRUCTURED_DATA_TEXT_MAX } from '@proctor/contracts';
import { afterAll, expect, it } from 'vitest';
import { AUTHORING_MODEL_MISSING } from '../src/services/authoringModel';
import { describeEachDatabase } from './support/proctor';
import { chatCompletion, startStandIn } from './unit/support/standIn';

/**
 * The recorder's Format (POST /api/testcases/convert-text-to-structured-data): free text to JSON through the
 * configured authoring model, a stand-in here that speaks the chat completions API, and the answer held to
 * the output schema.
 */
let reply = '';
/** Set: the stand-in answers as an endpoint that stopped at max_tokens. */
let cutOff = false;
const standIn = await startStandIn({
  '/v1/chat/completions': (_request, response) =>
    cutOff
      ? response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            object: 'chat.completion',
            choices: [
              {
                index: 0,
                finish_reason: 'length',
                message: { role: 'assistant', content: '{"output": {"co' },
              },
            ],
          }),
        )
      : chatCompletion(response, reply),
});
afterAll(() => standIn.close());

const ORDER_SCHEMA = {
  type: 'object',
  properties: { count: { type: 'number', minimum: 1 }, colour: { type: 'string', enum: ['sage', 'rust'] } },
  required: ['count', 'colour'],
};

describeEachDatabase(
  'convert text to structured data, with a model',
  (proctor) => {
    const recorder = () => proctor().actor({ annotator: true, permissions: { playground_access: true } });

    it('should answer the value the model read, and no schema errors when it follows the schema', async () => {
      reply = JSON.stringify({ output: { count: 2, colour: 'sage' } });
      const response = await proctor().call(endpoints.convertTextToStructuredData, {
        body: { text: 'I added two sage mugs', outputSchema: ORDER_SCHEMA },
        as: await recorder(),
      });
      expect(response.status, response.body.detail).toBe(200);
      expect(response.body).toEqual({ output: { count: 2, colour: 'sage' }, schema_errors: [] });
      const sent = JSON.parse(standIn.received.at(-1)?.body ?? '{}');
      const question = sent.messages.find((m: { role: string }) => m.role === 'user').content as string;
      expect(question).toContain('I added two sage mugs');
      expect(question).toContain('"enum":["sage","rust"]');
      // The spec's settings for this call (002 §7.11).
      expect(sent).toMatchObject({ temperature: 0.2, max_tokens: 250 });
    });

    it('should answer 502 saying so when the answer is cut off at the token limit, never half a value', async () => {
      cutOff = true;
      try {
        const response = await proctor().call(endpoints.convertTextToStructuredData, {
          body: { text: 'a very long order' },
          as: await recorder(),
        });
        expect(response.status).toBe(502);
        expect(response.body.detail).toContain('cut off at its limit of 250 tokens');
      } finally {
        cutOff = false;
      }
    });

    it("should say where the model's value breaks the output schema, in the spec's words", async () => {
      reply = JSON.stringify({ output: { count: 'two' } });
      const response = await proctor().call(endpoints.convertTextToStructuredData, {
        body: { text: 'two mugs', outputSchema: JSON.stringify(ORDER_SCHEMA) },
        as: await recorder(),
      });
      expect(response.status, response.body.detail).toBe(200);
      expect(response.body.output).toEqual({ count: 'two' });
      expect(response.body.schema_errors).toEqual(
        expect.arrayContaining(["Missing required property 'colour'", '/count: Expected number, got string']),
      );
    });

    it('should take any JSON value without a schema, a list included', async () => {
      reply = JSON.stringify({ output: ['sage', 'rust'] });
      const response = await proctor().call(endpoints.convertTextToStructuredData, {
        body: { text: 'sage and rust' },
        as: await recorder(),
      });
      expect(response.body).toEqual({ output: ['sage', 'rust'], schema_errors: [] });
    });

    it('should refuse blank or oversized text and an unusable schema with 400, before asking the model', async () => {
      const asked = standIn.received.length;
      const as = await recorder();
      const blank = await proctor().call(endpoints.convertTextToStructuredData, { body: { text: '  ' }, as });
      expect(blank.status).toBe(400);
      expect(blank.body.detail).toContain(RECORDER_OUTPUT_MESSAGES.formatNeedsText);
      const long = await proctor().call(endpoints.convertTextToStructuredData, {
        body: { text: 'x'.repeat(STRUCTURED_DATA_TEXT_MAX + 1) },
        as,
      });
      expect(long.status).toBe(400);
      expect(long.body.detail).toContain('too long');
      const unusable = await proctor().call(endpoints.convertTextToStructuredData, {
        body: { text: 'two', outputSchema: { $ref: '#/no-such-definition' } },
        as,
      });
      expect(unusable.status).toBe(400);
      expect(unusable.body.detail).toContain('The output schema cannot be used');
      expect(standIn.received.length).toBe(asked);
    });

    it('should answer 502 when the model does not answer JSON', async () => {
      reply = 'Two sage mugs, I think.';
      const response = await proctor().call(endpoints.convertTextToStructuredData, {
        body: { text: 'two sage mugs' },
        as: await recorder(),
      });
      expect(response.status).toBe(502);
    });

    it('should refuse a member without playground_access', async () => {
      const response = await proctor().call(endpoints.convertTextToStructuredData, {
        body: { text: 'two sage mugs' },
        as: await proctor().actor({ annotator: true }),
      });
      expect(response.status).toBe(403);
    });
  },
  {
    env: {
      AUTHORING_LLM_URL: `${standIn.origin}/v1`,
      AUTHORING_LLM_MODEL: 'stand-in',
      OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
    },
  },
);

describeEachDatabase('convert text to structured data, without a model', (proctor) => {
  it('should answer 503 with the sentence that says which settings are missing', async () => {
    const response = await proctor().call(endpoints.convertTextToStructuredData, {
      body: { text: 'two sage mugs' },
      as: await proctor().actor({ permissions: { playground_access: true } }),
    });
    expect(response.status).toBe(503);
    expect(response.body.detail).toBe(AUTHORING_MODEL_MISSING);
  });
});
