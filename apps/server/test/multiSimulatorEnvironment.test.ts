import type { AddressInfo } from 'node:net';
import {
  ENVIRONMENT,
  type EndpointBody,
  EXTRA_SIMULATOR_MESSAGES,
  endpoints,
  type StateMutation,
} from '@proctor/contracts';
import { sessions, simulators } from '@proctor/db';
import { builtInTestCase } from '@proctor/simulators';
import { playOn } from '@proctor/simulators/testing';
import { eq, inArray, ne } from 'drizzle-orm';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builtInRegistrations } from '../src/kernel/builtIns';
import { latestSimulatorVersion } from '../src/repositories/simulators';
import type { CallResult } from './support/call';
import { everySimulatorPlan } from './support/catalog';
import { type Actor, describeEachDatabase } from './support/proctor';
import { until } from './support/until';

/** One INSERT labels on mail; one UPDATE events (pk 5, cancelled) on calendar. */
const { simulator: mail, testCase: travelLabel } = builtInTestCase('mail', 'create-travel-label');
const { simulator: calendar, testCase: budgetCheckIn } = builtInTestCase(
  'calendar',
  'cancel-duplicate-budget-check-in',
);

/** table action pk of each mutation, for readable comparisons. */
const rows = (mutations: readonly StateMutation[]) =>
  mutations.map((m) => `${m.simulator ?? '-'} ${m.action} ${m.table_name} ${m.pk}`);

/**
 * An environment of two simulators (make2's extra_env_ids): one browser and one session, each app on its own
 * origin, driven over CDP as an agent drives it; state by simulator; a reset that restores both; plans and
 * requests that may not have it refused; other environments' instances out of reach.
 */
describeEachDatabase(
  'a multi-simulator environment',
  (proctor) => {
    let player: Actor;
    let apiOrigin: string;
    const agents: Browser[] = [];

    beforeAll(async () => {
      await proctor().app.listen({ port: 0, host: '127.0.0.1' });
      apiOrigin = `127.0.0.1:${(proctor().app.server.address() as AddressInfo).port}`;
      player = await proctor().actor({
        permissions: { playground_access: true },
        plan: await everySimulatorPlan(proctor()),
      });
    });
    afterAll(async () => {
      await Promise.all(agents.map((agent) => agent.close().catch(() => undefined)));
    });

    const ok = <R>({ status, body }: CallResult<R>): R => {
      expect(status, body.detail).toBeLessThan(300);
      return body;
    };
    const make = async (body: EndpointBody<typeof endpoints.makeEnvironment>, as = player) =>
      proctor().call(endpoints.makeEnvironment, { as, body });
    const state = async (id: string) =>
      ok(await proctor().call(endpoints.environmentState, { params: { id }, as: player })).state;
    const close = async (id: string) =>
      ok(await proctor().call(endpoints.closeEnvironment, { params: { id }, as: player }));

    /** The environment's page, over its CDP door (on the port this test listens on). */
    async function agentPage(id: string): Promise<Page> {
      const { cdp_url } = ok(
        await proctor().call(endpoints.environmentCdpUrl, { params: { id }, as: player }),
      );
      const url = new URL(cdp_url);
      url.host = apiOrigin;
      const browser = await chromium.connectOverCDP(url.href);
      agents.push(browser);
      return browser.contexts()[0]!.pages()[0]!;
    }

    it('should run both apps in one browser and session, group the state by app and restore both at reset', async () => {
      const environment = ok(await make({ env_id: 'mail', extra_env_ids: ['calendar'] }));
      expect(environment.status).toBe('running');
      const page = await agentPage(environment.id);
      const mailOrigin = new URL(page.url()).origin;
      expect(mailOrigin).toMatch(new RegExp(`^http://${environment.id}\\.mail\\.localhost:\\d+$`));
      const calendarOrigin = mailOrigin.replace('.mail.', '.calendar.');
      expect(await state(environment.id)).toEqual({
        mutations: [],
        by_simulator: { mail: [], calendar: [] },
      });

      await playOn(page, mailOrigin, mail, travelLabel);
      await playOn(page, calendarOrigin, calendar, budgetCheckIn);
      const first = await state(environment.id);
      expect(rows(first.mutations)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^mail INSERT labels \d+$/),
          'calendar UPDATE events 5',
        ]),
      );
      expect(first.by_simulator!.mail!.map((m) => `${m.action} ${m.table_name}`)).toContain('INSERT labels');
      expect(first.by_simulator!.calendar!.map((m) => `${m.action} ${m.table_name} ${m.pk}`)).toContain(
        'UPDATE events 5',
      );
      // The grouping is the list split by tag, nothing lost or repeated; mail's writes come first, as made.
      expect([...first.by_simulator!.mail!, ...first.by_simulator!.calendar!]).toEqual(first.mutations);
      const label = first.by_simulator!.mail!.find((m) => m.table_name === 'labels')!;

      const reset = ok(
        await proctor().call(endpoints.resetEnvironment, {
          params: { id: environment.id },
          as: player,
          body: {},
        }),
      );
      expect(reset.session_id).not.toBe(environment.session_id);
      expect(new URL(reset.start_url).origin).toBe(mailOrigin);
      expect(await state(environment.id)).toEqual({
        mutations: [],
        by_simulator: { mail: [], calendar: [] },
      });
      // Both apps are back at their seed: the same tasks write the same rows again (the label gets the same
      // key, the event is still there to cancel).
      await playOn(page, mailOrigin, mail, travelLabel);
      await playOn(page, calendarOrigin, calendar, budgetCheckIn);
      const again = await state(environment.id);
      expect(again.by_simulator!.mail!.find((m) => m.table_name === 'labels')?.pk).toBe(label.pk);
      expect(rows(again.by_simulator!.calendar!)).toContain('calendar UPDATE events 5');

      // The first session's recorded mutations say which app each came from, on the session page too.
      const ended = await until(
        async () =>
          ok(
            await proctor().call(endpoints.getSession, {
              params: { id: environment.session_id },
              as: player,
            }),
          ),
        (detail) => detail.state_mutations.length >= 2,
        'the first session recorded its mutations',
      );
      expect(rows(ended.state_mutations)).toEqual(rows(first.mutations));
      // Each session keeps what ran: mail's version, and the calendar's beside it.
      const { db } = proctor().ctx;
      const [calendarRow] = await db.select().from(simulators).where(eq(simulators.name, 'calendar'));
      const [mailRow] = await db.select().from(simulators).where(eq(simulators.name, 'mail'));
      const versions = await db
        .select({ config: sessions.simulatorConfig })
        .from(sessions)
        .where(inArray(sessions.publicId, [environment.session_id, reset.session_id]))
        .orderBy(sessions.id);
      expect(versions).toHaveLength(2);
      expect(versions[0]!.config).toMatchObject({
        version: await latestSimulatorVersion(db, mailRow!.id),
        extra_versions: { calendar: await latestSimulatorVersion(db, calendarRow!.id) },
      });
      expect(versions[1]!.config.extra_versions).toEqual(versions[0]!.config.extra_versions);
      await close(environment.id);
    });

    it("should keep other environments' instances out of reach and its own apps within it", async () => {
      const environment = ok(await make({ env_id: 'mail', extra_env_ids: ['calendar'] }));
      const other = ok(await make({ env_id: 'calendar' }));
      try {
        // A one-simulator environment's state exactly as before.
        expect(await state(other.id)).toEqual({ mutations: [] });
        const page = await agentPage(environment.id);
        const mailOrigin = new URL(page.url()).origin;
        const calendarOrigin = mailOrigin.replace('.mail.', '.calendar.');
        expect((await page.goto(`${calendarOrigin}/login`))?.status()).toBe(200);
        // Back on mail, so that the page's address says when the reset below has sent it to calendar.
        await page.goto(`${mailOrigin}/login`);
        // A reset may start on any of its apps, and on no other environment's.
        const onCalendar = await proctor().call(endpoints.resetEnvironment, {
          params: { id: environment.id },
          as: player,
          body: { start_url: `${calendarOrigin}/login` },
        });
        expect(ok(onCalendar).start_url).toBe(`${calendarOrigin}/login`);
        await expect.poll(() => page.url()).toBe(`${calendarOrigin}/login`);
        await page.waitForLoadState();
        const elsewhere = await proctor().call(endpoints.resetEnvironment, {
          params: { id: environment.id },
          as: player,
          body: { start_url: `${calendarOrigin.replace(environment.id, other.id)}/login` },
        });
        expect(elsewhere.status).toBe(400);
        for (const origin of [
          calendarOrigin.replace(environment.id, other.id),
          mailOrigin.replace(environment.id, other.id),
        ]) {
          const response = await page.goto(`${origin}/login`);
          expect(response?.status(), origin).toBe(403);
          expect(await page.title()).toBe('Blocked by Proctor');
        }
      } finally {
        await close(environment.id);
        await close(other.id);
      }
    });

    it("should refuse simulators the caller's plan lacks, repeats, too many, and what cannot join", async () => {
      const withoutCalendar = await proctor()
        .ctx.db.select({ id: simulators.id })
        .from(simulators)
        .where(ne(simulators.name, 'calendar'));
      const mailOnly = await proctor().actor({
        permissions: { playground_access: true },
        plan: { allowed_simulators: withoutCalendar.map((row) => row.id) },
      });
      const refused = await make({ env_id: 'mail', extra_env_ids: ['calendar'] }, mailOnly);
      expect(refused.status).toBe(404);
      expect(refused.body.detail).toBe('Simulator "calendar" not found or not enabled');

      const repeated = await make({ env_id: 'mail', extra_env_ids: ['calendar', 'mail'] });
      expect(repeated.status).toBe(400);
      expect(repeated.body.detail).toBe(EXTRA_SIMULATOR_MESSAGES.repeated('mail'));

      const names = ['calendar', 'chat', 'crm', 'bank'].slice(0, ENVIRONMENT.maxExtraSimulators + 1);
      expect((await make({ env_id: 'mail', extra_env_ids: names })).status).toBe(400);

      const keepalive = await make({
        env_id: 'mail',
        extra_env_ids: ['calendar'],
        keepalive: true,
        alias: 'two',
      });
      expect(keepalive.status).toBe(400);
      expect(keepalive.body.detail).toBe(EXTRA_SIMULATOR_MESSAGES.keepalive);
    });
  },
  {
    builtInSimulators: builtInRegistrations(),
    env: { BROWSER_POOL_SIZE: '1', MAX_ENVIRONMENTS: '3' },
  },
);
