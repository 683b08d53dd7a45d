import {
  AGENT_MESSAGES,
  AgentArtifactsResponse,
  BUILT_IN_AGENT_KINDS,
  formatSuccessRate,
  type SessionStatus,
  successRate,
  User,
} from '@proctor/contracts';
import { agentArtifacts, newPublicId, organizations, sessions, testCases } from '@proctor/db';
import { builtInSimulators } from '@proctor/simulators';
import { and, eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordScores } from '../apps/server/src/index';
import { startStandIn } from '../apps/server/test/unit/support/standIn';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';

/**
 * Agents (001 §2.8): a member adds a dev agent through Create Agent Artifact, finds it in the list with its
 * icon, reads its results per test case, with each rate's interval and pass@k, and the sessions that wait for
 * people or where people disagree with the automatic verdict, and archives it. The agent's sessions and their
 * scores are written to the database directly: how a session is recorded is not the subject here.
 */
const shop = builtInSimulators.find((simulator) => simulator.name === 'shop')!;
/** A 1x1 PNG, as an icon site sends it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const [firstCase, secondCase] = shop.testCases;

/** An input or textarea by its label (Mantine marks required labels with " *"). */
function field(scope: Page | Locator, label: string): Locator {
  return scope
    .getByLabel(new RegExp(`^${label}( \\*)?$`))
    .and(scope.locator('input:not([type="hidden"]), textarea'));
}

/** How a seeded session ends: its status, its automatic verdict and a super scorer's verdict, if any. */
interface SeededSession {
  status?: SessionStatus;
  automatic?: boolean;
  human?: boolean;
}

describe('agents', () => {
  let e2e: E2E;
  let page: Page;
  let accessToken: string;
  let me: User;
  const alias = `shopper-${Date.now().toString(36)}`;
  let iconSite: Awaited<ReturnType<typeof startStandIn>>;

  const api = async (path: string): Promise<unknown> => {
    const response = await fetch(`${e2e.baseUrl}${path}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    return response.json();
  };

  async function testCaseOf(key: string) {
    const [row] = await e2e.proctor.ctx.db
      .select({ id: testCases.id, publicId: testCases.publicId, simulatorId: testCases.simulatorId })
      .from(testCases)
      .where(eq(testCases.builtInKey, `shop/${key}`));
    return row!;
  }

  /** An ended session of the agent, scored automatically and, when `human` is given, by a super scorer. */
  async function seed(agentId: number, testCaseKey: string, session: SeededSession): Promise<string> {
    const testCase = await testCaseOf(testCaseKey);
    const [row] = await e2e.proctor.ctx.db
      .insert(sessions)
      .values({
        publicId: newPublicId(),
        status: session.status ?? 'scoring_completed',
        organizationId: me.organizationId,
        userId: me.id,
        agentArtifactId: agentId,
        testCaseId: testCase.id,
        simulatorId: testCase.simulatorId,
        prompt: 'Seeded for the agent results',
        sessionDuration: 0.01,
        endedAt: new Date(),
      })
      .returning();
    if (session.automatic !== undefined) {
      await recordScores(e2e.proctor.ctx.db, {
        sessionId: row!.id,
        type: 'state_mutation_match',
        result: {
          type: 'state_mutation_match',
          correct: session.automatic,
          similarity: session.automatic ? 1 : 0.4,
          reason: session.automatic ? 'All expected changes' : 'The cart is empty',
        },
      });
    }
    // Written after the automatic score: the human verdict is the latest.
    if (session.human !== undefined) {
      await recordScores(e2e.proctor.ctx.db, {
        sessionId: row!.id,
        userId: me.id,
        type: 'human_in_the_loop',
        config: { type: 'human_in_the_loop', is_super_scorer: true },
        result: { type: 'human_in_the_loop', correct: session.human, reason: 'Checked by a super scorer' },
      });
    }
    return row!.publicId;
  }

  beforeAll(async () => {
    iconSite = await startStandIn({
      '/bot.png': (_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(PNG),
    });
    // The icon site listens on loopback: allowed as an operator would allow a host.
    e2e = await startE2E({ env: { OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1' } });
    ({ page } = await e2e.newUserPage());
    const tokens = await signUpThroughApi(e2e, page, person('Agent Owner'), {
      name: `Agent Lab ${Date.now().toString(36)}`,
      purpose: 'Measure our shopping agent',
    });
    accessToken = tokens.access_token;
    me = User.parse(await api('/api/user/from-session'));
  });
  afterAll(async () => {
    await e2e?.close();
    await iconSite?.close();
  });

  it('should create a dev agent after asking for its endpoint, and list it with its icon', async () => {
    expect(me.permissions.dashboard_access).toBe(true);
    await page.goto('/agents');
    await page.getByRole('heading', { name: 'Agents' }).waitFor();
    // The built-in agents are listed to every organization, and cannot be archived.
    const oracle = page.locator('[data-testid="agent-row"][data-alias="oracle"]');
    await oracle.getByText('Built-in', { exact: true }).waitFor();
    expect(await oracle.getByRole('button', { name: 'Archive' }).count()).toBe(0);
    expect(await page.locator('[data-testid="agent-row"]').count()).toBe(BUILT_IN_AGENT_KINDS.length);

    await page.getByRole('button', { name: 'Create Agent Artifact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Agent Artifact' });
    expect(await field(dialog, 'Type').inputValue()).toBe('Dev (HTTP endpoint)');
    await dialog.getByText('An image URL, or one emoji').waitFor();
    await field(dialog, 'Alias').fill(alias);
    await field(dialog, 'Description').fill('Buys what the task asks for');
    await field(dialog, 'Icon').fill('🛒');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText(AGENT_MESSAGES.endpoint).waitFor();
    expect(await dialog.getByText(AGENT_MESSAGES.alias).count()).toBe(0);

    await field(dialog, 'Endpoint').fill('http://127.0.0.1:9/run');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = page.locator(`[data-testid="agent-row"][data-alias="${alias}"]`);
    await row.waitFor();
    await row.getByText('Dev (HTTP endpoint)').waitFor();
    await row.getByText('Buys what the task asks for').waitFor();
    // The emoji comes back as the PNG the server drew from it, fetched with the user's token.
    const icon = row.getByRole('img', { name: `${alias} icon` });
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await icon.getAttribute('src')).toMatch(/^blob:/);

    // The server refuses an alias already taken, and the dialog says why.
    await page.getByRole('button', { name: 'Create Agent Artifact' }).click();
    await field(dialog, 'Alias').fill(alias);
    await field(dialog, 'Endpoint').fill('http://127.0.0.1:9/run');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByRole('alert').getByText(`An agent named "${alias}" already exists`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.locator('[data-testid="agent-row"]').count())
      .toBe(1 + BUILT_IN_AGENT_KINDS.length);
  });

  it('should show the results per test case with their intervals, and the sessions people must look at', async () => {
    const { artifacts } = AgentArtifactsResponse.parse(await api('/api/agent-artifacts/'));
    const agent = artifacts.find((artifact) => artifact.alias === alias)!;
    // First test case: 2 of 4 pass; people agree with three verdicts and overturn the fourth's Pass.
    await seed(agent.id, firstCase!.key, { automatic: true, human: true });
    await seed(agent.id, firstCase!.key, { automatic: true, human: true });
    await seed(agent.id, firstCase!.key, { automatic: false, human: false });
    const disagreement = await seed(agent.id, firstCase!.key, { automatic: true, human: false });
    // Second test case: 1 of 3 pass, one still waits for people; a run that Proctor failed is counted apart.
    await seed(agent.id, secondCase!.key, { automatic: false, human: false });
    await seed(agent.id, secondCase!.key, { automatic: false, human: false });
    const needsScoring = await seed(agent.id, secondCase!.key, { automatic: true });
    await seed(agent.id, secondCase!.key, { status: 'run_failed' });

    await page.locator(`[data-testid="agent-row"][data-alias="${alias}"]`).click();
    await page.waitForURL(`**/agents/${alias}`);
    await page.getByRole('heading', { name: alias }).waitFor();
    await page.getByText('Buys what the task asks for').waitFor();
    expect(await page.getByTestId('agent-type').textContent()).toBe('Dev (HTTP endpoint)');
    expect(await page.getByTestId('agent-summary').textContent()).toBe(
      `3 passed of 7 scored · ${formatSuccessRate(successRate(3, 7))} · 1 infrastructure failure`,
    );

    const first = await testCaseOf(firstCase!.key);
    const second = await testCaseOf(secondCase!.key);
    const resultRow = (publicId: string) =>
      page.locator(`[data-testid="test-case-result-row"][data-test-case="${publicId}"]`);
    const figures = async (publicId: string) => {
      const row = resultRow(publicId);
      const text = (testId: string) => row.getByTestId(testId).textContent();
      return {
        total: await text('total'),
        scored: await text('scored'),
        passed: await text('passed'),
        rate: await text('success-rate'),
        bar: await row.getByTestId('success-rate-bar').getAttribute('data-color'),
        passAtK: await text('pass-at-k'),
        infrastructureFailures: await text('infrastructure-failures'),
        needsHumanScoring: await text('needs-human-scoring'),
        humanDisagreements: await text('human-disagreements'),
      };
    };
    await resultRow(first.publicId).waitFor();
    expect(await figures(first.publicId)).toEqual({
      total: '4',
      scored: '4',
      passed: '2',
      rate: formatSuccessRate(successRate(2, 4)),
      bar: 'green',
      passAtK: 'pass@4 1.00 · pass^4 0.00',
      infrastructureFailures: '0',
      needsHumanScoring: '0',
      humanDisagreements: '1',
    });
    expect(await figures(second.publicId)).toEqual({
      total: '4',
      scored: '3',
      passed: '1',
      rate: formatSuccessRate(successRate(1, 3)),
      bar: 'red',
      passAtK: 'pass@3 1.00 · pass^3 0.00',
      infrastructureFailures: '1',
      needsHumanScoring: '1',
      humanDisagreements: '0',
    });
    // The test case links to its page.
    expect(await resultRow(first.publicId).getByRole('link').getAttribute('href')).toBe(
      `/tests/${first.publicId}`,
    );

    const sessionRows = (filter: string) =>
      page.getByTestId(`agent-sessions-${filter}`).locator('[data-testid="agent-session-row"]');
    await page.getByRole('tab', { name: /^Needs Human Scoring/ }).click();
    await expect
      .poll(() =>
        sessionRows('needs_human_scoring').evaluateAll((rows) => rows.map((r) => r.dataset.sessionId)),
      )
      .toEqual([needsScoring]);
    expect(await page.getByRole('link', { name: needsScoring }).getAttribute('href')).toBe(
      `/sessions/${needsScoring}`,
    );

    await page.getByRole('tab', { name: /^Human Disagreements/ }).click();
    await expect
      .poll(() =>
        sessionRows('human_disagreement').evaluateAll((rows) => rows.map((r) => r.dataset.sessionId)),
      )
      .toEqual([disagreement]);
    const disagreementRow = sessionRows('human_disagreement').first();
    expect(await disagreementRow.getByTestId('scoring-badge').textContent()).toBe('Pass');
    expect(await disagreementRow.getByTestId('human-consensus').textContent()).toBe('Fail');
    await disagreementRow.getByTestId('human-disagreement').hover();
    await page.getByRole('tooltip').getByText('Human disagreement detected').waitFor();

    // The session link opens the session.
    await page.getByRole('link', { name: disagreement }).click();
    await page.waitForURL(`**/sessions/${disagreement}`);
    await page.getByRole('heading', { name: disagreement }).waitFor();
  });

  it('should say so when there is no such agent', async () => {
    await page.goto('/agents/no-such-agent');
    await page.getByText(AGENT_MESSAGES.notFound).waitFor();
  });

  it('should archive the agent from the list after confirming', async () => {
    await page.goto('/agents');
    const row = page.locator(`[data-testid="agent-row"][data-alias="${alias}"]`);
    await row.getByRole('button', { name: `Archive ${alias}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Archive agent' });
    await confirm.getByText(AGENT_MESSAGES.archiveConfirmation(alias)).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await row.count()).toBe(1);

    await row.getByRole('button', { name: `Archive ${alias}` }).click();
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await page.getByText(`${alias} archived`).waitFor();
    await expect.poll(() => row.count()).toBe(0);
    const [stored] = await e2e.proctor.ctx.db
      .select({ archived: agentArtifacts.archived })
      .from(agentArtifacts)
      .where(and(eq(agentArtifacts.alias, alias), eq(agentArtifacts.organizationId, me.organizationId!)));
    expect(stored?.archived).toBe(true);
  });

  it("should tell an annotator organization's member that agents are not theirs", async () => {
    const annotator = (await e2e.newUserPage()).page;
    const tokens = await signUpThroughApi(e2e, annotator, person('Anna Annotator'), {
      name: `Annotators ${Date.now().toString(36)}`,
      purpose: 'Score sessions',
    });
    const annotatorUser = User.parse(
      await (
        await fetch(`${e2e.baseUrl}/api/user/from-session`, {
          headers: { Authorization: `Bearer ${tokens.access_token}` },
        })
      ).json(),
    );
    await e2e.proctor.ctx.db
      .update(organizations)
      .set({ isAnnotator: true })
      .where(eq(organizations.id, annotatorUser.organizationId!));
    await annotator.goto('/agents');
    await annotator.getByText('Agents are not available to annotator organizations.').waitFor();
    expect(await annotator.getByRole('button', { name: 'Create Agent Artifact' }).count()).toBe(0);
  });

  it("should show an icon given as a URL from Proctor's copy, never from the icon's site", async () => {
    const pictured = `pictured-${Date.now().toString(36)}`;
    await page.goto('/agents');
    await page.getByRole('button', { name: 'Create Agent Artifact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Agent Artifact' });
    await field(dialog, 'Alias').fill(pictured);
    await field(dialog, 'Icon').fill(`${iconSite.origin}/bot.png`);
    await field(dialog, 'Endpoint').fill('http://127.0.0.1:9/run');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });

    const icon = page.locator(`[data-testid="agent-row"][data-alias="${pictured}"]`).getByRole('img', {
      name: `${pictured} icon`,
    });
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    expect(await icon.getAttribute('src')).toMatch(/^blob:/);
    // Fetched once, by Proctor when the agent was added; the browser never asked the icon's site.
    expect(iconSite.received.map((request) => request.url)).toEqual(['/bot.png']);
  });
});
