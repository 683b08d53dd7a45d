import { createProctor } from './app/server';
import { loadConfig } from './kernel/config';

const config = loadConfig();
const proctor = await createProctor(config);
const { app } = proctor;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await proctor.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { database: proctor.ctx.databaseKind, url: config.publicUrl, docs: `${config.publicUrl}/docs` },
  'Proctor is running',
);
