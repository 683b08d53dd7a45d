import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dumpMigratedPglite, openDatabase } from '@proctor/db';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { builtInCrossAppRegistrations, builtInRegistrations } from '../src/kernel/builtIns';
import { registerBuiltInSimulators } from '../src/services/registration';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    /** Set when DATABASE_URL is: a migrated template database that each test file clones. */
    postgresTemplate: { adminUrl: string; template: string; prefix: string } | null;
  }
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Migrates once per run: a PGlite dump, and a PostgreSQL template database when DATABASE_URL is set. The
 * end-to-end files use the dump alone (their Proctor runs on PGlite): a fresh PGlite's initdb and migrations
 * cost each of them about 5 core-seconds, against under one to load the dump.
 *
 * The end-to-end files' dump also has the shipped simulators registered, as every one of their Proctors
 * registers them: registering them into an empty database took 1.2 s on a quiet machine, and checking them
 * again at start 0.2 s (the path every restart of a real install takes). The API files choose their own
 * simulators, so theirs is empty.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'proctor-api-'));
  const dumpPath = join(dir, 'pglite.tar');
  const dump = await dumpMigratedPglite(
    project.name === 'e2e'
      ? async (db) => {
          await registerBuiltInSimulators(db, builtInRegistrations(), builtInCrossAppRegistrations());
        }
      : undefined,
  );
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDumpPath', dumpPath);

  const adminUrl = project.name === 'e2e' ? undefined : process.env.DATABASE_URL;
  let cleanup = async () => {};
  if (adminUrl) {
    const prefix = `proctor_test_${randomBytes(4).toString('hex')}`;
    const template = `${prefix}_template`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${template}"`);
    const migrated = await openDatabase({
      kind: 'postgres',
      url: databaseUrl(adminUrl, template),
      poolSize: 1,
    });
    await migrated.close();
    project.provide('postgresTemplate', { adminUrl, template, prefix });
    cleanup = async () => {
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${prefix}%`],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
      await admin.end();
    };
  } else {
    project.provide('postgresTemplate', null);
  }

  return async () => {
    await cleanup();
    rmSync(dir, { recursive: true, force: true });
  };
}

export { databaseUrl };
