import {
  buildPath,
  type Endpoint,
  type EndpointResponse,
  endpoints,
  NO_SESSIONS_FOR_SCORING,
  type TokenResponse,
} from '@proctor/contracts';
import { newPublicId, organizations, sessions, testCases, users } from '@proctor/db';
import { builtInSimulators } from '@proctor/simulators';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordScores } from '../apps/server/src/index';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { scoresPanel, scoreThroughDialog } from './support/humanScore';

/**
 * Human scoring on the session page (000 §2.5, §2.6): people of an organization score an ended session
 * through the Human Score dialog, the Human Consensus follows their scores and a super scorer's decides;
 * annotators work through sessions with the timer and Next Session; an account admin's Admin View shows
 * what annotators do not see. Sessions and their automatic scores are written to the database directly:
 * how a session is recorded is not the subject here.
 */
const shop = builtInSimulators.find((simulator) => simulator.name === 'shop')!;
const duvet = shop.testCases.find((testCase) => testCase.key === 'duvet-cover-fallback-colour')!;

interface Member {
  name: string;
  id: number;
  token: string;
  page: Page;
}

describe('human scoring', () => {
  let e2e: E2E;
  let testCaseId: number;

  /** Calls an endpoint of the contract as a person and parses the answer with its schema. */
  async function call<E extends Endpoint>(
    endpoint: E,
    token: string,
    params?: Record<string, string>,
  ): Promise<EndpointResponse<E>> {
    const response = await fetch(`${e2e.baseUrl}${buildPath(endpoint.path, params)}`, {
      method: endpoint.method,
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!response.ok)
      throw new Error(`${endpoint.path} answered ${response.status}: ${await response.text()}`);
    return endpoint.response.parse(await response.json()) as EndpointResponse<E>;
  }

  async function signedIn(name: string, tokens: TokenResponse, page: Page): Promise<Member> {
    const me = await call(endpoints.fromSession, tokens.access_token);
    return { name, id: me.id, token: tokens.access_token, page };
  }

  /** An organization: its creator (an account admin) and members who joined through an invite. */
  async function organization(
    label: string,
    owner: string,
    memberNames: string[],
  ): Promise<{ id: number; owner: Member; members: Member[] }> {
    const ownerPage = (await e2e.newUserPage()).page;
    const ownerTokens = await signUpThroughApi(e2e, ownerPage, person(owner), {
      name: `${label} ${Date.now().toString(36)}`,
      purpose: 'Check what our agents did',
    });
    const first = await signedIn(owner, ownerTokens, ownerPage);
    const invite = await call(endpoints.inviteCreate, first.token);
    const members: Member[] = [];
    for (const name of memberNames) {
      const { page } = await e2e.newUserPage();
      const tokens = await signUpThroughApi(e2e, page, person(name));
      await call(endpoints.join, tokens.access_token, { code: invite.invite_token });
      members.push(await signedIn(name, tokens, page));
    }
    const [row] = await e2e.proctor.ctx.db
      .select({ organizationId: users.organizationId })
      .from(users)
      .where(eq(users.id, first.id));
    return { id: row!.organizationId!, owner: first, members };
  }

  async function makeSuperScorer(member: Member) {
    const [row] = await e2e.proctor.ctx.db
      .select({ permissions: users.permissions })
      .from(users)
      .where(eq(users.id, member.id));
    await e2e.proctor.ctx.db
      .update(users)
      .set({ permissions: { ...row!.permissions, is_super_scorer: true } })
      .where(eq(users.id, member.id));
  }

  /** An ended session of the built-in test case, judged Pass by its automatic score. */
  async function endedSession(organizationId: number, ownerId: number): Promise<string> {
    const [session] = await e2e.proctor.ctx.db
      .insert(sessions)
      .values({
        publicId: newPublicId(),
        status: 'scoring_completed',
        organizationId,
        userId: ownerId,
        testCaseId,
        prompt: duvet.prompt,
        sessionDuration: 0.02,
        endedAt: new Date(),
      })
      .returning();
    await recordScores(e2e.proctor.ctx.db, {
      sessionId: session!.id,
      type: 'state_mutation_match',
      result: { type: 'state_mutation_match', correct: true, similarity: 1, reason: 'All expected changes' },
    });
    return session!.publicId;
  }

  const consensusRow = (page: Page) => scoresPanel(page).getByRole('button', { name: /^Human Consensus/ });

  async function openSession(page: Page, sessionId: string) {
    await page.goto(`/sessions/${sessionId}`);
    await page.getByRole('heading', { name: sessionId }).waitFor();
    await scoresPanel(page).getByText('State mutation match', { exact: true }).waitFor();
  }

  async function consensusShown(page: Page) {
    const row = consensusRow(page);
    return `${await row.getByTestId('human-consensus').textContent()} ${await row
      .getByTitle('Human assessments')
      .textContent()}`;
  }

  beforeAll(async () => {
    e2e = await startE2E();
    const [row] = await e2e.proctor.ctx.db
      .select({ id: testCases.id })
      .from(testCases)
      .where(eq(testCases.builtInKey, `shop/${duvet.key}`));
    testCaseId = row!.id;
  });
  afterAll(() => e2e?.close());

  it("should follow three people's scores to a conflict and let the super scorer's Fail decide", async () => {
    const lab = await organization('Review Lab', 'Olga Owner', ['Ana Correct', 'Ben Correct', 'Cy Fail']);
    const [ana, ben, cy] = lab.members as [Member, Member, Member];
    const olga = lab.owner;
    await makeSuperScorer(olga);
    const sessionId = await endedSession(lab.id, olga.id);

    await openSession(ana.page, sessionId);
    expect(await consensusShown(ana.page)).toBe('Insufficient Data 0/5');
    await scoreThroughDialog(ana.page, 'Correct', 'The cover is in the cart in the fallback colour');
    await expect.poll(() => consensusShown(ana.page)).toBe('Insufficient Data 1/5');
    await consensusRow(ana.page).click();
    const early = ana.page.getByRole('dialog', { name: 'Human Consensus' });
    await early.getByText('At least 3 human assessments are needed for reliable consensus').waitFor();
    await ana.page.keyboard.press('Escape');
    await early.waitFor({ state: 'detached' });

    await openSession(ben.page, sessionId);
    await scoreThroughDialog(ben.page, 'Correct', 'Looks right');
    await expect.poll(() => consensusShown(ben.page)).toBe('Insufficient Data 2/5');

    await openSession(cy.page, sessionId);
    await scoreThroughDialog(cy.page, 'Fail', 'It picked the wrong colour');
    // Three people disagree before the 5 requested assessments are in: more are needed.
    await expect.poll(() => consensusShown(cy.page)).toBe('Conflict 3/5');
    await consensusRow(cy.page).click();
    const conflict = cy.page.getByRole('dialog', { name: 'Human Consensus' });
    await conflict.getByText('2 correct / 1 incorrect').waitFor();
    expect(await conflict.getByRole('table', { name: 'Human assessments' }).locator('tbody tr').count()).toBe(
      3,
    );
    expect(await conflict.getByText('At least 3 human assessments', { exact: false }).count()).toBe(0);

    await openSession(olga.page, sessionId);
    await scoreThroughDialog(olga.page, 'Fail', 'The fallback colour was not the one asked for');
    await expect.poll(() => consensusShown(olga.page)).toBe('Fail 4/5');
    await consensusRow(olga.page).click();
    const decided = olga.page.getByRole('dialog', { name: 'Human Consensus' });
    await decided
      .getByRole('region', { name: 'Super scorer decision' })
      .getByText('Decided by super scorer Olga Owner:')
      .waitFor();
    await decided.getByText('2 correct / 2 incorrect').waitFor();
    const superRow = decided.getByRole('row').filter({ hasText: 'Olga Owner' });
    await superRow.getByText('Super scorer', { exact: true }).waitFor();
    expect(await superRow.getByTestId('score-verdict').textContent()).toBe('Fail');

    // The others see the decision too, once they read the session again.
    await openSession(ana.page, sessionId);
    await expect.poll(() => consensusShown(ana.page)).toBe('Fail 4/5');

    const recorded = (await call(endpoints.sessionScores, ana.token, { id: sessionId })).filter(
      (record) => record.config.type === 'human_in_the_loop',
    );
    expect(
      recorded.map((record) => [record.user?.name, record.result.correct, record.config.is_super_scorer]),
    ).toEqual([
      ['Ana Correct', true, false],
      ['Ben Correct', true, false],
      ['Cy Fail', false, false],
      ['Olga Owner', false, true],
    ]);
  });

  it('should time an annotator on each session, move on with Next Session and say when none is left', async () => {
    const team = await organization('Annotation Team', 'Ada Admin', ['Nia Annotator']);
    const [nia] = team.members as [Member];
    await e2e.proctor.ctx.db
      .update(organizations)
      .set({ isAnnotator: true })
      .where(eq(organizations.id, team.id));
    const first = await endedSession(team.id, team.owner.id);
    const second = await endedSession(team.id, team.owner.id);

    // The list shows an annotator only what they may score, without filters, and a button to start.
    const page = nia.page;
    await page.goto('/sessions');
    await page.getByTestId('session-row').first().waitFor();
    expect(await page.getByRole('switch', { name: 'Admin View' }).count()).toBe(0);
    expect(await page.getByLabel('Status').count()).toBe(0);
    await page.getByTestId('session-row').first().click();
    expect(new URL(page.url()).pathname).toBe('/sessions');
    await page.getByRole('button', { name: 'Score Sessions' }).click();
    await page.waitForURL(`**/sessions/${first}`);
    await page.getByRole('heading', { name: first }).waitFor();
    await scoresPanel(page).getByText('State mutation match', { exact: true }).waitFor();
    const timer = page.getByRole('timer', { name: 'Time on this session' });
    expect(await timer.textContent()).toMatch(/^\d+:\d{2}$/);
    await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe('0:00');
    // Annotators see only their own scores: no consensus outside admin view.
    expect(await consensusRow(page).count()).toBe(0);

    await scoreThroughDialog(page, 'Correct', 'Done as asked');
    expect(await timer.textContent()).toBe('Completed');
    const [mine] = (await call(endpoints.sessionScores, nia.token, { id: first })).filter(
      (record) => record.config.type === 'human_in_the_loop',
    );
    expect(mine?.result.session_time).toBeGreaterThanOrEqual(1);

    await page.getByRole('button', { name: 'Next Session' }).click();
    await page.waitForURL(`**/sessions/${second}`);
    await page.getByRole('heading', { name: second }).waitFor();
    // A new session, a new timer.
    expect(await timer.textContent()).toMatch(/^\d+:\d{2}$/);
    await scoreThroughDialog(page, 'Fail', 'Wrong colour');

    await page.getByRole('button', { name: 'Next Session' }).click();
    await page.getByText(NO_SESSIONS_FOR_SCORING).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/sessions/${second}`);
  });

  it("should show an account admin every person's scores and the consensus in Admin View, kept across pages", async () => {
    const team = await organization('Admin Team', 'Ivy Admin', ['Max Annotator']);
    const [max] = team.members as [Member];
    await e2e.proctor.ctx.db
      .update(organizations)
      .set({ isAnnotator: true })
      .where(eq(organizations.id, team.id));
    const sessionId = await endedSession(team.id, team.owner.id);
    await openSession(max.page, sessionId);
    await scoreThroughDialog(max.page, 'Correct', 'Fine');

    const page = team.owner.page;
    await openSession(page, sessionId);
    const adminView = page.getByRole('switch', { name: 'Admin View' });
    expect(await adminView.isChecked()).toBe(false);
    // Outside admin view the account admin annotates like the others.
    await page.getByRole('timer', { name: 'Time on this session' }).waitFor();
    expect(await consensusRow(page).count()).toBe(0);
    expect(await scoresPanel(page).getByText('by Max Annotator').count()).toBe(0);

    await adminView.click();
    await expect.poll(() => consensusShown(page)).toBe('Insufficient Data 1/5');
    await scoresPanel(page).getByText('by Max Annotator').waitFor();
    expect(await page.getByRole('timer').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Next Session' }).count()).toBe(0);

    await page.goto('/sessions');
    await openSession(page, sessionId);
    expect(await adminView.isChecked()).toBe(true);
    await expect.poll(() => consensusShown(page)).toBe('Insufficient Data 1/5');
  });
});
