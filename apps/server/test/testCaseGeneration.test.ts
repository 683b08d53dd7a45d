import {
  endpoints,
  MAX_JSON_BODY_BYTES,
  MAX_OUTCOME_IMAGE_CHARS,
  MAX_PREDICTION_SCREENSHOTS,
  OUTCOME_IMAGE_NOT_DATA_URL,
  OUTCOME_IMAGE_TOO_LARGE,
  RECORDING_FORMAT_VERSION,
  type UserAction,
} from '@proctor/contracts';
import { newPublicId, sessionSteps, sessions } from '@proctor/db';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { sessionBlobPrefix } from '../src/environments/recordingWriter';
import { AUTHORING_MODEL_MISSING } from '../src/services/authoringModel';
import { catalog } from './support/catalog';
import { type Actor, describeEachDatabase, type TestProctor } from './support/proctor';
import { cartInsert, storedSession } from './support/storedSessions';
import { chatCompletion, json, startStandIn } from './unit/support/standIn';

/**
 * Test cases proposed from people's work (001 §7) through the configured model, here a local stand-in that
 * speaks the chat completions API: what each route sends it and answers, and what each refuses.
 */
let reply: { status: number; content: string } = { status: 200, content: '{}' };
const standIn = await startStandIn({
  '/v1/chat/completions': (_request, response) =>
    reply.status === 200
      ? chatCompletion(response, reply.content)
      : json(response, reply.status, { error: { message: 'the stand-in is down' } }),
});
afterAll(() => standIn.close());

const PREDICTION = {
  name: 'Add sage mugs',
  prompt: 'Put two 16 oz sage mugs in the cart',
  evaluation_mode: 'page_action_sequence',
};
const OUTCOME = {
  name: 'Read the order total',
  prompt: 'Report the order total as JSON',
  schema: {
    type: 'object',
    properties: { total: { type: 'number' } },
    required: ['total'],
    additionalProperties: false,
  },
};
/** The smallest PNG there is (1×1), as the dashboard would send a screenshot. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const lastSent = () => JSON.parse(standIn.received.at(-1)?.body ?? '{}');

function scenario(proctor: () => TestProctor) {
  const make = catalog(proctor);

  const author = () => proctor().actor({ permissions: { create_test_cases: true, dashboard_access: true } });

  /** A session of `owner`'s organization with `count` clicks, each with a screenshot stored as the recorder stores it. */
  async function recordedSession(owner: Actor, count: number) {
    const [row] = await proctor()
      .ctx.db.insert(sessions)
      .values({
        publicId: newPublicId(),
        status: 'scoring_completed',
        organizationId: owner.organization!.id,
        prompt: 'Buy two sage mugs',
      })
      .returning();
    const at = Date.parse('2026-01-01T10:00:00Z');
    for (let idx = 0; idx < count; idx++) {
      const key = `step-${idx}.png`;
      await proctor().ctx.blobs.put(`${sessionBlobPrefix(row!.publicId)}/${key}`, Buffer.from(`png ${idx}`));
      const action: UserAction = {
        type: 'click',
        id: `click-${idx}`,
        timestamp: at + idx * 1000,
        is_simulator_action: false,
        metadata: { start_seq_id: idx, end_seq_id: idx },
        x: 10,
        y: 20,
        button: 'left',
        target: { id: null, selector: `button#b${idx}`, tag: 'button', text: `Button ${idx}`, bbox: null },
      };
      await proctor()
        .ctx.db.insert(sessionSteps)
        .values({
          sessionId: row!.id,
          idx,
          action,
          afterState: {
            current_url: `http://shop.localhost/page/${idx}`,
            screenshot: { key, mime: 'image/png', width: 1, height: 1, bytes: 5 },
            metadata: { bboxes: [] },
          },
          formatVersion: RECORDING_FORMAT_VERSION,
        });
    }
    return row!;
  }

  return { make, author, recordedSession };
}

describeEachDatabase(
  'test case proposals through a configured model',
  (proctor) => {
    const { make, author, recordedSession } = scenario(proctor);
    beforeEach(() => {
      reply = { status: 200, content: '{}' };
    });

    it('proposes a test case from a prompt and a task', async () => {
      reply.content = JSON.stringify(PREDICTION);
      const response = await proctor().call(endpoints.generatePrediction, {
        body: { prompt: 'check the cart', task: 'Buy two sage mugs' },
        as: await author(),
      });
      expect(response.status, response.body.detail).toBe(200);
      expect(response.body.prediction).toEqual(PREDICTION);
      const sent = lastSent();
      expect(sent.model).toBe('stand-in');
      expect(sent.messages[1].content).toContain('Buy two sage mugs');
      expect(sent.messages[1].content).toContain('check the cart');
    });

    it("proposes a test case from a session's numbered actions and screenshots", async () => {
      const owner = await author();
      const session = await recordedSession(owner, 12);
      reply.content = JSON.stringify(PREDICTION);
      const response = await proctor().call(endpoints.generatePredictionFromSteps, {
        body: { session_id: session.publicId, last_step: 11 },
        as: owner,
      });
      expect(response.status, response.body.detail).toBe(200);
      expect(response.body.prediction).toEqual(PREDICTION);
      const parts = lastSent().messages[1].content as Array<{
        type: string;
        text?: string;
        image_url?: { url: string };
      }>;
      const listing = parts[0]!.text!;
      expect(listing).toContain('Buy two sage mugs');
      expect(listing).toContain('1. click "Button 0" (button#b0) on http://shop.localhost/page/0');
      expect(listing).toContain('11. click "Button 10"');
      expect(listing).not.toContain('12. click');
      const images = parts.filter((part) => part.type === 'image_url');
      expect(images).toHaveLength(MAX_PREDICTION_SCREENSHOTS);
      // The last chosen step's screenshot is always among them, read from the blob store.
      expect(images.at(-1)!.image_url!.url).toBe(
        `data:image/png;base64,${Buffer.from('png 10').toString('base64')}`,
      );
    });

    it("answers 404 for another organization's session, and 400 for a step it does not have", async () => {
      const other = await author();
      const theirs = await recordedSession(other, 2);
      const me = await author();
      const before = standIn.received.length;
      const foreign = await proctor().call(endpoints.generatePredictionFromSteps, {
        body: { session_id: theirs.publicId },
        as: me,
      });
      expect(foreign.status).toBe(404);
      expect(foreign.body.detail).toBe('Session not found');
      const beyond = await proctor().call(endpoints.generatePredictionFromSteps, {
        body: { session_id: theirs.publicId, last_step: 3 },
        as: other,
      });
      expect(beyond.status).toBe(400);
      expect(beyond.body.detail).toContain('from 1 to 2');
      expect(standIn.received.length).toBe(before);
    });

    it('proposes an output test from a task and a screenshot, sent as an image part', async () => {
      reply.content = JSON.stringify(OUTCOME);
      const response = await proctor().call(endpoints.generateOutcomeSchema, {
        body: { task: 'What is the order total?', img: PNG },
        as: await author(),
      });
      expect(response.status, response.body.detail).toBe(200);
      expect(response.body.prediction).toEqual(OUTCOME);
      const parts = lastSent().messages[1].content;
      expect(parts).toContainEqual({ type: 'image_url', image_url: { url: PNG } });
    });

    it('refuses an image that is not a data URL (400) or larger than a request may be (413)', async () => {
      const me = await author();
      const notImage = await proctor().call(endpoints.generateOutcomeSchema, {
        body: { task: 'Total?', img: 'https://example.test/shot.png' },
        as: me,
      });
      expect(notImage.status).toBe(400);
      expect(notImage.body.detail).toContain(OUTCOME_IMAGE_NOT_DATA_URL);
      // Within a request's limit but larger than a screenshot may be: the contract's own sentence.
      const large = await proctor().call(endpoints.generateOutcomeSchema, {
        body: { task: 'Total?', img: `data:image/png;base64,${'A'.repeat(MAX_OUTCOME_IMAGE_CHARS)}` },
        as: me,
      });
      expect(large.status).toBe(400);
      expect(large.body.detail).toContain(OUTCOME_IMAGE_TOO_LARGE);
      const huge = await proctor().request({
        method: 'POST',
        url: '/api/testcases/generate-outcome-schema',
        payload: { task: 'Total?', img: `data:image/png;base64,${'A'.repeat(MAX_JSON_BODY_BYTES)}` },
        as: me,
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json().detail).toContain('larger than');
    });

    it('answers 502 when the model fails, rambles or proposes an unusable schema', async () => {
      const me = await author();
      reply = { status: 500, content: '' };
      const down = await proctor().call(endpoints.generatePrediction, {
        body: { prompt: 'p', task: 't' },
        as: me,
      });
      expect(down.status).toBe(502);
      expect(down.body.detail).toContain('The language model failed');
      reply = { status: 200, content: JSON.stringify({ ...PREDICTION, evaluation_mode: 'vibes' }) };
      const wrongMode = await proctor().call(endpoints.generatePrediction, {
        body: { prompt: 'p', task: 't' },
        as: me,
      });
      expect(wrongMode.status).toBe(502);
      reply = { status: 200, content: JSON.stringify({ ...OUTCOME, schema: { type: 'thing' } }) };
      const badSchema = await proctor().call(endpoints.generateOutcomeSchema, {
        body: { task: 'Total?', img: PNG },
        as: me,
      });
      expect(badSchema.status).toBe(502);
      const session = await recordedSession(me, 1);
      reply = { status: 500, content: '' };
      const stepsDown = await proctor().call(endpoints.generatePredictionFromSteps, {
        body: { session_id: session.publicId },
        as: me,
      });
      expect(stepsDown.status).toBe(502);
    });

    it("creates a state test whose expected mutations are the session's net changes", async () => {
      const me = await author();
      const simulator = await make.simulator();
      await make.allow(me.organization, simulator.id);
      const session = await storedSession(
        proctor().ctx.db,
        { organizationId: me.organization!.id, simulatorId: simulator.id },
        [cartInsert(1), { ...cartInsert(2), action: 'UPDATE', old: cartInsert(1).new }],
      );
      const created = await proctor().call(endpoints.createTestCases, {
        body: {
          simulatorId: simulator.id,
          name: 'Two mugs',
          prompt: 'Put two mugs in the cart',
          scoringTypes: ['mutations'],
          expectedMutationsFromSession: session.publicId,
        },
        as: me,
      });
      expect(created.status, created.body.detail).toBe(201);
      const config = created.body.testCases[0]!.defaultScoringConfig;
      expect(config.mutations).toEqual([
        { action: 'INSERT', table_name: 'cart_items', pk: '41', changes: cartInsert(2).new },
      ]);
      expect(config.session_ids).toEqual([session.publicId]);

      const other = await author();
      const foreign = await proctor().call(endpoints.createTestCases, {
        body: {
          simulatorId: simulator.id,
          name: 'x',
          prompt: 'y',
          expectedMutationsFromSession: session.publicId,
        },
        as: other,
      });
      expect(foreign.status).toBe(404);
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

describeEachDatabase('test case proposals without a model', (proctor) => {
  const { author, recordedSession } = scenario(proctor);

  it('says plainly on each route that no model is configured (503)', async () => {
    const me = await author();
    const session = await recordedSession(me, 1);
    const answers = await Promise.all([
      proctor().call(endpoints.generatePrediction, { body: { prompt: 'p', task: 't' }, as: me }),
      proctor().call(endpoints.generatePredictionFromSteps, {
        body: { session_id: session.publicId },
        as: me,
      }),
      proctor().call(endpoints.generateOutcomeSchema, { body: { task: 't', img: PNG }, as: me }),
    ]);
    for (const answer of answers)
      expect({ status: answer.status, detail: answer.body.detail }).toEqual({
        status: 503,
        detail: AUTHORING_MODEL_MISSING,
      });
  });
});
