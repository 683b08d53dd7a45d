import { endpoints, User } from '@proctor/contracts';
import {
  newPublicId,
  organizations,
  organizationTestCases,
  sessions,
  simulators,
  testCases,
} from '@proctor/db';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, startStandIn } from '../apps/server/test/unit/support/standIn';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { catalogApi } from './support/catalog';

/**
 * Labelling (000 §2.5–2.7): an annotator labels a sample test case's session on the labelling page the Needs
 * Labelling tab links to; the account admin labels it too on the session page, converts the labels through the
 * dialog (the configured model is a local stand-in speaking the chat completions API, which sets the admin's
 * label apart as an outlier), and is told of the new test case.
 */
const PROPOSAL = {
  outlier_indices: [1],
  task_prompt: 'Add two 16 oz sage mugs to the cart.',
  test_case_name: 'Two sage mugs',
  explanation: 'The second label is about a review.',
};

let modelQuestions = 0;
const model = await startStandIn({
  '/v1/chat/completions': (_request, response) => {
    modelQuestions += 1;
    chatCompletion(response, JSON.stringify(PROPOSAL));
  },
});

describe('labelling', () => {
  let e2e: E2E;
  let admin: Page;
  let annotator: Page;
  let organizationId: number;
  let sample: { id: number; publicId: string };
  let assignmentId: number;
  let sessionIds: string[];

  beforeAll(async () => {
    e2e = await startE2E({
      env: {
        OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
        AUTHORING_LLM_URL: `${model.origin}/v1`,
        AUTHORING_LLM_MODEL: 'stand-in-model',
      },
    });
    ({ page: admin } = await e2e.newUserPage());
    const adminTokens = await signUpThroughApi(e2e, admin, person('Label Admin'), {
      name: `Labelling ${Date.now().toString(36)}`,
      purpose: 'Turn recorded sessions into test cases',
    });
    const adminApi = catalogApi(e2e.baseUrl, adminTokens.access_token);
    const me = User.parse(await adminApi.call(endpoints.fromSession));
    organizationId = me.organizationId!;
    const invite = await adminApi.call(endpoints.inviteCreate);
    ({ page: annotator } = await e2e.newUserPage());
    const annotatorTokens = await signUpThroughApi(e2e, annotator, person('Label Annotator'));
    await catalogApi(e2e.baseUrl, annotatorTokens.access_token).call(endpoints.join, {
      params: { code: invite.invite_token },
    });

    // The catalogue and the recorded sessions are written directly: recording is not the subject here.
    const { db } = e2e.proctor.ctx;
    await db.update(organizations).set({ isAnnotator: true }).where(eq(organizations.id, organizationId));
    const [simulator] = await db
      .insert(simulators)
      .values({ name: `label-shop-${Date.now().toString(36)}`, simType: 'app' })
      .returning();
    const [row] = await db
      .insert(testCases)
      .values({
        publicId: newPublicId(),
        organizationId,
        simulatorId: simulator!.id,
        name: 'Free play in the shop',
        prompt: 'Do anything you like in the shop',
        startUrl: 'http://shop.example.test/',
        isSample: true,
      })
      .returning();
    sample = row!;
    const [assignment] = await db
      .insert(organizationTestCases)
      .values({ organizationId, testCaseId: sample.id })
      .returning();
    assignmentId = assignment!.id;
    const recorded = await db
      .insert(sessions)
      .values(
        [1, 2].map((hour) => ({
          publicId: newPublicId(),
          status: 'scoring_completed',
          organizationId,
          simulatorId: simulator!.id,
          testCaseId: sample.id,
          createdAt: new Date(`2026-03-02T0${hour}:00:00Z`),
          endedAt: new Date(`2026-03-02T0${hour}:05:00Z`),
        })),
      )
      .returning();
    // Newest first, as the labelling page lists them.
    sessionIds = recorded.map((session) => session.publicId).reverse();
  });
  afterAll(async () => {
    await e2e?.close();
    await model.close();
  });

  it("should let an annotator label a sample test case's session on the labelling page", async () => {
    await annotator.goto(`/needs-labelling/label/${sample.publicId}?assignmentId=${assignmentId}`);
    await annotator.getByRole('heading', { name: 'Label sessions' }).waitFor();
    // Annotators do not see the sample test case's details, nor the conversion.
    expect(await annotator.getByText('Free play in the shop').count()).toBe(0);
    const labels = annotator.getByRole('complementary', { name: 'Labels', exact: true });
    await labels.getByText('You have not labelled this session yet').waitFor();
    const save = labels.getByRole('button', { name: 'Save Label' });
    const entry = labels.getByRole('textbox', { name: 'Label', exact: true });
    await entry.fill('   ');
    expect(await save.isDisabled()).toBe(true);
    await entry.fill('Added two sage mugs to the cart');
    await save.click();
    await labels.getByText('Your labels (1)').waitFor();
    await labels.getByTestId('session-label').getByText('Added two sage mugs to the cart').waitFor();
    // Cleared once the save's callbacks ran, which may be just after the saved label shows (the list is read
    // again before them): waited for, not read once.
    await expect.poll(() => entry.inputValue()).toBe('');
    expect(await annotator.getByRole('button', { name: 'Convert to Test Case' }).count()).toBe(0);
  });

  it('should turn the labels into a new test case through the dialog', async () => {
    const sessionId = sessionIds[0]!;
    await admin.goto(`/sessions/${sessionId}`);
    const labels = admin.getByRole('region', { name: 'Labels', exact: true });
    await labels.getByText('Saved Labels (1)').waitFor();
    await labels.getByRole('textbox', { name: 'Label', exact: true }).fill('Wrote a review of the sage mug');
    await labels.getByRole('button', { name: 'Save Label' }).click();
    await labels.getByText('Saved Labels (2)').waitFor();

    await admin.getByRole('button', { name: 'Convert to Test Case' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Convert labels to a test case' });
    await dialog.getByText('The labels do not all agree').waitFor();
    expect(modelQuestions).toBe(1);
    await dialog.getByText('1 of 2 labels describe another task than the rest.', { exact: false }).waitFor();
    const outliers = dialog.locator('[data-testid="session-label"][data-outlier]');
    expect(await outliers.allInnerTexts()).toEqual([
      expect.stringContaining('Wrote a review of the sage mug'),
    ]);

    const prompt = dialog.getByRole('textbox', { name: 'Task prompt' });
    const name = dialog.getByRole('textbox', { name: 'Test case name' });
    const create = dialog.getByRole('button', { name: 'Create' });
    expect(await prompt.inputValue()).toBe(PROPOSAL.task_prompt);
    await name.fill(' ');
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByText('Please provide both task prompt and test case name').waitFor();
    await name.fill('Two sage mugs from labels');
    await create.click();

    // An annotator organization may not open Tests (000 §2.1): its admin stays on the session, told of the new
    // test case, rather than landing on a page that would send them home.
    await admin.getByText('Test case "Two sage mugs from labels" was created from 2 labels').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(admin.url()).pathname).toBe(`/sessions/${sessionId}`);
    const [created] = await e2e.proctor.ctx.db
      .select()
      .from(testCases)
      .where(eq(testCases.name, 'Two sage mugs from labels'));
    expect(created).toMatchObject({
      name: 'Two sage mugs from labels',
      prompt: PROPOSAL.task_prompt,
      isSample: false,
      organizationId,
      startUrl: 'http://shop.example.test/',
    });
  });
});
