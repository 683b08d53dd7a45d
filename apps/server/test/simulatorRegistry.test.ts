import { endpoints, TAG_NAME_REQUIRED } from '@proctor/contracts';
import { simulatorVersions } from '@proctor/db';
import { expect, it } from 'vitest';
import { catalog } from './support/catalog';
import { describeEachDatabase } from './support/proctor';

describeEachDatabase('the simulator version registry', (proctor) => {
  const make = catalog(proctor);

  /** A simulator with versions recorded a minute apart, the last one newest. */
  const simulatorWithVersions = async (...hashes: string[]) => {
    const simulator = await make.simulator({ builtIn: true });
    const start = Date.now() - hashes.length * 60_000;
    await proctor()
      .ctx.db.insert(simulatorVersions)
      .values(
        hashes.map((version, index) => ({
          simulatorId: simulator.id,
          version,
          details: index === 0 ? {} : { data_fingerprint: `fp${version}` },
          publishedAt: new Date(start + index * 60_000),
        })),
      );
    return simulator;
  };

  it('should list versions newest first, and only the current one as runnable and built', async () => {
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const simulator = await simulatorWithVersions('aaaa1111aaaa', 'bbbb2222bbbb');

    const listed = await proctor().call(endpoints.registrySimulators, { as: admin });
    expect(listed.body.simulators).toContainEqual({
      id: simulator.id,
      name: simulator.name,
      img_url: null,
      sim_type: 'app',
      enabled: true,
      description: '',
      has_repo: false,
    });
    const response = await proctor().call(endpoints.unifiedSimulatorVersions, {
      as: admin,
      params: { name: simulator.name },
    });
    expect(response.status).toBe(200);
    expect(response.body.versions.map((version) => version.version)).toEqual([
      'bbbb2222bbbb',
      'aaaa1111aaaa',
    ]);
    const [current, older] = response.body.versions;
    expect(current).toMatchObject({
      has_docker_image: true,
      has_firecracker_snapshot: true,
      has_ecs_task_definition: true,
      has_dynamodb_entry: false,
      dynamodb_tags: [],
    });
    expect(older).toMatchObject({
      has_docker_image: false,
      has_firecracker_snapshot: false,
      has_ecs_task_definition: false,
    });
  });

  it('should move prod-latest to the version tagged second and sort it first', async () => {
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const simulator = await simulatorWithVersions('c0ffee01', 'c0ffee02', 'c0ffee03');
    const register = (git_hash: string, tag: string) =>
      proctor().call(endpoints.registerSimulatorVersion, {
        as: admin,
        params: { name: simulator.name },
        body: { git_hash, tags: [tag] },
      });

    expect((await register('c0ffee02', 'prod-latest')).status).toBe(200);
    expect((await register('c0ffee03', '  staging-latest ')).status).toBe(200);
    const moved = await register('c0ffee01', 'prod-latest');
    expect(moved.status).toBe(200);
    expect(moved.body.versions.map((version) => [version.version, version.dynamodb_tags])).toEqual([
      ['c0ffee01', ['prod-latest']],
      ['c0ffee03', ['staging-latest']],
      ['c0ffee02', []],
    ]);
    // The version that lost its tag keeps its registry entry.
    expect(moved.body.versions.every((version) => version.has_dynamodb_entry)).toBe(true);

    const info = await proctor().call(endpoints.simulatorInfo, {
      as: admin,
      params: { name: simulator.name },
    });
    expect(info.body.tags).toEqual({ 'prod-latest': 'c0ffee01', 'staging-latest': 'c0ffee03' });
    expect(info.body.currentVersion?.version).toBe('c0ffee03');
  });

  it('should list only registered versions under /versions', async () => {
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const simulator = await simulatorWithVersions('d00d0001', 'd00d0002');
    await proctor().call(endpoints.registerSimulatorVersion, {
      as: admin,
      params: { name: simulator.name },
      body: { git_hash: 'd00d0001', tags: ['v1'] },
    });
    const registered = await proctor().call(endpoints.registeredSimulatorVersions, {
      as: admin,
      params: { name: simulator.name },
    });
    expect(registered.body.versions.map((version) => version.version)).toEqual(['d00d0001']);
  });

  it('should answer 404 for an unknown hash or simulator and 400 for a blank tag', async () => {
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const simulator = await simulatorWithVersions('e0e0e0e0');
    const register = (name: string, git_hash: string, tag: string) =>
      proctor().request({
        method: 'POST',
        url: `/api/simulator/${encodeURIComponent(name)}/register`,
        payload: { git_hash, tags: [tag] },
        as: admin,
      });

    const unknownHash = await register(simulator.name, 'not-a-version', 'prod-latest');
    expect(unknownHash.statusCode).toBe(404);
    expect(unknownHash.json()).toEqual({ detail: 'Version not found' });
    expect((await register('no-such-simulator', 'e0e0e0e0', 'prod-latest')).statusCode).toBe(404);
    const blank = await register(simulator.name, 'e0e0e0e0', '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ detail: TAG_NAME_REQUIRED });

    const after = await proctor().call(endpoints.unifiedSimulatorVersions, {
      as: admin,
      params: { name: simulator.name },
    });
    expect(after.body.versions[0]).toMatchObject({ has_dynamodb_entry: false, dynamodb_tags: [] });
  });

  it('should list from the registry the built code, runnable versions and seed snapshots of every simulator', async () => {
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    // Built in, two versions (the older without a seed snapshot); added by hand; built in but disabled.
    const builtIn = await simulatorWithVersions('f1f1f1f1', 'f2f2f2f2');
    const byHand = await make.simulator({ builtIn: false });
    const disabled = await make.simulator({ builtIn: true, enabled: false });
    await proctor()
      .ctx.db.insert(simulatorVersions)
      .values([
        { simulatorId: byHand.id, version: 'a1a1a1a1', details: { data_fingerprint: 'fpa1' } },
        { simulatorId: disabled.id, version: 'b1b1b1b1', details: {} },
      ]);
    await proctor().call(endpoints.registerSimulatorVersion, {
      as: admin,
      params: { name: builtIn.name },
      body: { git_hash: 'f2f2f2f2', tags: ['prod-latest'] },
    });
    const ours = new Set([builtIn.name, byHand.name, disabled.name]);
    const listed = (entries: { simulator: string; version: string }[]) =>
      entries
        .filter((entry) => ours.has(entry.simulator))
        .map((entry) => `${entry.simulator}@${entry.version}`)
        .sort();

    const images = await proctor().call(endpoints.simulatorDockerImages, { as: admin });
    expect(images.status).toBe(200);
    expect(listed(images.body.images)).toEqual(
      [`${builtIn.name}@f2f2f2f2`, `${disabled.name}@b1b1b1b1`].sort(),
    );
    const tasks = await proctor().call(endpoints.simulatorTaskDefinitions, { as: admin });
    expect(listed(tasks.body.task_definitions)).toEqual(
      [`${builtIn.name}@f2f2f2f2`, `${byHand.name}@a1a1a1a1`].sort(),
    );
    const snapshots = await proctor().call(endpoints.simulatorFirecrackerSnapshots, { as: admin });
    expect(listed(snapshots.body.snapshots)).toEqual(
      [`${builtIn.name}@f2f2f2f2`, `${byHand.name}@a1a1a1a1`].sort(),
    );
    // What has no counterpart here answers null.
    const entry = images.body.images.find((image) => image.simulator === builtIn.name);
    expect(entry).toMatchObject({
      docker_image_url: null,
      firecracker_snapshot_url: null,
      task_definition_arn: null,
      task_definition_family: null,
      dynamodb_tags: ['prod-latest'],
      has_dynamodb_entry: true,
    });

    const info = await proctor().call(endpoints.simulatorsInfo, { as: admin });
    expect(info.status).toBe(200);
    const byName = new Map(info.body.simulators.map((one) => [one.simulator.name, one]));
    expect(byName.get(builtIn.name)).toMatchObject({
      currentVersion: { version: 'f2f2f2f2' },
      tags: { 'prod-latest': 'f2f2f2f2' },
    });
    expect(byName.get(byHand.name)).toMatchObject({
      simulator: { has_repo: false },
      currentVersion: { version: 'a1a1a1a1', has_docker_image: false },
      tags: {},
    });
    expect(byName.get(disabled.name)?.currentVersion).toMatchObject({ has_ecs_task_definition: false });
    // A simulator without recorded versions is listed with none.
    const bare = await make.simulator();
    const again = await proctor().call(endpoints.simulatorsInfo, { as: admin });
    expect(again.body.simulators.find((one) => one.simulator.name === bare.name)).toMatchObject({
      currentVersion: null,
      tags: {},
    });
  });
});
