import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { DatabaseConfig } from '@proctor/db';
import pg from 'pg';
import { inject } from 'vitest';
import { databaseUrl } from '../globalSetup';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated, empty database for one test file; `drop` removes it. */
  create(): Promise<{ config: DatabaseConfig; drop(): Promise<void> }>;
}

/** PGlite always; PostgreSQL too when DATABASE_URL is set (as on the development and CI machines). */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    {
      name: 'pglite',
      async create() {
        const dump = new Blob([readFileSync(inject('pgliteDumpPath'))]);
        return { config: { kind: 'pglite', loadDataDir: dump }, drop: async () => {} };
      },
    },
  ];
  const postgres = inject('postgresTemplate');
  if (postgres) {
    list.push({
      name: 'postgres',
      async create() {
        const name = `${postgres.prefix}_${randomBytes(4).toString('hex')}`;
        const admin = new pg.Client({ connectionString: postgres.adminUrl });
        await admin.connect();
        try {
          await admin.query(`create database "${name}" template "${postgres.template}"`);
        } finally {
          await admin.end();
        }
        return {
          config: { kind: 'postgres', url: databaseUrl(postgres.adminUrl, name), poolSize: 4 },
          drop: async () => {
            const client = new pg.Client({ connectionString: postgres.adminUrl });
            await client.connect();
            await client.query(`drop database if exists "${name}" with (force)`);
            await client.end();
          },
        };
      },
    });
  }
  return list;
}
