import { type EndpointBody, endpoints, MAX_RECORD_ID } from '@proctor/contracts';
import { simulatorVersions } from '@proctor/db';
import { expect, it } from 'vitest';
import { catalog } from './support/catalog';
import { type Actor, describeEachDatabase } from './support/proctor';

describeEachDatabase('simulators', (proctor) => {
  const make = catalog(proctor);
  const admin = () => proctor().actor({ permissions: { is_admin: true } });
  const create = async (body: EndpointBody<typeof endpoints.createSimulator>, as?: Actor) =>
    proctor().call(endpoints.createSimulator, { body, as: as ?? (await admin()) });
  const update = (id: number | string, body: EndpointBody<typeof endpoints.updateSimulator>, as: Actor) =>
    proctor().call(endpoints.updateSimulator, { params: { id }, body, as });
  const show = (nameOrId: string | number, as: Actor | { headers: Record<string, string> }) =>
    proctor().call(endpoints.simulator, { params: { nameOrId: String(nameOrId) }, as });
  const list = (as: Actor | { headers: Record<string, string> }) =>
    proctor().call(endpoints.simulators, { as });

  it('should create a proxy simulator with the dialog defaults: status not_started, port 3000, a job name', async () => {
    const response = await create({
      name: 'acme-shop',
      simType: 'proxy',
      url: 'https://shop.example.test',
      config: {
        authentication: { user: 'demo', password: 'secret' },
        notes: 'Use the demo account',
        license: 'MIT',
      },
    });
    expect(response.status).toBe(201);
    const { simulator } = response.body;
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
    const response = await create({
      name: 'half-auth',
      simType: 'docker_app',
      internalAppPort: '8080',
      config: { authentication: { user: 'demo', password: '' } },
    });
    expect(response.status).toBe(201);
    const { simulator } = response.body;
    expect(simulator.internalAppPort).toBe(8080);
    expect(simulator.config).not.toHaveProperty('authentication');

    const badPort = await create({ name: 'bad-port', simType: 'proxy', internalAppPort: 'eighty' });
    expect(badPort.status).toBe(400);
    expect(badPort.body.detail).toContain('Port must be a whole number');
  });

  it('should require a name and a type, and refuse a taken name with 409', async () => {
    const as = await admin();
    // Bodies the contract's type would not let through: no name and no type, then an unknown type.
    const missing = await create({} as never, as);
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toContain('Name is required');
    expect(missing.body.detail).toContain('Type is required');

    const badType = await create({ name: 'x', simType: 'vm' } as never, as);
    expect(badType.body.detail).toContain('Type must be proxy, docker_app or app');

    await make.simulator({ name: 'taken' });
    const taken = await create({ name: 'taken', simType: 'app' }, as);
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ detail: 'A simulator named "taken" already exists' });
  });

  it('should let a member holding create_simulator add a simulator to their plan, but not edit it', async () => {
    const creator = await proctor().actor({ permissions: { create_simulator: true } });
    const created = await create({ name: 'members-own-sim', simType: 'app' }, creator);
    expect(created.status).toBe(201);
    const listed = (await list(creator)).body.simulators.map((s) => s.name);
    expect(listed).toContain('members-own-sim');
    expect((await update(created.body.simulator.id, { enabled: false }, creator)).status).toBe(403);

    const plain = await proctor().actor();
    const refused = await create({ name: 'not-allowed-sim', simType: 'app' }, plain);
    expect(refused.status).toBe(403);
    expect((await list(plain)).body.simulators.map((s) => s.name)).not.toContain('members-own-sim');
  });

  it('should update fields partially and merge config key by key', async () => {
    const simulator = await make.simulator({
      description: 'Before',
      config: { status: 'not_started', notes: 'keep me', license: 'MIT' },
    });
    const as = await admin();
    const response = await update(
      simulator.id,
      { enabled: false, internalAppPort: '', config: { status: 'ready', assigned_user_id: as.user.id } },
      as,
    );
    expect(response.status).toBe(200);
    const updated = response.body.simulator;
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
    const put = (id: number, body: EndpointBody<typeof endpoints.updateSimulator>) => update(id, body, as);

    const status = await put(simulator.id, { config: { status: 'almost_done' } });
    expect(status.status).toBe(400);
    expect(status.body.detail).toMatch(/^config\.status: /);
    expect((await put(simulator.id, { config: { assigned_user_id: 999999 } })).body).toEqual({
      detail: 'Assigned user not found',
    });
    expect((await put(simulator.id, { name: other.name })).status).toBe(409);
    expect((await put(999999, { enabled: true })).status).toBe(404);
    expect((await put(simulator.id, {})).body.detail).toContain('Nothing to update');
  });

  it('should answer 404 for a simulator id beyond any record and 400 for such an assignee, never 500', async () => {
    const as = await admin();
    const simulator = await make.simulator();
    for (const id of [MAX_RECORD_ID + 1, 99999999999]) {
      const put = await update(id, { enabled: true }, as);
      expect(put.status).toBe(404);
      expect(put.body).toEqual({ detail: 'Not found' });
      const get = await show(id, as);
      expect(get.status).toBe(404);
      expect(get.body).toEqual({ detail: 'Simulator not found' });
    }
    // The largest id there can be is still looked up, and simply not found.
    expect((await update(MAX_RECORD_ID, { enabled: true }, as)).body).toEqual({
      detail: 'Simulator not found',
    });
    expect((await show(MAX_RECORD_ID, as)).body).toEqual({ detail: 'Simulator not found' });
    const malformed = await update('abc', { enabled: true }, as);
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/^params\.id: /);

    const assignee = await update(simulator.id, { config: { assigned_user_id: 99999999999 } }, as);
    expect(assignee.status).toBe(400);
    expect(assignee.body.detail).toMatch(/^config\.assigned_user_id: Expected an id/);
  });

  it("should show non-admins only their plan's simulators, and answer 404 for the others by name or id", async () => {
    const allowed = await make.simulator({
      config: { status: 'ready', notes: 'internal', assigned_user_id: 1 },
    });
    const hidden = await make.simulator();
    const member = await proctor().actor();
    await make.allow(member.organization, allowed.id);

    const listed = (await list(member)).body;
    expect(listed.simulators.map((s) => s.name)).toEqual([allowed.name]);
    // Notes and the assigned user are for platform admins only (the config schema keeps any key given).
    expect(listed.simulators[0]!.config).toEqual({ status: 'ready' });

    for (const ref of [allowed.name, String(allowed.id)]) {
      const one = await show(ref, member);
      expect(one.status).toBe(200);
      expect(one.body.simulator.id).toBe(allowed.id);
    }
    for (const ref of [hidden.name, String(hidden.id), 'no-such-simulator']) {
      const one = await show(ref, member);
      expect(one.status).toBe(404);
      expect(one.body).toEqual({ detail: 'Simulator not found' });
    }

    const key = { headers: { 'x-api-key': member.organization!.apiKey } };
    const viaKey = (await list(key)).body;
    expect(viaKey.simulators.map((s) => s.id)).toEqual([allowed.id]);

    const adminList = (await list(await admin())).body;
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

    const { simulator: shown } = (await show(simulator.id, member)).body;
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
    const { simulator: shown } = (await show(simulator.name, await admin())).body;
    expect(shown.versions).toEqual([
      { version: 'v2', tag: null, description: 'More data', publishedDate: '2026-02-01T00:00:00.000Z' },
      { version: 'v1', tag: 'built-in', description: '', publishedDate: '2026-01-01T00:00:00.000Z' },
    ]);
  });
});
