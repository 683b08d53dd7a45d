import { endpoints } from '@proctor/contracts';
import { newPublicId, sessions } from '@proctor/db';
import { expect, it } from 'vitest';
import { type Actor, describeEachDatabase } from './support/proctor';

const MINUTE = 60_000;

describeEachDatabase(
  'organization usage and running work',
  (proctor) => {
    /** A session of the caller's organization, started `startedAgo` ms ago and ended `endedAgo` ms ago (or open). */
    const session = async (
      as: Actor,
      options: { status: string; startedAgo?: number; endedAgo?: number | null; environment?: boolean },
    ) => {
      const now = Date.now();
      const [row] = await proctor()
        .ctx.db.insert(sessions)
        .values({
          publicId: newPublicId(),
          organizationId: as.organization!.id,
          status: options.status,
          jobGroupId: options.environment ? newPublicId() : null,
          createdAt: new Date(now - (options.startedAgo ?? 0)),
          endedAt: options.endedAgo == null ? null : new Date(now - options.endedAgo),
        })
        .returning();
      return row!;
    };

    it('should count this month the scored sessions only, at the configured price per session', async () => {
      const member = await proctor().actor();
      const outsider = await proctor().actor();
      for (let i = 0; i < 3; i += 1) await session(member, { status: 'scoring_completed', endedAgo: 0 });
      await session(member, { status: 'run_completed', endedAgo: 0 });
      await session(outsider, { status: 'scoring_completed', endedAgo: 0 });

      const response = await proctor().call(endpoints.organizationUsage, { as: member });
      expect(response.status).toBe(200);
      const usage = response.body;
      expect(usage.current_month).toEqual({ sessions: 3, cost: 4.5 });
      expect(usage.history).toHaveLength(12);
      const thisMonth = new Date().toISOString().slice(0, 7);
      expect(usage.history.at(-1)).toEqual([thisMonth, { sessions: 3, cost: 4.5 }]);
      expect(usage.history.slice(0, -1).every(([, figures]) => figures.sessions === 0)).toBe(true);
      // The organization was made today: its one billing cycle starts today.
      const today = new Date().toISOString().slice(0, 10);
      expect(usage.billing_cycles).toEqual({ [today]: { sessions: 3, cost: 4.5 } });

      const outsiders = await proctor().call(endpoints.organizationUsage, { as: outsider });
      expect(outsiders.body.current_month).toEqual({ sessions: 1, cost: 1.5 });
      // Without scored sessions there is no billing data.
      const fresh = await proctor().call(endpoints.organizationUsage, { as: await proctor().actor() });
      expect(fresh.body).toMatchObject({ current_month: { sessions: 0, cost: 0 }, billing_cycles: {} });
    });

    it('should show the peak of environments open at once, not counting back-to-back sessions', async () => {
      const member = await proctor().actor();
      // Three overlapping forty minutes ago, one started as they ended, one without an environment (not counted).
      const open = { status: 'scoring_completed', environment: true };
      for (let i = 0; i < 3; i += 1)
        await session(member, { ...open, startedAgo: 40 * MINUTE, endedAgo: 30 * MINUTE });
      await session(member, { ...open, startedAgo: 30 * MINUTE, endedAgo: 20 * MINUTE });
      await session(member, { status: 'run_started', startedAgo: 50 * MINUTE });

      const lastHour = await proctor().call(endpoints.organizationUsageV2, {
        as: member,
        query: { days: '1/24' },
      });
      expect(lastHour.status).toBe(200);
      const counts = lastHour.body.data.map((point) => point.active_count);
      expect(counts).toHaveLength(60);
      expect(Math.max(...counts)).toBe(3);
      // Buckets are a minute long: the last ten minutes saw none, twenty-five minutes ago one.
      expect(counts.slice(-10)).toEqual(Array(10).fill(0));
      expect(counts[60 - 25]).toBe(1);
      expect(lastHour.body.running_sessions).toBe(0);

      const byDefault = await proctor().call(endpoints.organizationUsageV2, { as: member });
      expect(byDefault.status).toBe(200);
      expect(Math.max(...byDefault.body.data.map((point) => point.active_count))).toBe(3);
      // A session still open since before the window counts from the window's start.
      await session(member, { status: 'run_started', startedAgo: 3 * 24 * 60 * MINUTE, environment: true });
      const day = await proctor().call(endpoints.organizationUsageV2, { as: member, query: { days: '1' } });
      expect(day.body.data[0]!.active_count).toBe(1);
    });

    it('should refuse a time frame it does not offer', async () => {
      const member = await proctor().actor();
      for (const days of ['2', 'abc', '0', '-1']) {
        const response = await proctor().request({
          method: 'GET',
          url: `/api/user/organization/usage-v2?days=${days}`,
          as: member,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toMatch(/days must be one of 1\/24, 1, 7, 28, 180, 30/);
      }
    });

    it("should list the job queue's jobs with their state, attempts and error", async () => {
      const admin = await proctor().actor({ permissions: { is_admin: true } });
      // Scoring a session that does not exist fails: the job ends failed with the reason.
      const added = await proctor().ctx.queue.add('scoreSession', { sessionId: 2_000_000_000 });
      const outcome = await added.finished;
      const response = await proctor().call(endpoints.adminJobs, { as: admin, query: { page_size: '5' } });
      expect(response.status).toBe(200);
      const job = response.body.jobs.find((listed) => listed.id === added.id);
      expect(job).toMatchObject({ name: 'score-session', state: outcome.status, attempts: outcome.attempts });
      expect(job!.started_at).not.toBeNull();
      expect(job!.finished_at).not.toBeNull();
      if (outcome.status === 'failed') expect(job!.error).toBe(outcome.reason);
      expect(response.body.page_size).toBe(5);
      expect(response.body.total).toBeGreaterThanOrEqual(1);
    });

    it('should answer 404 for stopping an environment that is not open', async () => {
      const admin = await proctor().actor({ permissions: { is_admin: true } });
      const response = await proctor().call(endpoints.adminStopEnvironment, {
        as: admin,
        params: { id: 'no-such-environment' },
        query: { reason: 'cleanup' },
      });
      expect(response.status).toBe(404);
      const listed = await proctor().call(endpoints.adminEnvironments, { as: admin });
      expect(listed.status).toBe(200);
      expect(listed.body.tasks).toEqual([]);
    });
  },
  { env: { USAGE_PRICE_PER_SESSION: '1.5' } },
);
