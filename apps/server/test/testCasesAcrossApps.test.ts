import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AgentObservation,
  ENVIRONMENT,
  type EndpointBody,
  endpoints,
  TEST_CASE_SIMULATOR_MESSAGES,
} from '@proctor/contracts';
import { scores, sessions, simulators } from '@proctor/db';
import { type builtInSimulators, builtInTestCase } from '@proctor/simulators';
import { playOn } from '@proctor/simulators/testing';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builtInRegistrations } from '../src/kernel/builtIns';
import type { CallResult } from './support/call';
import { everySimulatorPlan } from './support/catalog';
import { type Actor, describeEachDatabase } from './support/proctor';
import { until } from './support/until';

/** One INSERT labels on mail; one UPDATE events (pk 5, cancelled) on calendar; the wrong variant changes something else. */
const { simulator: mail, testCase: travelLabel } = builtInTestCase('mail', 'create-travel-label');
const { simulator: calendar, testCase: budgetCheckIn } = builtInTestCase(
  'calendar',
  'cancel-duplicate-budget-check-in',
);
type Task = typeof travelLabel;

/** Plays a built-in task's reference solution (or its wrong variant) on `origin`, until its last write has landed. */
async function driveOn(
  page: Page,
  origin: string,
  simulator: (typeof builtInSimulators)[number],
  task: Task,
  variant: 'solve' | 'wrong' = 'solve',
) {
  await playOn(page, origin, simulator, task, variant);
  await page.waitForLoadState('load');
}

/**
 * A test case across apps (issue 30): a mail task whose expectations name calendar too, kept with its other
 * simulators, run in a make2 environment holding both (driven over CDP as an agent drives it) and judged by
 * evaluate app by app, each app's expectations against that app's mutations.
 */
describeEachDatabase(
  'a test case across apps',
  (proctor) => {
    let author: Actor;
    let apiOrigin: string;
    let ids: Record<string, number>;
    const agents: Browser[] = [];

    beforeAll(async () => {
      await proctor().app.listen({ port: 0, host: '127.0.0.1' });
      apiOrigin = `127.0.0.1:${(proctor().app.server.address() as AddressInfo).port}`;
      author = await proctor().actor({
        permissions: { playground_access: true, create_test_cases: true, dashboard_access: true },
        plan: await everySimulatorPlan(proctor()),
      });
      const rows = await proctor()
        .ctx.db.select({ id: simulators.id, name: simulators.name })
        .from(simulators)
        .where(inArray(simulators.name, ['mail', 'calendar', 'chat', 'crm', 'bank']));
      ids = Object.fromEntries(rows.map((row) => [row.name, row.id]));
    });
    afterAll(async () => {
      await Promise.all(agents.map((agent) => agent.close().catch(() => undefined)));
    });

    const ok = <R>({ status, body }: CallResult<R>): R => {
      expect(status, body.detail).toBeLessThan(300);
      return body;
    };
    const create = (body: EndpointBody<typeof endpoints.createTestCases>, as = author) =>
      proctor().call(endpoints.createTestCases, { as, body });
    const crossApp = async () => {
      const [testCase] = ok(
        await create({
          simulatorId: ids.mail!,
          extraSimulatorIds: [ids.calendar!],
          name: 'Label the trip and cancel the duplicate check-in',
          prompt: `${travelLabel.prompt} Then, in the calendar: ${budgetCheckIn.prompt}`,
          startUrl: travelLabel.startUrl,
          scoringTypes: ['mutations'],
          defaultScoringConfig: {
            mutations: [
              ...travelLabel.expectedMutations!,
              ...budgetCheckIn.expectedMutations!.map((mutation) => ({ ...mutation, simulator: 'calendar' })),
            ],
          },
        }),
      ).testCases;
      return testCase!;
    };
    const make = (body: EndpointBody<typeof endpoints.makeEnvironment>) =>
      proctor().call(endpoints.makeEnvironment, { as: author, body });
    const reset = (id: string, testCasePublicId: string) =>
      proctor().call(endpoints.resetEnvironment, {
        params: { id },
        as: author,
        body: { test_case_public_id: testCasePublicId },
      });
    const evaluate = async (id: string) =>
      ok(await proctor().call(endpoints.evaluateEnvironment, { params: { id }, as: author, body: {} }));
    const close = async (id: string) =>
      ok(await proctor().call(endpoints.closeEnvironment, { params: { id }, as: author }));

    async function agentPage(id: string): Promise<Page> {
      const { cdp_url } = ok(
        await proctor().call(endpoints.environmentCdpUrl, { params: { id }, as: author }),
      );
      const url = new URL(cdp_url);
      url.host = apiOrigin;
      const browser = await chromium.connectOverCDP(url.href);
      agents.push(browser);
      return browser.contexts()[0]!.pages()[0]!;
    }

    it('should keep the other simulators of a test case, and change or clear them', async () => {
      const testCase = await crossApp();
      expect(testCase.extraSimulatorIds).toEqual([ids.calendar]);
      expect(testCase.extraSimulators.map((simulator) => simulator.name)).toEqual(['calendar']);
      const read = ok(
        await proctor().call(endpoints.testCase, { params: { id: testCase.publicId }, as: author }),
      );
      expect(read.testCase.extraSimulators.map((simulator) => simulator.name)).toEqual(['calendar']);
      expect(read.testCase.defaultScoringConfig.mutations).toContainEqual(
        expect.objectContaining({ table_name: 'events', simulator: 'calendar' }),
      );

      const update = (extraSimulatorIds: number[], defaultScoringConfig?: Record<string, unknown>) =>
        proctor().call(endpoints.updateTestCase, {
          params: { id: testCase.publicId },
          as: author,
          body: { extraSimulatorIds, defaultScoringConfig },
        });
      expect(
        ok(await update([ids.chat!, ids.calendar!])).testCase.extraSimulators.map((s) => s.name),
      ).toEqual(['chat', 'calendar']);
      // One app again, with its expectations in the calendar gone too (they may not outlive the app).
      const mailOnly = { mutations: travelLabel.expectedMutations! };
      expect(ok(await update([], mailOnly)).testCase.extraSimulatorIds).toEqual([]);
    });

    it('should refuse its own simulator again, repeats, too many, and simulators the plan lacks', async () => {
      const base = { simulatorId: ids.mail!, name: 'Across', prompt: 'Do it' };
      const own = await create({ ...base, extraSimulatorIds: [ids.mail!] });
      expect(own.status).toBe(400);
      expect(own.body.detail).toBe(TEST_CASE_SIMULATOR_MESSAGES.repeated);
      const repeated = await create({ ...base, extraSimulatorIds: [ids.calendar!, ids.calendar!] });
      expect(repeated.status).toBe(400);
      const names = ['calendar', 'chat', 'crm', 'bank'].slice(0, ENVIRONMENT.maxExtraSimulators + 1);
      const tooMany = await create({ ...base, extraSimulatorIds: names.map((name) => ids[name]!) });
      expect(tooMany.status).toBe(400);

      const withoutCalendar = await proctor()
        .ctx.db.select({ id: simulators.id })
        .from(simulators)
        .where(ne(simulators.name, 'calendar'));
      const mailOnly = await proctor().actor({
        permissions: { create_test_cases: true },
        plan: { allowed_simulators: withoutCalendar.map((row) => row.id) },
      });
      const unseen = await create({ ...base, extraSimulatorIds: [ids.calendar!] }, mailOnly);
      expect(unseen.status).toBe(404);
    });

    it('should refuse expectations in an app the test case does not span, and dropping an app still expected', async () => {
      const inChat = { action: 'INSERT' as const, table_name: 'messages', simulator: 'chat' };
      const outside = await create({
        simulatorId: ids.mail!,
        extraSimulatorIds: [ids.calendar!],
        name: 'Across',
        prompt: 'Do it',
        defaultScoringConfig: { mutations: [inChat] },
      });
      expect(outside.status).toBe(400);
      expect(outside.body.detail).toBe(TEST_CASE_SIMULATOR_MESSAGES.expectationOutside('chat'));

      const testCase = await crossApp();
      const expected = testCase.defaultScoringConfig.mutations as Record<string, unknown>[];
      const update = (body: EndpointBody<typeof endpoints.updateTestCase>) =>
        proctor().call(endpoints.updateTestCase, { params: { id: testCase.publicId }, as: author, body });
      const dropped = await update({ extraSimulatorIds: [ids.chat!] });
      expect(dropped.status).toBe(400);
      expect(dropped.body.detail).toBe(TEST_CASE_SIMULATOR_MESSAGES.stillExpected('calendar'));
      const elsewhere = await update({
        defaultScoringConfig: { mutations: [...expected, inChat] },
      });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.detail).toBe(TEST_CASE_SIMULATOR_MESSAGES.expectationOutside('chat'));
      // Both at once, and the own simulator named by its name: accepted.
      const both = ok(
        await update({
          extraSimulatorIds: [ids.calendar!, ids.chat!],
          defaultScoringConfig: {
            mutations: [...expected, inChat, { action: 'UPDATE', table_name: 'messages', simulator: 'mail' }],
          },
        }),
      );
      expect(both.testCase.extraSimulators.map((simulator) => simulator.name)).toEqual(['calendar', 'chat']);
      // The refused updates changed nothing before it: the accepted one is what is stored.
      const read = ok(
        await proctor().call(endpoints.testCase, { params: { id: testCase.publicId }, as: author }),
      );
      expect(read.testCase.extraSimulatorIds).toEqual([ids.calendar, ids.chat]);
    });

    it('should pass evaluate when each app made its changes, and fail naming the app that did not', async () => {
      const testCase = await crossApp();
      const lone = ok(await make({ env_id: 'mail' }));
      const environment = ok(await make({ env_id: 'mail', extra_env_ids: ['calendar'] }));
      try {
        // An environment without the test case's other simulator cannot run it.
        const lacking = await reset(lone.id, testCase.publicId);
        expect(lacking.status).toBe(400);
        expect(lacking.body.detail).toBe(
          TEST_CASE_SIMULATOR_MESSAGES.environmentLacks(testCase.name, ['calendar']),
        );
        await close(lone.id);

        const started = ok(await reset(environment.id, testCase.publicId));
        const page = await agentPage(environment.id);
        const mailOrigin = new URL(started.start_url).origin;
        const calendarOrigin = mailOrigin.replace('.mail.', '.calendar.');
        expect(mailOrigin).toContain(`${environment.id}.mail.`);
        await page.waitForURL(/\/login\?next=/);

        await driveOn(page, mailOrigin, mail, travelLabel);
        // Half the task: mail's part matched, calendar's missing, named as calendar's.
        const half = await evaluate(environment.id);
        expect(half.passed).toBe(false);
        expect(half.details.explanation).toContain('calendar: missing: UPDATE events pk 5');
        expect(half.details.mutations).toMatchObject({ satisfied: false, matched: 1 });
        expect(half.details.mutations!.missing).toEqual([
          { table_name: 'events', action: 'UPDATE', reason: expect.any(String), simulator: 'calendar' },
        ]);

        await driveOn(page, calendarOrigin, calendar, budgetCheckIn);
        const whole = await evaluate(environment.id);
        expect(whole.details.explanation).toBe('');
        expect(whole).toMatchObject({
          passed: true,
          details: { mutations: { satisfied: true, matched: 2 } },
        });

        // Again, with calendar's plausible wrong variant: mail right, calendar wrong, and the reason says so.
        ok(await reset(environment.id, testCase.publicId));
        // The reset opened the start page, which sends a signed-out visitor to the sign-in page (the reset
        // forgot the sign-in): driving starts once that has happened, or the two navigations collide.
        await page.waitForURL(/\/login\?next=/);
        await driveOn(page, mailOrigin, mail, travelLabel);
        await driveOn(page, calendarOrigin, calendar, budgetCheckIn, 'wrong');
        const wrong = await evaluate(environment.id);
        expect(wrong.passed).toBe(false);
        expect(wrong.details.explanation).toMatch(/calendar: /);
        expect(wrong.details.explanation).not.toMatch(/mail: /);

        // The mutation diff of the passing session (ended by that reset): each app's net changes, calendar's tagged.
        const merged = await until(
          async () =>
            ok(
              await proctor().call(endpoints.mergedMutations, {
                as: author,
                body: { session_ids: [started.session_id] },
              }),
            ),
          (answer) => (answer.sessions[0]?.mutations.length ?? 0) >= 2,
          'the passing session to be stored',
        );
        expect(
          merged.sessions[0]!.mutations.map((m) => `${m.simulator ?? '-'} ${m.action} ${m.table_name}`),
        ).toEqual(['- INSERT labels', 'calendar UPDATE events']);

        // Create State Test from that session: the test case spans the calendar, where one of its changes was.
        const [stateTest] = ok(
          await create({
            simulatorId: ids.mail!,
            name: 'State test across apps',
            prompt: 'Do it again',
            scoringTypes: ['mutations'],
            expectedMutationsFromSession: started.session_id,
          }),
        ).testCases;
        expect(stateTest!.extraSimulators.map((simulator) => simulator.name)).toEqual(['calendar']);

        // Rescoring calendar takes this mail test case too (it spans calendar), and passes the passing session.
        const rescored = await until(
          async () =>
            ok(
              await proctor().call(endpoints.rescoreSimulator, { params: { id: ids.calendar! }, as: author }),
            ),
          (answer) => answer.results.some((r) => r.test_case_id === testCase.id && r.result?.passed === 1),
          'the passing session to be rescored',
        );
        expect(rescored.results.find((r) => r.test_case_id === testCase.id)).toMatchObject({
          status: 'success',
          result: { sessions: 1, passed: 1, failed: 0 },
        });
      } finally {
        await close(environment.id);
      }
    });

    it('should start on another of its apps when its start URL names it, and refuse one it does not span', async () => {
      const outside = await create({
        simulatorId: ids.mail!,
        extraSimulatorIds: [ids.calendar!],
        name: 'Across',
        prompt: 'Do it',
        startUrl: 'chat:/',
      });
      expect(outside.status).toBe(400);
      expect(outside.body.detail).toBe(TEST_CASE_SIMULATOR_MESSAGES.startOutside('chat'));

      const testCase = await crossApp();
      const onCalendar = `calendar:${budgetCheckIn.startUrl || '/'}`;
      const update = (body: EndpointBody<typeof endpoints.updateTestCase>) =>
        proctor().call(endpoints.updateTestCase, { params: { id: testCase.publicId }, as: author, body });
      ok(await update({ startUrl: onCalendar }));
      const dropped = await update({ extraSimulatorIds: [], defaultScoringConfig: { mutations: [] } });
      expect(dropped.status).toBe(400);
      expect(dropped.body.detail).toBe(TEST_CASE_SIMULATOR_MESSAGES.startStillOn('calendar'));

      const environment = ok(await make({ env_id: 'mail', extra_env_ids: ['calendar'] }));
      try {
        const started = ok(await reset(environment.id, testCase.publicId));
        expect(new URL(started.start_url).hostname).toContain(`${environment.id}.calendar.`);
        const page = await agentPage(environment.id);
        await page.waitForURL((url) => url.hostname.includes('.calendar.'));

        const elsewhere = await proctor().call(endpoints.resetEnvironment, {
          params: { id: environment.id },
          as: author,
          body: { start_url: 'chat:/' },
        });
        expect(elsewhere.status).toBe(400);
        expect(elsewhere.body.detail).toBe(TEST_CASE_SIMULATOR_MESSAGES.startNotHeld('chat'));
      } finally {
        await close(environment.id);
      }
    });

    it('should run it with no special casing: the run’s environment holds both apps, scored app by app', async () => {
      const testCase = await crossApp();
      // A step-protocol agent that goes to the calendar (by the URL it observes) and stops without doing the task.
      const observations: AgentObservation[] = [];
      const agentServer = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk) => {
          body += chunk;
        });
        request.on('end', () => {
          const observation = AgentObservation.parse(JSON.parse(body));
          observations.push(observation);
          const calendarLogin = new URL('/login', observation.url.replace('.mail.', '.calendar.')).href;
          const answer =
            observation.step === 0 ? { action: 'navigate', url: calendarLogin } : { action: 'done' };
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(answer));
        });
      });
      await new Promise<void>((resolve) => agentServer.listen(0, '127.0.0.1', resolve));
      try {
        const port = (agentServer.address() as AddressInfo).port;
        const agent = ok(
          await proctor().call(endpoints.createAgentArtifact, {
            as: author,
            body: { alias: 'to-the-calendar', type: 'dev', endpoint: `http://127.0.0.1:${port}/step` },
          }),
        ).artifact;
        const run = ok(
          await proctor().call(endpoints.startRun, {
            as: author,
            body: { testCaseId: testCase.id, agentArtifactId: agent.id },
          }),
        );
        const [session] = await until(
          () =>
            proctor()
              .ctx.db.select({ id: sessions.id, status: sessions.status, passed: sessions.passed })
              .from(sessions)
              .where(eq(sessions.publicId, run.session_id)),
          ([row]) => row?.status === 'scoring_completed' || row?.status.endsWith('failed') === true,
          'the run to end and be scored',
        );
        expect(session!.status).toBe('scoring_completed');
        // The navigate reached the calendar: the environment was made with the test case's other simulator.
        expect(observations[1]).toMatchObject({
          last_action: { action: 'navigate' },
          last_action_error: null,
        });
        expect(new URL(observations[1]!.url).hostname).toMatch(/\.calendar\./);
        const [score] = await proctor()
          .ctx.db.select({ result: scores.result })
          .from(scores)
          .where(and(eq(scores.sessionId, session!.id), eq(scores.type, 'state_mutation_match')));
        expect(score!.result).toMatchObject({ correct: false });
        expect(String(score!.result.reason)).toContain('calendar: missing: UPDATE events pk 5');
        expect(String(score!.result.reason)).toContain('mail: missing: INSERT labels');
        expect(session!.passed).toBe(false);
      } finally {
        await new Promise<void>((resolve) => agentServer.close(() => resolve()));
      }
    });
  },
  {
    builtInSimulators: builtInRegistrations(),
    // The stand-in agent of the run listens on this machine: the outbound guard lets Proctor reach it.
    env: { BROWSER_POOL_SIZE: '1', MAX_ENVIRONMENTS: '3', OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1' },
  },
);
