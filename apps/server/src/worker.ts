import { hostname } from 'node:os';
import Fastify from 'fastify';
import { startWorker } from './app/worker';
import { loadConfig } from './kernel/config';
import { loggerOptions } from './kernel/http/logging';

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

const worker = await startWorker(config, log);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'worker shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await worker.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
