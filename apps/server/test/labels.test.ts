import {
  endpoints,
  LABEL_BLANK,
  LABEL_TEST_CASE_FIELDS_REQUIRED,
  LABELS_ARE_FOR_SAMPLES,
  MAX_LABELS_PER_SESSION,
} from '@proctor/contracts';
import { organizationTestCases, sessionLabels, testCases } from '@proctor/db';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { AUTHORING_MODEL_MISSING } from '../src/services/authoringModel';
import { catalog } from './support/catalog';
import { describeEachDatabase, type TestProctor } from './support/proctor';
import { chatCompletion, startStandIn } from './unit/support/standIn';

/**
 * Labels (000 §2.5–2.7): annotators label sessions of a sample test case; an account admin has the configured
 * model (a local stand-in speaking the chat completions API) read them into a proposal, then creates the test case.
 */
let modelAnswer: unknown = {};
const standIn = await startStandIn({
  '/v1/chat/completions': (_request, response) => chatCompletion(response, JSON.stringify(modelAnswer)),
});
afterAll(() => standIn.close());

/** The last question the stand-in was asked: its user message. */
const lastQuestion = () => {
  const body = JSON.parse(standIn.received.at(-1)?.body ?? '{}') as { messages?: { content: string }[] };
  return body.messages?.at(-1)?.content ?? '';
};

/** An annotator organization with an account admin and two annotators, a sample test case assigned to it, a session. */
function labelling(proctor: () => TestProctor) {
  const make = catalog(proctor);
  return async () => {
    const organization = await proctor().organization({ annotator: true });
    const admin = await proctor().actor({ organization, permissions: { is_account_admin: true } });
    const annotator = await proctor().actor({ organization });
    const other = await proctor().actor({ organization });
    const simulator = await make.simulator();
    await make.allow(organization, simulator.id);
    const sample = await make.testCase({
      simulatorId: simulator.id,
      organizationId: null,
      isSample: true,
      startUrl: 'http://shop.example.test/',
      prompt: 'Do anything you like in the shop',
    });
    const [assignment] = await proctor()
      .ctx.db.insert(organizationTestCases)
      .values({ organizationId: organization.id, testCaseId: sample.id })
      .returning();
    const session = await make.session(sample, { organizationId: organization.id, steps: 1 });
    const label = (text: string, as = annotator) =>
      proctor().call(endpoints.addSessionLabel, { params: { id: session.publicId }, body: { text }, as });
    return {
      organization,
      admin,
      annotator,
      other,
      simulator,
      sample,
      assignment: assignment!,
      session,
      label,
      make,
    };
  };
}

describeEachDatabase(
  'labels and the test cases made from them, with a model configured',
  (proctor) => {
    const setup = labelling(proctor);

    it('keeps labels with who wrote them and when; each annotator reads their own, account admins all', async () => {
      const { admin, annotator, other, session, label } = await setup();
      const first = await label('  Add two sage mugs to the cart  ');
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ text: 'Add two sage mugs to the cart', mine: true });
      expect(first.body.user?.publicId).toBe(annotator.user.publicId);
      expect((await label('Put 2 sage mugs in the basket', other)).status).toBe(201);

      const read = (as: typeof admin) =>
        proctor().call(endpoints.sessionLabels, { params: { id: session.publicId }, as });
      const mine = await read(annotator);
      expect(mine.status).toBe(200);
      expect(mine.body.everyone).toBe(false);
      expect(mine.body.labels.map((l) => l.text)).toEqual(['Add two sage mugs to the cart']);
      const all = await read(admin);
      expect(all.body.everyone).toBe(true);
      expect(all.body.labels.map((l) => [l.text, l.user?.name, l.mine])).toEqual([
        ['Add two sage mugs to the cart', annotator.user.name, false],
        ['Put 2 sage mugs in the basket', other.user.name, false],
      ]);
      expect(Date.parse(all.body.labels[0]!.createdAt)).not.toBeNaN();
    });

    it('refuses a blank label (400), a session of a test case that is not a sample (400)', async () => {
      const { organization, annotator, sample, label, make } = await setup();
      const blank = await label(' \n\t ');
      expect(blank.status).toBe(400);
      expect(blank.body.detail).toContain(LABEL_BLANK);

      const real = await make.testCase({ simulatorId: sample.simulatorId, organizationId: organization.id });
      const realSession = await make.session(real, { organizationId: organization.id });
      const refused = await proctor().call(endpoints.addSessionLabel, {
        params: { id: realSession.publicId },
        body: { text: 'Bought mugs' },
        as: annotator,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe(LABELS_ARE_FOR_SAMPLES);
    });

    it('answers 404 to another organization for its sessions, labels, analysis and conversion', async () => {
      const { session, label } = await setup();
      await label('Add two sage mugs to the cart');
      const stranger = await proctor().actor({ annotator: true, permissions: { is_account_admin: true } });
      const params = { id: session.publicId };
      const answers = await Promise.all([
        proctor().call(endpoints.addSessionLabel, { params, body: { text: 'Mine now' }, as: stranger }),
        proctor().call(endpoints.sessionLabels, { params, as: stranger }),
        proctor().call(endpoints.analyzeSessionLabels, { params, as: stranger }),
        proctor().call(endpoints.createTestCaseFromLabels, {
          params,
          body: { task_prompt: 'Add two sage mugs to the cart', test_case_name: 'Sage mugs' },
          as: stranger,
        }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404]);
      const kept = await proctor()
        .ctx.db.select()
        .from(sessionLabels)
        .where(eq(sessionLabels.sessionId, session.id));
      expect(kept.map((row) => row.text)).toEqual(['Add two sage mugs to the cart']);
    });

    it('holds at most MAX_LABELS_PER_SESSION labels on a session', async () => {
      const { session, annotator, label } = await setup();
      await proctor()
        .ctx.db.insert(sessionLabels)
        .values(
          Array.from({ length: MAX_LABELS_PER_SESSION }, (_, n) => ({
            sessionId: session.id,
            userId: annotator.user.id,
            text: `Label ${n}`,
          })),
        );
      const full = await label('One more');
      expect(full.status).toBe(409);
    });

    it('proposes a test case when the labels agree: the model reads every label, oldest first', async () => {
      const { admin, session, label } = await setup();
      await label('Add two sage mugs to the cart');
      await label('Put 2 sage mugs (16 oz) in the basket');
      modelAnswer = {
        outlier_indices: [],
        task_prompt: 'Add two 16 oz sage mugs to the cart.',
        test_case_name: 'Two sage mugs in the cart',
        explanation: 'Both labels describe adding two sage mugs to the cart.',
      };
      const analysis = await proctor().call(endpoints.analyzeSessionLabels, {
        params: { id: session.publicId },
        as: admin,
      });
      expect(analysis.status).toBe(200);
      expect(analysis.body).toEqual({
        success: true,
        proposed_task_prompt: 'Add two 16 oz sage mugs to the cart.',
        proposed_test_case_name: 'Two sage mugs in the cart',
        outliers: [],
        outlier_indices: [],
        message: 'Both labels describe adding two sage mugs to the cart.',
      });
      expect(lastQuestion()).toContain(
        '[0] Add two sage mugs to the cart\n[1] Put 2 sage mugs (16 oz) in the basket',
      );
      expect(lastQuestion()).toContain('http://shop.example.test/');
    });

    it('names the outlier labels when one describes another task', async () => {
      const { admin, session, label } = await setup();
      await label('Add two sage mugs to the cart');
      await label('Add 2 sage mugs to the cart');
      await label('Write a product review');
      modelAnswer = {
        outlier_indices: [2, 2],
        task_prompt: 'Add two sage mugs to the cart.',
        test_case_name: 'Sage mugs',
        explanation: 'The third label is about a review.',
      };
      const analysis = await proctor().call(endpoints.analyzeSessionLabels, {
        params: { id: session.publicId },
        as: admin,
      });
      expect(analysis.status).toBe(200);
      expect(analysis.body).toMatchObject({
        success: false,
        outliers: ['Write a product review'],
        outlier_indices: [2],
        proposed_task_prompt: 'Add two sage mugs to the cart.',
      });
      expect(analysis.body.message).toContain('1 of 3 labels');

      // A model naming a label the session does not have is a failing model, not an answer.
      modelAnswer = { outlier_indices: [7], task_prompt: '', test_case_name: '' };
      const wrong = await proctor().call(endpoints.analyzeSessionLabels, {
        params: { id: session.publicId },
        as: admin,
      });
      expect(wrong.status).toBe(502);
    });

    it('refuses analysis without labels (400) and to members who are not account admins (403)', async () => {
      const { admin, annotator, session } = await setup();
      const none = await proctor().call(endpoints.analyzeSessionLabels, {
        params: { id: session.publicId },
        as: admin,
      });
      expect(none.status).toBe(400);
      const member = await proctor().call(endpoints.analyzeSessionLabels, {
        params: { id: session.publicId },
        as: annotator,
      });
      expect(member.status).toBe(403);
    });

    it('creates a real test case on the sample test case’s simulator and start URL, which its page then shows', async () => {
      const { organization, admin, session, sample, label } = await setup();
      const body = { task_prompt: 'Add two sage mugs to the cart.', test_case_name: 'Sage mugs' };
      const early = await proctor().call(endpoints.createTestCaseFromLabels, {
        params: { id: session.publicId },
        body,
        as: admin,
      });
      expect(early.status).toBe(400);

      await label('Add two sage mugs to the cart');
      const blank = await proctor().call(endpoints.createTestCaseFromLabels, {
        params: { id: session.publicId },
        body: { task_prompt: '  ', test_case_name: 'Sage mugs' },
        as: admin,
      });
      expect(blank.status).toBe(400);
      expect(blank.body.detail).toContain(LABEL_TEST_CASE_FIELDS_REQUIRED);

      const created = await proctor().call(endpoints.createTestCaseFromLabels, {
        params: { id: session.publicId },
        body: { task_prompt: '  Add two sage mugs to the cart. ', test_case_name: ' Sage mugs ' },
        as: admin,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ success: true, task_prompt: 'Add two sage mugs to the cart.' });
      const publicId = created.body.new_test_case.publicId;
      expect(created.body.new_test_case).toMatchObject({ name: 'Sage mugs', public_id: publicId });
      const [row] = await proctor().ctx.db.select().from(testCases).where(eq(testCases.publicId, publicId));
      expect(row).toMatchObject({
        organizationId: organization.id,
        simulatorId: sample.simulatorId,
        startUrl: 'http://shop.example.test/',
        prompt: 'Add two sage mugs to the cart.',
        isSample: false,
        createdBy: admin.user.id,
      });
      const page = await proctor().call(endpoints.testCase, { params: { id: publicId }, as: admin });
      expect(page.status).toBe(200);
    });

    it('lists a sample test case’s recorded sessions for labelling, with the labels counted', async () => {
      const { organization, admin, annotator, sample, assignment, session, label, make } = await setup();
      await make.session(sample, { organizationId: organization.id, finished: false });
      await label('Add two sage mugs to the cart');
      await label('Two mugs', admin);
      const page = await proctor().call(endpoints.testCaseLabelling, {
        params: { id: sample.publicId },
        query: { assignment_id: assignment.id },
        as: annotator,
      });
      expect(page.status).toBe(200);
      expect(page.body.test_case).toMatchObject({ publicId: sample.publicId, name: null });
      expect(page.body.assignment).toEqual({ id: assignment.id, completed: false });
      expect(page.body.sessions.map((s) => [s.sessionId, s.label_count, s.my_label_count])).toEqual([
        [session.publicId, 2, 1],
      ]);
      const asAdmin = await proctor().call(endpoints.testCaseLabelling, {
        params: { id: sample.publicId },
        as: admin,
      });
      expect(asAdmin.body.test_case.name).toBe(sample.name);

      const stranger = await proctor().actor({ annotator: true });
      const refused = await proctor().call(endpoints.testCaseLabelling, {
        params: { id: sample.publicId },
        query: { assignment_id: assignment.id },
        as: stranger,
      });
      expect(refused.status).toBe(404);
    });
  },
  {
    env: {
      OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
      AUTHORING_LLM_URL: `${standIn.origin}/v1`,
      AUTHORING_LLM_MODEL: 'stand-in-model',
    },
  },
);

describeEachDatabase(
  'label analysis without a model',
  (proctor) => {
    const setup = labelling(proctor);

    it('answers 503 with the sentence that says which settings are missing', async () => {
      const { admin, session, label } = await setup();
      await label('Add two sage mugs to the cart');
      const analysis = await proctor().call(endpoints.analyzeSessionLabels, {
        params: { id: session.publicId },
        as: admin,
      });
      expect(analysis.status).toBe(503);
      expect(analysis.body.detail).toBe(AUTHORING_MODEL_MISSING);
    });
  },
  { env: { AUTHORING_LLM_URL: '', AUTHORING_LLM_MODEL: '', SCORING_LLM_URL: '', SCORING_LLM_MODEL: '' } },
);
