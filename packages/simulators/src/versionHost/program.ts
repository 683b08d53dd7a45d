import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { OutputArchiveReader } from '../build/archive';
import { importSimulatorBundle } from '../build/load';
import { SimulatorInstance } from '../runtime/instance';
import { prepareSimulator } from '../runtime/prepare';
import type { SimulatorRequest } from '../web/pipeline';
import type { FromVersionHost, ToVersionHost } from './protocol';

/**
 * A version host (`node --import tsx program.ts --folder DIR`, run by the server in its sandbox): reads a hub-built
 * version's output (build/archive.ts) on standard input into DIR, loads and seeds it, and then runs that version's
 * instances as the server asks over the IPC channel (protocol.ts): one process per version, every environment of
 * the version an instance in it. It has no network; everything a browser asks reaches it through the server.
 */

/** The most a version's output may hold, as the build keeps it. */
const MAX_OUTPUT_BYTES = 256 * 1024 ** 2;

const send = (message: FromVersionHost) =>
  new Promise<void>((resolve) => process.send!(message, undefined, {}, () => resolve()));

// A simulator's own printing goes to standard error, which the server reads as the host's log.
for (const method of ['log', 'info', 'debug'] as const) console[method] = console.error;

interface Hosted {
  instance: SimulatorInstance;
  /** Mutations already sent for the current epoch. */
  sent: number;
  epoch: number;
}

async function load(folder: string) {
  await mkdir(folder, { recursive: true });
  const reader = new OutputArchiveReader(folder, MAX_OUTPUT_BYTES);
  for await (const chunk of process.stdin) reader.push(chunk as Buffer);
  await reader.finish();
  const definition = await importSimulatorBundle(folder);
  return prepareSimulator(definition);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { folder: { type: 'string' } } });
  if (!values.folder || !process.send)
    throw new Error('run by the server: --folder DIR, with an IPC channel');
  const prepared = await load(values.folder);
  const hosted = new Map<string, Hosted>();

  const answer = async (seq: number, id: string, request: SimulatorRequest) => {
    const entry = hosted.get(id);
    if (!entry) return;
    const { instance } = entry;
    // Bytes arrive as a Uint8Array (structured clone): the kit reads a Buffer.
    const { body } = request;
    const response = await instance.dispatch({
      ...request,
      body: body && Buffer.from(body.buffer, body.byteOffset, body.byteLength),
    });
    const count = instance.destroyed ? entry.sent : instance.mutationCount();
    const mutations = count > entry.sent ? instance.mutations(entry.sent) : [];
    entry.sent = count;
    await send({
      type: 'response',
      seq,
      response,
      mutations,
      epoch: entry.epoch,
      clock: instance.clock.iso(),
    });
  };

  process.on('message', (message: ToVersionHost) => {
    switch (message.type) {
      case 'create':
        hosted.set(message.id, {
          instance: new SimulatorInstance(prepared, { id: message.id, origin: message.origin }),
          sent: 0,
          epoch: 0,
        });
        return;
      case 'request':
        void answer(message.seq, message.id, message.request).catch((error: unknown) =>
          send({
            type: 'response',
            seq: message.seq,
            response: {
              status: 500,
              headers: { 'content-type': 'text/plain; charset=utf-8' },
              body: 'Internal error',
            },
            mutations: [],
            epoch: hosted.get(message.id)?.epoch ?? 0,
            clock: new Date().toISOString(),
          }).then(() => console.error('[version host] request failed:', error)),
        );
        return;
      case 'reset': {
        const entry = hosted.get(message.id);
        if (!entry) return;
        // After the requests before it: the instance's own queue orders them.
        void entry.instance.exclusive(() => {
          entry.instance.reset();
          entry.sent = 0;
          entry.epoch += 1;
        });
        return;
      }
      case 'backup': {
        const entry = hosted.get(message.id);
        void entry?.instance.exclusive(() => entry.instance.backup());
        return;
      }
      case 'destroy': {
        const entry = hosted.get(message.id);
        hosted.delete(message.id);
        void entry?.instance.exclusive(() => entry.instance.destroy());
        return;
      }
    }
  });
  // The server's end of the channel closing is the end of this host.
  process.on('disconnect', () => process.exit(0));
  await send({
    type: 'ready',
    simulator: prepared.definition.name,
    dataset: createHash('sha256').update(prepared.snapshot).digest('hex').slice(0, 16),
    config: prepared.definition.config,
  });
}

main().catch(async (error: unknown) => {
  const reason = error instanceof Error ? error.message : String(error);
  if (process.send) await send({ type: 'failed', reason });
  console.error('[version host] could not start:', error);
  process.exit(1);
});
