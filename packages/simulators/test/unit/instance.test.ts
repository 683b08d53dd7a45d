import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLocalPath, SimulatorHost, type SimulatorInstance } from '../../src/index';
import { InstanceClient } from '../../src/testing/index';
import { fixtureSimulator } from '../fixture/index';
import { dumpDatabase } from '../support/dump';

const host = new SimulatorHost();
afterEach(() => {
  for (const instance of host.instances()) instance.destroy();
});

let next = 0;
function start(): { instance: SimulatorInstance; client: InstanceClient } {
  next += 1;
  const instance = host.createInstance(fixtureSimulator, { id: `t${next}` });
  return { instance, client: new InstanceClient(instance) };
}

async function signIn(client: InstanceClient): Promise<void> {
  const response = await client.post('/login', { email: 'dana@acme.test', password: 'correct-horse' });
  expect(response.text).toContain('Showing');
}

const newTask = {
  title: 'Prepare the board deck',
  project: 'WEB',
  status: 'todo',
  assignee: '2',
  estimate: '5',
};
const closeOps3 = {
  title: 'Move backups to the new bucket',
  project: 'OPS',
  status: 'done',
  assignee: '1',
  estimate: '5',
};

describe('simulator instances', () => {
  it('should never let two instances of the same simulator see each other data or sessions', async () => {
    const a = start();
    const b = start();
    await signIn(a.client);
    await a.client.post('/tasks', newTask);
    expect(a.instance.state()).toHaveLength(1);
    expect(b.instance.state()).toEqual([]);
    const count = (i: SimulatorInstance) => i.db.prepare('SELECT count(*) AS n FROM tasks').get();
    expect(count(a.instance)).toEqual({ n: 301 });
    expect(count(b.instance)).toEqual({ n: 300 });
    // A's session cookie means nothing to B.
    expect(a.client.sessionId).toBeDefined();
    const onB = await b.instance.dispatch({
      method: 'GET',
      url: '/tasks',
      headers: { cookie: `sim_session=${a.client.sessionId}` },
    });
    expect(onB.status).toBe(303);
  });

  it('should log INSERT, UPDATE and DELETE with old and new rows and the virtual clock', async () => {
    const { instance, client } = start();
    await signIn(client);
    await client.post('/tasks', newTask);
    await client.post('/tasks/OPS-3', closeOps3);
    await client.post('/tasks/OPS-4/delete');
    const log = instance.mutations();
    expect(log.map((m) => `${m.action} ${m.table_name} ${m.pk} ${m.action_timestamp}`)).toEqual([
      'INSERT tasks 301 2026-03-02T09:01:00.000Z',
      'INSERT activity 1 2026-03-02T09:01:00.000Z',
      'UPDATE tasks 3 2026-03-02T09:02:00.000Z',
      'INSERT comments 501 2026-03-02T09:02:00.000Z',
      'INSERT activity 2 2026-03-02T09:02:00.000Z',
      'DELETE tasks 4 2026-03-02T09:03:00.000Z',
      'INSERT activity 3 2026-03-02T09:03:00.000Z',
    ]);
    expect(log[2]?.old).toMatchObject({ id: 3, status: 'todo' });
    expect(log[2]?.new).toMatchObject({ id: 3, status: 'done', updated_at: '2026-03-02T09:02:00.000Z' });
    expect(log[5]?.new).toBeNull();
    // state() applies the config: activity ignored, system comments ignored, updated_at dropped.
    expect(instance.state().map((m) => `${m.action} ${m.table_name} ${m.pk}`)).toEqual([
      'INSERT tasks 301',
      'UPDATE tasks 3',
      'DELETE tasks 4',
    ]);
    expect(instance.state()[1]?.new).not.toHaveProperty('updated_at');
  });

  it('should log the rows a foreign-key cascade deletes', async () => {
    const { instance, client } = start();
    await signIn(client);
    const commented = instance.db
      .prepare<[], { task_id: number; n: number }>(
        'SELECT task_id, count(*) AS n FROM comments GROUP BY task_id ORDER BY n DESC, task_id LIMIT 1',
      )
      .get();
    const number = instance.db
      .prepare<[number], { number: string }>('SELECT number FROM tasks WHERE id = ?')
      .get(commented?.task_id as number)?.number;
    await client.post(`/tasks/${number}/delete`);
    const deletedComments = instance
      .state()
      .filter((m) => m.table_name === 'comments' && m.action === 'DELETE');
    expect(deletedComments).toHaveLength(commented?.n as number);
  });

  it('should write pk as text: one column, a JSON array for composite keys, the rowid without a key; BLOBs as hex', () => {
    const { instance } = start();
    instance.db.prepare("UPDATE memberships SET role = 'lead' WHERE project_id = 2 AND user_id = 5").run();
    instance.db
      .prepare("INSERT INTO attachments (task_id, file_name, content) VALUES (1, 'a.bin', x'00ff10')")
      .run();
    const log = instance.mutations();
    expect(log.map((m) => [m.table_name, m.pk])).toEqual([
      ['memberships', '[2,5]'],
      ['attachments', '1'],
    ]);
    expect(log[1]?.new).toEqual({ task_id: 1, file_name: 'a.bin', content: '00FF10' });
  });

  it('should not log an UPDATE that writes the values a row already has', () => {
    const { instance } = start();
    instance.db.prepare('UPDATE tasks SET status = status').run();
    expect(instance.mutations()).toEqual([]);
  });

  it('should never write on a page view: GET handlers run read-only', async () => {
    const { instance, client } = start();
    await signIn(client);
    for (const path of [
      '/tasks',
      '/tasks?page=3&sort=title',
      '/tasks/OPS-1',
      '/widgets/summary',
      '/api/tasks/OPS-2',
    ]) {
      expect((await client.get(path)).status).toBe(200);
    }
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await client.get('/debug/write-on-get')).status).toBe(500);
    expect(String(logged.mock.calls[0]?.[0])).toContain('a GET handler tried to write');
    logged.mockRestore();
    expect(instance.mutations()).toEqual([]);
    expect(instance.clock.iso()).toBe('2026-03-02T09:00:00.000Z');
  });

  it('should roll back a failed request: no writes, and the clock and random stream as before', async () => {
    const failed = start();
    const fresh = start();
    await signIn(failed.client);
    await signIn(fresh.client);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await failed.client.post('/debug/fail-after-write')).status).toBe(500);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
    expect(failed.instance.mutations()).toEqual([]);
    await failed.client.post('/tasks', newTask);
    await fresh.client.post('/tasks', newTask);
    expect(JSON.stringify(failed.instance.mutations())).toBe(JSON.stringify(fresh.instance.mutations()));
  });

  it('should count the writes of requests received before an instant, and forget them at reset', async () => {
    const { instance, client } = start();
    await signIn(client);
    const post = (form: Record<string, string>, path: string, receivedAt: number) =>
      instance.dispatch({
        method: 'POST',
        url: path,
        headers: {
          cookie: `sim_session=${client.sessionId}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: Buffer.from(new URLSearchParams(form).toString()),
        receivedAt,
      });
    await post(newTask, '/tasks', 1_000);
    const afterFirst = instance.mutationCount();
    await post(closeOps3, '/tasks/OPS-3', 2_000);
    expect(afterFirst).toBeGreaterThan(0);
    expect(instance.mutationCount()).toBeGreaterThan(afterFirst);
    // An action taken at 2 000 ms may have sent the second request, never the first.
    expect(instance.mutationCountBefore(1_000)).toBe(0);
    expect(instance.mutationCountBefore(1_500)).toBe(afterFirst);
    expect(instance.mutationCountBefore(2_000)).toBe(afterFirst);
    expect(instance.mutationCountBefore(2_001)).toBe(instance.mutationCount());
    instance.reset();
    expect(instance.mutationCountBefore(1_500)).toBe(0);
  });

  it('should give the seed back on reset: data, clock, random stream; sessions end', async () => {
    const { instance, client } = start();
    const seed = dumpDatabase(instance);
    await signIn(client);
    await client.post('/tasks', newTask);
    const firstRun = JSON.stringify(instance.mutations());
    await client.post('/tasks/OPS-3', closeOps3);
    instance.reset();
    expect(instance.mutations()).toEqual([]);
    expect(dumpDatabase(instance)).toBe(seed);
    expect((await client.get('/tasks', { follow: false })).status).toBe(303);
    await signIn(client);
    await client.post('/tasks', newTask);
    expect(JSON.stringify(instance.mutations())).toBe(firstRun);
  });

  it('should reset to a backup made the reset point, and back to the seed when asked', async () => {
    const { instance, client } = start();
    const seed = dumpDatabase(instance);
    await signIn(client);
    await client.post('/tasks', newTask);
    const backup = instance.backup({ asResetPoint: true });
    expect(backup).toEqual({ id: 'backup-1', takenAt: '2026-03-02T09:01:00.000Z', mutationCount: 2 });
    const atBackup = dumpDatabase(instance);
    await client.post('/tasks/OPS-3', closeOps3);
    // The reset point moves, the count does not: still mutations since the last reset.
    expect(instance.state()).toHaveLength(2);
    const afterBackup = JSON.stringify(instance.mutations().slice(2));

    instance.reset();
    expect(dumpDatabase(instance)).toBe(atBackup);
    expect(instance.mutations()).toEqual([]);
    await signIn(client);
    await client.post('/tasks/OPS-3', closeOps3);
    expect(JSON.stringify(instance.mutations())).toBe(afterBackup);

    instance.setResetPoint('seed');
    instance.reset();
    expect(dumpDatabase(instance)).toBe(seed);
    instance.setResetPoint(backup);
    instance.reset();
    expect(dumpDatabase(instance)).toBe(atBackup);
  });

  it('should keep resetting to the seed after a backup that is not the reset point', async () => {
    const { instance, client } = start();
    const seed = dumpDatabase(instance);
    await signIn(client);
    await client.post('/tasks', newTask);
    instance.backup();
    instance.reset();
    expect(dumpDatabase(instance)).toBe(seed);
  });

  it('should answer JSON endpoints with JSON, 401 when signed out', async () => {
    const { instance, client } = start();
    expect((await client.sendJson('PATCH', '/api/tasks/OPS-1', { status: 'done' })).status).toBe(401);
    await signIn(client);
    const bad = await client.sendJson('PATCH', '/api/tasks/OPS-1', { status: 'closed' });
    expect([bad.status, bad.json()]).toEqual([400, { detail: 'status must be todo, doing or done' }]);
    const ok = await client.sendJson('PATCH', '/api/tasks/OPS-1', { status: 'done' });
    expect(ok.json()).toEqual({ number: 'OPS-1', status: 'done' });
    expect(instance.state().map((m) => m.new?.status)).toEqual(['done']);
    const malformed = await client.request('POST', '/tasks', { type: 'application/json', text: '{' });
    expect(malformed.status).toBe(400);
  });

  it('should send signed-out visitors to the sign-in page and back', async () => {
    const { client } = start();
    const response = await client.get('/tasks/OPS-2?tab=comments', { follow: false });
    expect(response.status).toBe(303);
    expect(response.location).toBe('/login?next=%2Ftasks%2FOPS-2%3Ftab%3Dcomments');
    const wrong = await client.post('/login', { email: 'dana@acme.test', password: 'nope' });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toContain('Incorrect email or password');
    const back = await client.post('/login', {
      email: 'Dana@acme.test',
      password: 'correct-horse',
      next: '/tasks/OPS-2?tab=comments',
    });
    expect(back.text).toContain('Renew the TLS certificate');
  });

  it("should sign in through the kit's flow: never on to another site, a signed-in visitor sent on, sign-out said", async () => {
    const { client } = start();
    const credentials = { email: 'DANA@acme.test', password: 'correct-horse' };
    for (const next of ['//evil.test/x', '/\\evil.test/x', '/\t/evil.test', 'https://evil.test/', 'tasks']) {
      const response = await client.post('/login', { ...credentials, next }, { follow: false });
      expect([response.status, response.location]).toEqual([303, '/tasks']);
    }
    const empty = await client.post('/login', { email: '', password: '' });
    expect(empty.status).toBe(422);
    expect(empty.text).toContain('Email is required');
    const signedIn = await client.get('/login?next=%2Ftasks%2FOPS-2', { follow: false });
    expect([signedIn.status, signedIn.location]).toEqual([303, '/tasks/OPS-2']);
    const out = await client.post('/logout', {});
    expect(out.text).toContain('You have been signed out');
    expect((await client.get('/tasks', { follow: false })).status).toBe(303);
  });

  it('should tell a path of the app from one a browser would take elsewhere', () => {
    for (const path of ['/', '/tasks?x=//y', '/a/b#c', '/%2F%2Fevil.test'])
      expect(isLocalPath(path)).toBe(true);
    for (const path of [null, '', 'tasks', '//evil.test', '/\\evil.test', '/\n/evil.test', 'http://x/'])
      expect(isLocalPath(path)).toBe(false);
  });

  it('should send a form posted while signed out back to the page it was on after sign-in', async () => {
    const { instance } = start();
    const posted = await instance.dispatch({
      method: 'POST',
      url: '/tasks/OPS-2/comments',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        referer: instance.url('/tasks/OPS-2'),
      },
      body: Buffer.from('body=hello'),
    });
    expect([posted.status, posted.headers.location]).toEqual([303, '/login?next=%2Ftasks%2FOPS-2']);
    const foreign = await instance.dispatch({
      method: 'POST',
      url: '/tasks/OPS-2/comments',
      headers: { referer: 'http://elsewhere.test/x' },
    });
    expect(foreign.headers.location).toBe('/login');
    expect(instance.mutations()).toEqual([]);
  });

  it('should show a flash message once, after the redirect', async () => {
    const { client } = start();
    await signIn(client);
    const created = await client.post('/tasks', newTask);
    expect(created.text).toContain('Task WEB-');
    expect(created.text).toContain('kit-toast-success');
    expect((await client.get('/tasks')).text).not.toContain('kit-toast-success');
  });

  it('should refuse use after destroy', async () => {
    const { instance } = start();
    instance.destroy();
    expect(() => instance.state()).toThrow(/destroyed/);
    expect((await instance.dispatch({ method: 'GET', url: '/', headers: {} })).status).toBe(410);
    expect(host.getInstance(instance.id, 'fixture')).toBeUndefined();
  });
});
