import { type BuiltInSimulatorDefinition, endpoints } from '@proctor/contracts';
import { builtInCrossAppTestCases, builtInSimulators, prepareSimulator } from '@proctor/simulators';
import { expect, it } from 'vitest';
import {
  builtInCrossAppRegistrations,
  builtInCrossAppTestCase,
  builtInRegistrations,
  crossAppTestCaseKey,
} from '../src/kernel/builtIns';
import { describeEachDatabase } from './support/proctor';

const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#2563eb"/></svg>';

/** A small built-in definition in the shape the kit produces (its image as an SVG data URL). */
const lending: BuiltInSimulatorDefinition = {
  simulator: {
    name: 'lending',
    title: 'Lending Library',
    description: 'Borrow and return books.',
    imgUrl: `data:image/svg+xml;base64,${Buffer.from(ICON).toString('base64')}`,
    authentication: { user: 'reader@library.test', password: 'books4all' },
    notes: 'Sign in first.',
    license: 'MIT',
  },
  testCases: [
    {
      key: 'borrow-dune',
      name: 'Borrow Dune',
      prompt: 'Borrow the paperback of Dune.',
      startUrl: '/catalog',
      hint: null,
      scoringTypes: ['mutations'],
      metadata: {
        goal_type: 'transaction',
        reasoning_level: 'level_1',
        skills: ['navigation_and_input'],
        capabilities: ['forms_and_inputs'],
      },
      expectedMutations: [{ action: 'INSERT', table_name: 'loans', changes: { book_id: 7 } }],
    },
  ],
};

describeEachDatabase(
  'built-in simulators at start',
  (proctor) => {
    it('should register the simulator with its icon served by Proctor, not inlined in every payload', async () => {
      const admin = await proctor().actor({ permissions: { is_admin: true } });
      const response = await proctor().call(endpoints.simulator, {
        params: { nameOrId: 'lending' },
        as: admin,
      });
      expect(response.status).toBe(200);
      const { simulator } = response.body;
      expect(simulator).toMatchObject({
        name: 'lending',
        imgUrl: '/api/env/simulators/lending/icon',
        enabled: true,
      });
      expect(simulator.config).toMatchObject({
        status: 'ready',
        authentication: { user: 'reader@library.test' },
      });

      // The icon is an image, which no endpoint of the contract describes.
      const icon = await proctor().request({ method: 'GET', url: simulator.imgUrl! });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(icon.headers['content-security-policy']).toContain("default-src 'none'");
      expect(icon.body).toBe(ICON);
      expect(
        (await proctor().request({ method: 'GET', url: '/api/env/simulators/nope/icon' })).statusCode,
      ).toBe(404);
    });

    it('should let a new organization use the enabled built-in simulators and their public test cases', async () => {
      const founder = await proctor().actor({ organization: null });
      const created = await proctor().call(endpoints.createOrganization, {
        body: { name: 'Readers Co', purpose: 'Evaluate our library agent' },
        as: founder,
      });
      const me = created.body;
      const { simulators } = (await proctor().call(endpoints.simulators, { as: founder })).body;
      expect(simulators.map((s) => s.name)).toEqual(['lending']);
      expect(me.organization!.plan.allowed_simulators).toEqual([simulators[0]!.id]);
      const tests = await proctor().call(endpoints.testCases, { as: founder });
      expect(tests.body.testcases.map((t) => t.name)).toEqual(['Borrow Dune']);
    });
  },
  { builtInSimulators: [lending] },
);

it('should hand registration every simulator the kit ships, with their test cases', () => {
  const registrations = builtInRegistrations();
  expect(registrations.map((r) => r.simulator.name)).toEqual(builtInSimulators.map((s) => s.name));
  for (const [i, registration] of registrations.entries()) {
    expect(registration.testCases.map((t) => t.key)).toEqual(
      builtInSimulators[i]!.testCases.map((t) => t.key),
    );
    // The seed's fingerprint goes into the recorded version, so a changed seed is a new version.
    expect(registration.simulator.dataFingerprint).toBe(
      prepareSimulator(builtInSimulators[i]!).dataFingerprint,
    );
    expect(registration.simulator.dataFingerprint).toMatch(/^[0-9a-f]{64}$/);
  }
});

it('should hand registration every test case across apps, the primary app untagged, and find each by its stored key', () => {
  const registrations = builtInCrossAppRegistrations();
  expect(registrations.map((r) => [r.key, r.simulators])).toEqual(
    builtInCrossAppTestCases.map((t) => [t.key, [...t.simulators]]),
  );
  for (const registration of registrations) {
    const [primary] = registration.simulators;
    const tags = (registration.expectedMutations ?? []).map((expected) => expected.simulator);
    expect(tags).not.toContain(primary);
    for (const tag of tags) if (tag !== undefined) expect(registration.simulators).toContain(tag);
    expect(builtInCrossAppTestCase(crossAppTestCaseKey(registration.key))?.key).toBe(registration.key);
  }
  expect(builtInCrossAppTestCase(`mail/${registrations[0]!.key}`)).toBeUndefined();
});
