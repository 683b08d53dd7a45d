/**
 * A Proctor of its own for one replay figure (support/replayStream.ts): on a PostgreSQL database, or on a copy
 * of a PGlite database (a dump's file). Prints its port once listening, after a full collection, and closes when
 * its stdin ends. Run with --expose-gc.
 */
import { readFileSync } from 'node:fs';
import type { DatabaseConfig } from '@proctor/db';
import { createProctor, loadConfig } from '../../apps/server/src/index';
import { freePort } from '../../apps/server/test/support/network';

const spec = JSON.parse(process.argv[2] ?? '{}') as {
  postgresUrl?: string;
  pgliteDump?: string;
  dataDir: string;
};
const database: DatabaseConfig = spec.postgresUrl
  ? { kind: 'postgres', url: spec.postgresUrl }
  : { kind: 'pglite', loadDataDir: new Blob([readFileSync(spec.pgliteDump!)]) };
const port = await freePort();
const environment = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith('BLOB_STORE_')),
);
const proctor = await createProctor(
  loadConfig({
    ...environment,
    DATABASE_URL: '',
    REDIS_URL: '',
    DATA_DIR: spec.dataDir,
    LOG_LEVEL: 'error',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    BROWSER_POOL_SIZE: '0',
  }),
  { database, builtInSimulators: [] },
);
await proctor.app.listen({ port, host: '127.0.0.1' });
(globalThis as { gc?: () => void }).gc?.();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void proctor.close().finally(() => process.exit(0));
});
