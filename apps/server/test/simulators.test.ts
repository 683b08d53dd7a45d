import { MAX_RECORD_ID, SimulatorResponse, SimulatorsResponse } from '@proctor/contracts';
import { simulatorVersions } from '@proctor/db';
import { expect, it } from 'vitest';
import { catalog } from './support/catalog';
import { describeEachDatabase } from './support/proctor';

describeEachDatabase('simulators', (proctor) => {
  const make = catalog(proctor);
  const admin = () => proctor().actor({ permissions: { is_admin: true } });

  it('should create a proxy simulator with the dialog defaults: status not_started, port 3000, a job name', async () => {
    const response = await proctor().request({
      method: 'POST',
      url: '/api/env/simulators',
      as: await admin(),
      payload: {
        name: 'acme-shop',
        simType: 'proxy',
        url: 'https://shop.example.test',
        config: {
          authentication: { user: 'demo', password: 'secret' },
          notes: 'Use the demo account',
          license: 'MIT',
        },
      },
    });
    expect(response.statusCode).toBe(201);
    const { simulator } = SimulatorResponse.parse(response.json());
    expect(simulator).toMatchObject({
      name: 'acme-shop',
      simType: 'proxy',
      internalAppPort: 3000,
      jobName: 'ACMESHOPJob',
      enabled: true,
      builtIn: false,
      test_count: 0,
      num_sessions_breakdown: {},
      versions: [],
    });
    expect(simulator.config).toEqual({
      status: 'not_started',
      authentication: { user: 'demo', password: 'secret' },
      notes: 'Use the demo account',
      license: 'MIT',
    });
  });

  it('should parse the port as an integer and keep authentication only when both user and password are given', async () => {
    const response = await proctor().request({
      method: 'POST',
      url: '/api/env/simulators',
      as: await admin(),
      payload: {
        name: 'half-auth',
        simType: 'docker_app',
        internalAppPort: '8080',
        config: { authentication: { user: 'demo', password: '' } },
      },
    });
    expect(response.statusCode).toBe(201);
    const { simulator } = SimulatorResponse.parse(response.json());
    expect(simulator.internalAppPort).toBe(8080);
    expect(simulator.config).not.toHaveProperty('authentication');

    const badPort = await proctor().request({
      method: 'POST',
      url: '/api/env/simulators',
      as: await admin(),
      payload: { name: 'bad-port', simType: 'proxy', internalAppPort: 'eighty' },
    });
    expect(badPort.statusCode).toBe(400);
    expect(badPort.json().detail).toContain('Port must be a whole number');
  });

  it('should require a name and a type, and refuse a taken name with 409', async () => {
    const as = await admin();
    const missing = await proctor().request({ method: 'POST', url: '/api/env/simulators', as, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toContain('Name is required');
    expect(missing.json().detail).toContain('Type is required');

    const badType = await proctor().request({
      method: 'POST',
      url: '/api/env/simulators',
      as,
      payload: { name: 'x', simType: 'vm' },
    });
    expect(badType.json().detail).toContain('Type must be proxy, docker_app or app');

    await make.simulator({ name: 'taken' });
    const taken = await proctor().request({
      method: 'POST',
      url: '/api/env/simulators',
      as,
      payload: { name: 'taken', simType: 'app' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: 'A simulator named "taken" already exists' });
  });

  it('should update fields partially and merge config key by key', async () => {
    const simulator = await make.simulator({
      description: 'Before',
      config: { status: 'not_started', notes: 'keep me', license: 'MIT' },
    });
    const as = await admin();
    const response = await proctor().request({
      method: 'PUT',
      url: `/api/env/simulators/${simulator.id}`,
      as,
      payload: {
        enabled: false,
        internalAppPort: '',
        config: { status: 'ready', assigned_user_id: as.user.id },
      },
    });
    expect(response.statusCode).toBe(200);
    const updated = SimulatorResponse.parse(response.json()).simulator;
    expect(updated).toMatchObject({ description: 'Before', enabled: false, internalAppPort: null });
    expect(updated.config).toEqual({
      status: 'ready',
      notes: 'keep me',
      license: 'MIT',
      assigned_user_id: as.user.id,
    });
  });

  it('should refuse an unknown status, an unknown assignee, a taken name and an unknown simulator', async () => {
    const as = await admin();
    const simulator = await make.simulator();
    const other = await make.simulator();
    const put = (id: number, payload: object) =>
      proctor().request({ method: 'PUT', url: `/api/env/simulators/${id}`, as, payload });

    const status = await put(simulator.id, { config: { status: 'almost_done' } });
    expect(status.statusCode).toBe(400);
    expect(status.json().detail).toMatch(/^config\.status: /);
    expect((await put(simulator.id, { config: { assigned_user_id: 999999 } })).json()).toEqual({
      detail: 'Assigned user not found',
    });
    expect((await put(simulator.id, { name: other.name })).statusCode).toBe(409);
    expect((await put(999999, { enabled: true })).statusCode).toBe(404);
    expect((await put(simulator.id, {})).json().detail).toContain('Nothing to update');
  });

  it('should answer 404 for a simulator id beyond any record and 400 for such an assignee, never 500', async () => {
    const as = await admin();
    const simulator = await make.simulator();
    const request = (method: 'GET' | 'PUT', ref: string | number, payload?: object) =>
      proctor().request({ method, url: `/api/env/simulators/${ref}`, as, payload });

    for (const id of [MAX_RECORD_ID + 1, 99999999999]) {
      const put = await request('PUT', id, { enabled: true });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual({ detail: 'Not found' });
      const get = await request('GET', id);
      expect(get.statusCode).toBe(404);
      expect(get.json()).toEqual({ detail: 'Simulator not found' });
    }
    // The largest id there can be is still looked up, and simply not found.
    expect((await request('PUT', MAX_RECORD_ID, { enabled: true })).json()).toEqual({
      detail: 'Simulator not found',
    });
    expect((await request('GET', MAX_RECORD_ID)).json()).toEqual({ detail: 'Simulator not found' });
    const malformed = await request('PUT', 'abc', { enabled: true });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toMatch(/^params\.id: /);

    const assignee = await request('PUT', simulator.id, { config: { assigned_user_id: 99999999999 } });
    expect(assignee.statusCode).toBe(400);
    expect(assignee.json().detail).toMatch(/^config\.assigned_user_id: Expected an id/);
  });

  it("should show non-admins only their plan's simulators, and answer 404 for the others by name or id", async () => {
    const allowed = await make.simulator({
      config: { status: 'ready', notes: 'internal', assigned_user_id: 1 },
    });
    const hidden = await make.simulator();
    const member = await proctor().actor();
    await make.allow(member.organization, allowed.id);

    const list = SimulatorsResponse.parse(
      (await proctor().request({ method: 'GET', url: '/api/env/simulators', as: member })).json(),
    );
    expect(list.simulators.map((s) => s.name)).toEqual([allowed.name]);
    // Notes and the assigned user are for platform admins only.
    expect(list.simulators[0]!.config).toEqual({ status: 'ready' });

    for (const ref of [allowed.name, String(allowed.id)]) {
      const one = await proctor().request({ method: 'GET', url: `/api/env/simulators/${ref}`, as: member });
      expect(one.statusCode).toBe(200);
      expect(SimulatorResponse.parse(one.json()).simulator.id).toBe(allowed.id);
    }
    for (const ref of [hidden.name, String(hidden.id), 'no-such-simulator']) {
      const one = await proctor().request({ method: 'GET', url: `/api/env/simulators/${ref}`, as: member });
      expect(one.statusCode).toBe(404);
      expect(one.json()).toEqual({ detail: 'Simulator not found' });
    }

    const key = { headers: { 'x-api-key': member.organization!.apiKey } };
    const viaKey = (await proctor().request({ method: 'GET', url: '/api/env/simulators', as: key })).json();
    expect(viaKey.simulators.map((s: { id: number }) => s.id)).toEqual([allowed.id]);

    const adminList = SimulatorsResponse.parse(
      (await proctor().request({ method: 'GET', url: '/api/env/simulators', as: await admin() })).json(),
    );
    const names = adminList.simulators.map((s) => s.name);
    expect(names).toContain(allowed.name);
    expect(names).toContain(hidden.name);
    expect(adminList.simulators.find((s) => s.id === allowed.id)!.config).toMatchObject({
      notes: 'internal',
    });
  });

  it('should count visible test cases, those with a scoring config, and tests per number of sessions', async () => {
    const simulator = await make.simulator();
    const member = await proctor().actor();
    const stranger = await proctor().actor();
    await make.allow(member.organization, simulator.id);
    const a = await make.testCase({
      simulatorId: simulator.id,
      defaultScoringConfig: { type: 'state_mutation_match' },
    });
    const b = await make.testCase({ simulatorId: simulator.id });
    await make.testCase({ simulatorId: simulator.id, organizationId: member.organization!.id });
    await make.testCase({ simulatorId: simulator.id, organizationId: stranger.organization!.id });
    await make.testCase({ simulatorId: simulator.id, archived: true });
    await make.session(a, { organizationId: member.organization!.id });
    await make.session(a, { organizationId: member.organization!.id });
    await make.session(b, { organizationId: member.organization!.id });
    // Another organization's private session is not counted for this member.
    await make.session(b, { organizationId: stranger.organization!.id });

    const { simulator: shown } = SimulatorResponse.parse(
      (
        await proctor().request({ method: 'GET', url: `/api/env/simulators/${simulator.id}`, as: member })
      ).json(),
    );
    expect(shown.test_count).toBe(3);
    expect(shown.test_count_with_scoring_configs).toBe(1);
    expect(shown.num_sessions_breakdown).toEqual({ '2': 1, '1': 1, '0': 1 });
  });

  it('should list versions latest first', async () => {
    const simulator = await make.simulator();
    await proctor()
      .ctx.db.insert(simulatorVersions)
      .values([
        {
          simulatorId: simulator.id,
          version: 'v1',
          tag: 'built-in',
          publishedAt: new Date('2026-01-01T00:00:00Z'),
        },
        {
          simulatorId: simulator.id,
          version: 'v2',
          description: 'More data',
          publishedAt: new Date('2026-02-01T00:00:00Z'),
        },
      ]);
    const { simulator: shown } = SimulatorResponse.parse(
      (
        await proctor().request({
          method: 'GET',
          url: `/api/env/simulators/${simulator.name}`,
          as: await admin(),
        })
      ).json(),
    );
    expect(shown.versions).toEqual([
      { version: 'v2', tag: null, description: 'More data', publishedDate: '2026-02-01T00:00:00.000Z' },
      { version: 'v1', tag: 'built-in', description: '', publishedDate: '2026-01-01T00:00:00.000Z' },
    ]);
  });
});
