import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpoints, type HubGitInfo } from '@proctor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from './support/catalog';
import { testDatabases } from './support/databases';
import { git, gitOk } from './support/git';
import { freePort } from './support/network';
import { type Actor, startTestProctor, type TestProctor } from './support/proctor';

/**
 * Fetches and clones are served by `git upload-pack` run straight (kernel/git/uploadPack.ts), not through
 * http-backend: git's protocols v0 and v2 must both clone, and a request git would not send is refused as
 * http-backend refuses it.
 */
for (const database of testDatabases()) {
  describe(`the hub's upload-pack [${database.name}]`, () => {
    let proctor: TestProctor;
    let baseUrl: string;
    let work: string;
    let admin: Actor;
    let owner: string;
    let credentials: HubGitInfo;

    const cloneUrl = () =>
      `http://${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}@${baseUrl.slice('http://'.length)}/git/${owner}/shop.git`;
    const basic = () =>
      `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;

    beforeAll(async () => {
      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      proctor = await startTestProctor(database, { env: { PUBLIC_URL: baseUrl, HUB_BUILDS: 'false' } });
      await proctor.app.listen({ port, host: '127.0.0.1' });
      work = await mkdtemp(join(tmpdir(), 'proctor-hub-upload-pack-'));
      await catalog(() => proctor).simulator({ name: 'shop', builtIn: true });
      admin = await proctor.actor({ permissions: { is_admin: true } });
      owner = admin.organization!.publicId;
      credentials = (await proctor.call(endpoints.hubMyInfo, { as: admin })).body;
      const created = await proctor.call(endpoints.hubCreateSimulatorRepository, {
        params: { name: 'shop' },
        as: admin,
      });
      expect(created.status).toBe(201);
    });
    afterAll(async () => {
      await proctor?.close();
      if (work) await rm(work, { recursive: true, force: true });
    });

    it('clones with protocol v2 and with v0 (whose advertisement starts with the service line)', async () => {
      const head = (
        await proctor.call(endpoints.hubSimulatorBranches, { params: { name: 'shop' }, as: admin })
      ).body.branches.find((branch) => branch.name === 'main')!.commit.sha;
      for (const version of ['2', '0']) {
        const into = join(work, `v${version}`);
        await gitOk(['-c', `protocol.version=${version}`, 'clone', '--quiet', cloneUrl(), into], work);
        expect(await gitOk(['rev-parse', 'HEAD'], into)).toBe(head);
        expect(await readFile(join(into, 'package.json'), 'utf8')).toContain('"name"');
      }
      const advertisement = await fetch(
        `${baseUrl}/git/${owner}/shop.git/info/refs?service=git-upload-pack`,
        {
          headers: { authorization: basic() },
        },
      );
      expect(advertisement.status).toBe(200);
      expect(advertisement.headers.get('content-type')).toBe('application/x-git-upload-pack-advertisement');
      expect(advertisement.headers.get('cache-control')).toContain('no-cache');
      expect(await advertisement.text()).toMatch(/^001e# service=git-upload-pack\n0000/);
    });

    it('refuses a negotiation that is not an upload-pack request (415) and a bad one (500), as http-backend does', async () => {
      const wrongType = await fetch(`${baseUrl}/git/${owner}/shop.git/git-upload-pack`, {
        method: 'POST',
        headers: { authorization: basic(), 'content-type': 'text/plain' },
        body: '0000',
      });
      expect(wrongType.status).toBe(415);
      const garbage = await fetch(`${baseUrl}/git/${owner}/shop.git/git-upload-pack`, {
        method: 'POST',
        headers: { authorization: basic(), 'content-type': 'application/x-git-upload-pack-request' },
        body: 'not a pkt-line',
      });
      expect(garbage.status).toBe(500);
      // The repository still serves after the refusals.
      const run = await git(['ls-remote', cloneUrl()], work);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('refs/heads/main');
    });
  });
}
