import { hostname } from 'node:os';
import { openDatabase } from '@proctor/db';
import Fastify from 'fastify';
import { databaseConfigFor, environmentManagerFor, jobSettingsFor, openBlobStore } from './app/server';
import { openWorkerDoor } from './app/workerDoor';
import { jobHandlers } from './jobs/handlers';
import { loadConfig } from './kernel/config';
import { loggerOptions } from './kernel/http/logging';
import { RedisQueue } from './kernel/queue/redisQueue';
import { scoringServices } from './scoring/services';

/**
 * `proctor worker` (npm run worker): runs Proctor's jobs on this machine for the servers that share its
 * database and Redis; the README's "Runs and benchmarks" says how to run one and what stopping it does.
 */
const config = loadConfig({ WORKER_ID: `${hostname()}/worker`, ...process.env });
// The server's logger (pino, as Fastify makes it), without a server.
const log = Fastify({ logger: loggerOptions(config.logLevel) }).log.child({ worker: config.jobs.workerId });
if (!config.jobs.redisUrl) {
  log.fatal('proctor worker needs REDIS_URL: without Redis the server runs its jobs itself');
  process.exit(1);
}
if (!config.databaseUrl) {
  log.fatal("proctor worker needs DATABASE_URL: the servers' PostgreSQL, where runs are read and recorded");
  process.exit(1);
}

const database = await openDatabase(databaseConfigFor(config));
const blobs = await openBlobStore(config);
const queue = new RedisQueue({
  url: config.jobs.redisUrl,
  prefix: config.jobs.redisPrefix,
  stallMs: config.jobs.stallMs,
});
const scoring = scoringServices(config.scoring);
// Workers share the servers' JWT_SECRET (scaled out it is configured): proxy simulators replay here as there.
const environments = environmentManagerFor(
  config,
  database.db,
  blobs,
  scoring,
  queue,
  true,
  config.jwtSecret,
);
await environments.start(log);
const door = config.jobs.workerUrl
  ? await openWorkerDoor({
      db: database.db,
      environments,
      jwtSecret: config.jwtSecret,
      host: config.host,
      port: config.jobs.workerPort ?? Number(new URL(config.jobs.workerUrl).port || 80),
    })
  : undefined;
queue.work(jobHandlers(database.db, environments, jobSettingsFor(config, scoring, blobs)), {
  runSession: config.environments.maxEnvironments,
});
log.info(
  {
    environments: config.environments.maxEnvironments,
    blobStore: blobs.location,
    door: config.jobs.workerUrl ?? null,
  },
  'Proctor worker is running',
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'worker shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await door?.close();
  await queue.close();
  await environments.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
