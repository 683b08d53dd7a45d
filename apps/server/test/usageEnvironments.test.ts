import { endpoints } from '@proctor/contracts';
import { sessionLogs, sessions, simulators } from '@proctor/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInRegistrations } from '../src/kernel/builtIns';
import { testDatabases } from './support/databases';
import { type Actor, startTestProctor, type TestProctor } from './support/proctor';

/**
 * Usage and running work with real environments (Chromium): what is open shows as running and in the peak,
 * and a platform admin's stop fails the environment's session with the admin's reason.
 */
describe('running environments in usage and the admin stop', () => {
  let proctor: TestProctor;
  let player: Actor;
  let admin: Actor;

  beforeAll(async () => {
    proctor = await startTestProctor(testDatabases()[0]!, {
      builtInSimulators: builtInRegistrations(),
      env: { BROWSER_POOL_SIZE: '0', MAX_ENVIRONMENTS: '3', MAX_ENVIRONMENTS_PER_ORGANIZATION: '3' },
    });
    const allowed = await proctor.ctx.db.select({ id: simulators.id }).from(simulators);
    player = await proctor.actor({
      permissions: { playground_access: true },
      plan: { allowed_simulators: allowed.map((s) => s.id) },
    });
    admin = await proctor.actor({ permissions: { is_admin: true } });
  });
  afterAll(() => proctor?.close());

  it('should show three open environments as running and at peak, and fail the one an admin stops', async () => {
    const opened = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await proctor.call(endpoints.makeEnvironment, {
        as: player,
        body: { env_id: 'shop' },
      });
      expect(response.status, response.body.detail).toBe(201);
      opened.push(response.body);
    }

    const usage = await proctor.call(endpoints.organizationUsageV2, { as: player, query: { days: '1/24' } });
    expect(usage.status).toBe(200);
    expect(usage.body.running_sessions).toBe(3);
    expect(usage.body.data.at(-1)!.active_count).toBe(3);
    expect(Math.max(...usage.body.data.map((point) => point.active_count))).toBe(3);

    const running = await proctor.call(endpoints.organizationRunningSessions, { as: player });
    expect(running.body.sessions.map((s) => s.session_id).sort()).toEqual(
      opened.map((environment) => environment.session_id).sort(),
    );
    expect(running.body.sessions.every((s) => s.simulator === 'shop')).toBe(true);

    const tasks = await proctor.call(endpoints.adminEnvironments, { as: admin });
    expect(tasks.status).toBe(200);
    const mine = tasks.body.tasks.filter((task) => task.organization?.id === player.organization!.id);
    expect(mine.map((task) => task.id).sort()).toEqual(opened.map((environment) => environment.id).sort());

    const [stopped] = opened;
    const stop = await proctor.call(endpoints.adminStopEnvironment, {
      as: admin,
      params: { id: stopped!.id },
      query: { reason: 'runaway agent' },
    });
    expect(stop.status).toBe(200);
    expect(stop.body.reason).toBe('Stopped by an admin: runaway agent');

    const status = await proctor.call(endpoints.environmentStatus, {
      params: { id: stopped!.id },
      as: player,
    });
    expect(status.body).toEqual({ status: 'failed', error: 'Stopped by an admin: runaway agent' });
    const [session] = await proctor.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.publicId, stopped!.session_id));
    expect(session).toMatchObject({
      status: 'run_failed',
      failureReason: 'Stopped by an admin: runaway agent',
    });
    const logs = await proctor.ctx.db
      .select()
      .from(sessionLogs)
      .where(eq(sessionLogs.sessionId, session!.id));
    expect(logs.map((log) => (log.logData as { message: string }).message)).toContain(
      'Stopped by an admin: runaway agent',
    );

    const after = await proctor.call(endpoints.organizationUsageV2, { as: player, query: { days: '1/24' } });
    expect(after.body.running_sessions).toBe(2);
    // The member is no platform admin: the stop is refused.
    const refused = await proctor.call(endpoints.adminStopEnvironment, {
      as: player,
      params: { id: opened[1]!.id },
      query: { reason: 'mine' },
    });
    expect(refused.status).toBe(403);
  });
});
