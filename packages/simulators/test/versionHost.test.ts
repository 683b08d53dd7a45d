import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleSimulator, PROCTOR_ROOT, writeOutputArchive } from '../src/build/index';
import { SimulatorHost } from '../src/kit';
import { VERSION_HOST_PROGRAM, VersionHost } from '../src/versionHost/index';
import { writeKitProject } from './support/kitProject';

/**
 * A version host run directly (the server runs it in its sandbox: apps/server's hub version tests): the notes
 * project bundled, its output sent on standard input, and instances served through a SimulatorHost as if in
 * this process.
 */

const folders: string[] = [];
const host = new SimulatorHost();
let versionHost: VersionHost;

async function startVersionHost(out: string): Promise<VersionHost> {
  const folder = await mkdtemp(join(tmpdir(), 'proctor-version-host-'));
  folders.push(folder);
  const child = spawn(process.execPath, ['--import', 'tsx', VERSION_HOST_PROGRAM, '--folder', folder], {
    cwd: PROCTOR_ROOT,
    stdio: ['pipe', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  const started = new VersionHost(child);
  await writeOutputArchive(out, child.stdin!);
  return started;
}

beforeAll(async () => {
  const checkout = await writeKitProject();
  const out = await mkdtemp(join(tmpdir(), 'proctor-version-out-'));
  folders.push(checkout, out);
  await bundleSimulator(checkout, out);
  versionHost = await startVersionHost(out);
  await host.listen();
}, 60_000);

afterAll(async () => {
  versionHost?.stop();
  await host.close();
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A request over the host's socket to an instance's origin (Node resolves no *.localhost name itself). */
function call(url: string, body?: string): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port,
        path: target.pathname,
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          host: target.host,
          ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
const get = (url: string) => call(url);
const addNote = (origin: string, text: string) => call(new URL('/notes', origin).href, `text=${text}`);

describe('a version host', () => {
  it('says which simulator it runs and its seed', async () => {
    const ready = await versionHost.ready;
    expect(ready.simulator).toBe('notes');
    expect(ready.dataset).toMatch(/^[0-9a-f]{16}$/);
  });

  it('serves its instances on their own origins, with their writes copied back in order', async () => {
    await versionHost.ready;
    const instance = host.attachInstance('notes', (id, origin, onDestroy) =>
      versionHost.createInstance(id, origin, onDestroy),
    );
    const other = host.attachInstance('notes', (id, origin, onDestroy) =>
      versionHost.createInstance(id, origin, onDestroy),
    );
    const page = await get(instance.url('/'));
    expect(page.status).toBe(200);
    expect(page.text).toContain('<li>bread</li>');
    expect((await get(instance.url('/assets/app.css'))).text).toContain('sans-serif');

    const before = Date.now();
    expect((await addNote(instance.origin, 'milk')).status).toBe(303);
    expect(instance.mutationCount()).toBe(1);
    expect(instance.mutations()[0]).toMatchObject({ action: 'INSERT', table_name: 'notes' });
    expect(instance.mutationCountBefore(before)).toBe(0);
    expect(instance.state()).toHaveLength(1);
    // The other environment's instance saw nothing.
    expect((await get(other.url('/'))).text).not.toContain('milk');
    expect(other.mutationCount()).toBe(0);

    instance.reset();
    expect(instance.mutationCount()).toBe(0);
    expect((await get(instance.url('/'))).text).not.toContain('milk');
    await addNote(instance.origin, 'eggs');
    expect(instance.mutations().map((mutation) => mutation.new?.text)).toEqual(['eggs']);

    instance.destroy();
    other.destroy();
    expect(versionHost.instanceCount).toBe(0);
    expect((await get(instance.url('/'))).status).toBe(404);
  });

  it('drops what a request before a reset wrote, even when its answer comes after', async () => {
    await versionHost.ready;
    const instance = host.attachInstance('notes', (id, origin, onDestroy) =>
      versionHost.createInstance(id, origin, onDestroy),
    );
    const writing = addNote(instance.origin, 'late');
    // The request is on its way (the host reads its body first): reset before its answer.
    await new Promise((resolve) => setImmediate(resolve));
    instance.reset();
    await writing;
    await instance.exclusive(() => undefined);
    const listed = (await get(instance.url('/'))).text;
    expect(instance.mutationCount()).toBe(listed.includes('late') ? 1 : 0);
    instance.destroy();
  });

  it('ends its instances when its process is gone', async () => {
    const checkout = await writeKitProject();
    const out = await mkdtemp(join(tmpdir(), 'proctor-version-out-'));
    folders.push(checkout, out);
    await bundleSimulator(checkout, out);
    const doomed = await startVersionHost(out);
    await doomed.ready;
    let destroyed = false;
    const instance = host.attachInstance('notes', (id, origin, onDestroy) =>
      doomed.createInstance(id, origin, () => {
        destroyed = true;
        onDestroy();
      }),
    );
    doomed.stop('the test stopped it');
    expect(destroyed).toBe(true);
    expect(doomed.stopped).toBe('the test stopped it');
    expect((await get(instance.url('/'))).status).toBe(404);
  });
});
