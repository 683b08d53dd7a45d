import {
  endpoints,
  RECORDING_FORMAT_VERSION,
  type TrajectoryDecomposition,
  type UserAction,
} from '@proctor/contracts';
import { networkRequests, newPublicId, sessionSteps, sessions } from '@proctor/db';
import { afterAll, expect, it } from 'vitest';
import { findBuiltInAgent } from '../src/repositories/agents';
import { catalog } from './support/catalog';
import { type Actor, describeEachDatabase, type TestProctor } from './support/proctor';
import { clickAction } from './support/storedSessions';
import { chatCompletion, startStandIn } from './unit/support/standIn';

/**
 * Post-processing's subtasks (000 §3 Subtask) on the session page: by the rule without a model, by the
 * configured model (a local stand-in speaking the OpenAI wire protocol) with one, back to the rule when the model
 * answers badly; and the test case's reference session beside it.
 */

/** The stand-in model: two subtasks, split before the first page change it is sent; nonsense for a task that asks. */
const model = await startStandIn({
  '/v1/chat/completions': (request, response) => {
    const { messages } = JSON.parse(request.body) as { messages: Array<{ content: string }> };
    const user = messages[1]!.content;
    if (user.includes('Answer badly')) return chatCompletion(response, 'I would rather not.');
    const actions = [...user.matchAll(/^(\S+): (\S+)/gm)].map(([, id, type]) => ({ id: id!, type: type! }));
    const cut = actions.findIndex((action, i) => i > 0 && action.type === 'url_change');
    chatCompletion(
      response,
      JSON.stringify({
        subtasks: [
          {
            description: 'Find the sage mug',
            action_ids: actions.slice(0, cut).map((a) => a.id),
            transition_description: 'Opened its page',
          },
          {
            description: 'Put two in the cart',
            action_ids: actions.slice(cut).map((a) => a.id),
            transition_description: 'The cart holds them',
          },
        ],
      }),
    );
  },
});
afterAll(() => model.close());

const ORIGIN = 'http://env-1.shop.localhost:4000';

/** A shopper's trajectory: find the mug, open it, set the quantity, add it to the cart (a write), see the cart. */
function shopperActions(start: number): Array<{ action: UserAction; url: string; wrote?: boolean }> {
  let count = 0;
  const base = (id: string) => ({
    id,
    timestamp: start + 1000 * ++count,
    is_simulator_action: false,
    metadata: { start_seq_id: 1, end_seq_id: 2 },
  });
  return [
    {
      action: { ...base('nav-products'), type: 'url_change', url: `${ORIGIN}/products` },
      url: `${ORIGIN}/products`,
    },
    { action: { ...clickAction('open-mug', 0), ...base('open-mug') }, url: `${ORIGIN}/products` },
    {
      action: { ...base('nav-mug'), type: 'url_change', url: `${ORIGIN}/products/4` },
      url: `${ORIGIN}/products/4`,
    },
    {
      action: {
        ...base('qty'),
        type: 'type',
        text: '2',
        target: { id: 'qty', selector: '#qty', tag: 'input', text: '', bbox: null },
      },
      url: `${ORIGIN}/products/4`,
    },
    {
      action: {
        ...base('add'),
        type: 'click',
        x: 5,
        y: 5,
        button: 'left',
        target: {
          id: null,
          selector: 'button[type="submit"]',
          tag: 'button',
          text: 'Add to cart',
          bbox: null,
        },
      },
      url: `${ORIGIN}/products/4`,
      wrote: true,
    },
    { action: { ...base('nav-cart'), type: 'url_change', url: `${ORIGIN}/cart` }, url: `${ORIGIN}/cart` },
  ] as Array<{ action: UserAction; url: string; wrote?: boolean }>;
}

function scenario(proctor: () => TestProctor) {
  const make = catalog(proctor);

  async function testCaseOf(owner: Actor, values: Parameters<typeof make.testCase>[0] = {}) {
    const simulator = await make.simulator();
    return make.testCase({ simulatorId: simulator.id, organizationId: owner.organization!.id, ...values });
  }

  /** An ended, recorded session of the test case, as an environment leaves it before its scoring job. */
  async function recordedSession(
    owner: Actor,
    testCase: { id: number; simulatorId: number | null },
    values: Partial<typeof sessions.$inferInsert> = {},
  ) {
    const { db } = proctor().ctx;
    const startedAt = new Date(Date.now() - 60_000);
    const [session] = await db
      .insert(sessions)
      .values({
        publicId: newPublicId(),
        status: 'run_completed',
        organizationId: owner.organization!.id,
        testCaseId: testCase.id,
        simulatorId: testCase.simulatorId,
        startedAt,
        endedAt: new Date(),
        ...values,
      })
      .returning();
    let written = 0;
    await db.insert(sessionSteps).values(
      shopperActions(startedAt.getTime()).map(({ action, url, wrote }, idx) => {
        const state = { current_url: url, screenshot: null, metadata: { bboxes: [] } };
        const before = written;
        if (wrote) written += 1;
        return {
          sessionId: session!.id,
          idx,
          action,
          beforeState: state,
          afterState: state,
          mutationsBefore: before,
          mutationsAfter: written,
          formatVersion: RECORDING_FORMAT_VERSION,
        };
      }),
    );
    return session!;
  }

  /** The session's post-processing and scoring, as its end queues them. */
  async function postprocess(sessionId: number) {
    const added = await proctor().ctx.queue.add('scoreSession', { sessionId });
    expect((await added.finished).status).toBe('completed');
  }

  const detailOf = async (publicId: string, as: Actor) => {
    const response = await proctor().call(endpoints.getSession, { params: { id: publicId }, as });
    expect(response.status).toBe(200);
    return response.body;
  };

  const decompositionOf = async (publicId: string, as: Actor): Promise<TrajectoryDecomposition | undefined> =>
    (await detailOf(publicId, as)).snapshot.action_sequences?.trajectory_decomposition;

  return { make, testCaseOf, recordedSession, postprocess, detailOf, decompositionOf };
}

describeEachDatabase('subtasks without a model', (proctor) => {
  const { testCaseOf, recordedSession, postprocess, detailOf, decompositionOf } = scenario(proctor);

  it('should split an ended session by the rule at page changes and form submissions, and say so', async () => {
    const owner = await proctor().actor();
    const session = await recordedSession(owner, await testCaseOf(owner));
    expect((await detailOf(session.publicId, owner)).snapshot.action_sequences).toBeNull();

    await postprocess(session.id);
    const decomposition = await decompositionOf(session.publicId, owner);
    expect(decomposition?.method).toBe('rule');
    expect(decomposition?.fallback_reason).toBeNull();
    expect(decomposition?.subtasks.map((subtask) => subtask.action_description.action_ids)).toEqual([
      ['nav-products', 'open-mug'],
      ['nav-mug', 'qty', 'add'],
      ['nav-cart'],
    ]);
    expect(decomposition?.subtasks[1]).toEqual({
      action_description: {
        description: 'On /products/4: type "2", click "Add to cart"',
        action_ids: ['nav-mug', 'qty', 'add'],
        action_descriptions: [
          'url_change /products/4',
          'type "2" into #qty',
          'click "Add to cart" (button[type="submit"])',
        ],
      },
      transition_description: 'Clicked "Add to cart" to submit (1 data change), then went to /cart',
    });
  });

  it('should split a session without a test case too, leaving it run_completed', async () => {
    const owner = await proctor().actor();
    const simulatorId = (await testCaseOf(owner)).simulatorId;
    const session = await recordedSession(
      owner,
      { id: 0, simulatorId },
      { testCaseId: null, prompt: 'Buy two mugs' },
    );
    await postprocess(session.id);
    const detail = await detailOf(session.publicId, owner);
    expect(detail.session.status).toBe('run_completed');
    expect(detail.snapshot.action_sequences?.trajectory_decomposition?.method).toBe('rule');
    expect(detail.snapshot.action_sequences?.trajectory_decomposition?.subtasks).toHaveLength(3);
  });

  it('should end a subtask at a step during which the page sent a POST', async () => {
    const owner = await proctor().actor();
    const session = await recordedSession(owner, await testCaseOf(owner));
    // The quantity field saves itself as it is typed (step 3): a form sent without a submit.
    await proctor()
      .ctx.db.insert(networkRequests)
      .values({
        sessionId: session.id,
        method: 'POST',
        url: `${ORIGIN}/api/cart/quantity`,
        stepIdx: 3,
        status: 200,
      });
    await postprocess(session.id);
    const decomposition = await decompositionOf(session.publicId, owner);
    expect(decomposition?.subtasks.map((subtask) => subtask.action_description.action_ids)).toEqual([
      ['nav-products', 'open-mug'],
      ['nav-mug', 'qty'],
      ['add'],
      ['nav-cart'],
    ]);
    expect(decomposition?.subtasks[1]?.transition_description).toBe('Sent by type "2" (sent)');
  });

  it("should carry the test case's recorded oracle run as the reference, only where the viewer may read it", async () => {
    const owner = await proctor().actor();
    const stranger = await proctor().actor();
    const testCase = await testCaseOf(owner);
    const oracle = await findBuiltInAgent(proctor().ctx.db, 'oracle');
    const strangersOracleRun = await recordedSession(stranger, testCase, {
      agentArtifactId: oracle!.id,
      status: 'scoring_completed',
    });
    const session = await recordedSession(owner, testCase);
    expect((await detailOf(session.publicId, owner)).reference_snapshot).toBeNull();

    const oracleRun = await recordedSession(owner, testCase, {
      agentArtifactId: oracle!.id,
      status: 'scoring_completed',
    });
    await recordedSession(owner, testCase, { agentArtifactId: oracle!.id, status: 'run_failed' });
    const reference = (await detailOf(session.publicId, owner)).reference_snapshot;
    expect(reference?.id).toBe(oracleRun.publicId);
    expect(reference?.source).toBe('oracle');
    expect(reference?.snapshots.map((step) => step.action.id)).toContain('add');
    expect(reference?.id).not.toBe(strangersOracleRun.publicId);
    // The oracle run's own page shows no other reference: it is the only readable run of the reference solution.
    expect((await detailOf(oracleRun.publicId, owner)).reference_snapshot).toBeNull();
  });

  it('should prefer the session the test case names as its reference', async () => {
    const owner = await proctor().actor();
    const named = await recordedSession(owner, await testCaseOf(owner));
    const testCase = await testCaseOf(owner, { simulatorConfig: { replay_session_id: named.publicId } });
    const session = await recordedSession(owner, testCase);
    const reference = (await detailOf(session.publicId, owner)).reference_snapshot;
    expect(reference?.id).toBe(named.publicId);
    expect(reference?.source).toBe('test_case');
  });
});

describeEachDatabase(
  'subtasks by the configured model',
  (proctor) => {
    const { testCaseOf, recordedSession, postprocess, decompositionOf } = scenario(proctor);

    it('should split an ended session by the model, and say so', async () => {
      const owner = await proctor().actor();
      const session = await recordedSession(owner, await testCaseOf(owner));
      const asked = model.received.length;
      await postprocess(session.id);
      expect(model.received.length).toBeGreaterThan(asked);
      const decomposition = await decompositionOf(session.publicId, owner);
      expect(decomposition?.method).toBe('model');
      expect(decomposition?.subtasks).toEqual([
        {
          action_description: {
            description: 'Find the sage mug',
            action_ids: ['nav-products', 'open-mug'],
            action_descriptions: ['url_change /products', 'click "Save" (#save)'],
          },
          transition_description: 'Opened its page',
        },
        {
          action_description: {
            description: 'Put two in the cart',
            action_ids: ['nav-mug', 'qty', 'add', 'nav-cart'],
            action_descriptions: [
              'url_change /products/4',
              'type "2" into #qty',
              'click "Add to cart" (button[type="submit"])',
              'url_change /cart',
            ],
          },
          transition_description: 'The cart holds them',
        },
      ]);
    });

    it("should fall back to the rule when the model's answer is not subtasks, and say why", async () => {
      const owner = await proctor().actor();
      const session = await recordedSession(owner, await testCaseOf(owner, { prompt: 'Answer badly' }));
      await postprocess(session.id);
      const decomposition = await decompositionOf(session.publicId, owner);
      expect(decomposition?.method).toBe('rule');
      expect(decomposition?.fallback_reason).toBe(
        'The language model could not split the session: The language model did not answer with JSON',
      );
      expect(decomposition?.subtasks).toHaveLength(3);
    });
  },
  {
    env: {
      OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
      SCORING_LLM_URL: `${model.origin}/v1`,
      SCORING_LLM_MODEL: 'stand-in-model',
    },
  },
);
