import { createServer } from 'node:net';

/**
 * A port nobody listens on right now: a server whose PUBLIC_URL must name its real address (CDP and live-view
 * links are built on it) picks its port before it listens.
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
