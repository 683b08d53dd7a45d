import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import {
  type BuiltInCrossAppTestCaseDefinition,
  type BuiltInSimulatorDefinition,
  noPermissions,
  type Permissions,
} from '@proctor/contracts';
import { newPublicId, newSecret, organizations, users } from '@proctor/db';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { createProctor, type Proctor } from '../../src/app/server';
import { API_KEY_PREFIX } from '../../src/auth/authenticate';
import type { OrganizationRow, UserRow } from '../../src/kernel/access/principal';
import { loadConfig } from '../../src/kernel/config';
import type { Resolver } from '../../src/kernel/outbound/outboundGuard';
import { type Call, callEndpoint } from './call';
import { type TestDatabase, testDatabases } from './databases';

/** Someone calling the API in a test: a user with a token, or an organization's API key. */
export interface Actor {
  user: UserRow;
  organization: OrganizationRow | null;
  token: string;
  headers: Record<string, string>;
}

export interface ActorOptions {
  name?: string;
  email?: string;
  permissions?: Partial<Permissions>;
  /** 'new' makes an organization for this user; null leaves them without one. Default 'new'. */
  organization?: OrganizationRow | 'new' | null;
  annotator?: boolean;
  /** The plan of the organization made for this user ('new'); none allowed unless given. */
  plan?: { allowed_simulators: number[] };
}

export interface TestProctor extends Proctor {
  database: TestDatabase['name'];
  request(
    options: InjectOptions & { as?: Actor | { headers: Record<string, string> } },
  ): Promise<LightMyRequestResponse>;
  /** Calls an endpoint of the contract: the path built from it, the answer parsed with its schema. */
  call: Call;
  actor(options?: ActorOptions): Promise<Actor>;
  organization(options?: {
    name?: string;
    annotator?: boolean;
    plan?: { allowed_simulators: number[] };
  }): Promise<OrganizationRow>;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface StartOptions {
  env?: Record<string, string>;
  /** Simulators registered at start; none unless a test asks, so that tests own their catalogue. */
  builtInSimulators?: readonly BuiltInSimulatorDefinition[];
  /** Test cases across apps registered after them (their simulators among them); none unless a test asks. */
  builtInCrossAppTestCases?: readonly BuiltInCrossAppTestCaseDefinition[];
  /** Where the server's log lines go (level info), for tests that read them. Silent otherwise. */
  logStream?: Writable;
  /** How browser sessions' open web resolves names: a test maps names to a local stand-in (the machine has no DNS). */
  openWebResolve?: Resolver;
}

export async function startTestProctor(
  database: TestDatabase,
  options: StartOptions = {},
): Promise<TestProctor> {
  const created = await database.create();
  // Each server keeps its files (recordings' screenshots) in a folder of its own, removed at close.
  const dataDir = await mkdtemp(join(tmpdir(), 'proctor-test-data-'));
  // No warm browsers unless a test asks: most tests never start an environment.
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    REDIS_URL: '',
    BROWSER_POOL_SIZE: '0',
    ...options.env,
  });
  const proctor = await createProctor(config, {
    database: created.config,
    builtInSimulators: options.builtInSimulators ?? [],
    builtInCrossAppTestCases: options.builtInCrossAppTestCases,
    ...(options.openWebResolve ? { openWebResolve: options.openWebResolve } : {}),
    ...(options.logStream ? { fastify: { logger: { level: 'info', stream: options.logStream } } } : {}),
  });
  const { db } = proctor.ctx;

  const organization: TestProctor['organization'] = async (options = {}) => {
    const [row] = await db
      .insert(organizations)
      .values({
        publicId: newPublicId(),
        name: options.name ?? `Org ${unique()}`,
        purpose: 'testing',
        isAnnotator: options.annotator ?? false,
        apiKey: newSecret(API_KEY_PREFIX),
        ...(options.plan ? { plan: options.plan } : {}),
      })
      .returning();
    return row!;
  };

  const actor: TestProctor['actor'] = async (options = {}) => {
    const org =
      options.organization === undefined || options.organization === 'new'
        ? await organization({ annotator: options.annotator, plan: options.plan })
        : options.organization;
    const id = unique();
    const [user] = await db
      .insert(users)
      .values({
        publicId: newPublicId(),
        email: options.email ?? `user-${id}@example.test`,
        name: options.name ?? `User ${id}`,
        organizationId: org?.id ?? null,
        permissions: { ...noPermissions(), ...options.permissions },
      })
      .returning();
    const tokens = await proctor.ctx.tokens.issue(user!.id);
    return {
      user: user!,
      organization: org,
      token: tokens.access_token,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    };
  };

  const request: TestProctor['request'] = ({ as, ...options }) =>
    proctor.app.inject({ ...options, headers: { ...options.headers, ...as?.headers } });
  return {
    ...proctor,
    database: database.name,
    request,
    call: ((endpoint, options) => callEndpoint({ request }, endpoint, options as never)) as Call,
    actor,
    organization,
    close: async () => {
      await proctor.close();
      await created.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the same suite once per test database: PGlite always, PostgreSQL when DATABASE_URL is set. */
export function describeEachDatabase(
  title: string,
  body: (proctor: () => TestProctor) => void,
  options?: StartOptions,
) {
  for (const database of testDatabases()) {
    describe(`${title} [${database.name}]`, () => {
      let proctor: TestProctor | undefined;
      beforeAll(async () => {
        proctor = await startTestProctor(database, options);
      });
      afterAll(async () => {
        await proctor?.close();
      });
      body(() => {
        if (!proctor) throw new Error('Proctor did not start');
        return proctor;
      });
    });
  }
}
