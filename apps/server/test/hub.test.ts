import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { endpoints, HUB_MESSAGES, type HubGitInfo } from '@proctor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetGitAvailable } from '../src/kernel/git/httpBackend';
import { catalog } from './support/catalog';
import { testDatabases } from './support/databases';
import { git, gitOk } from './support/git';
import { freePort } from './support/network';
import { type Actor, startTestProctor, type TestProctor } from './support/proctor';

/**
 * The simulator hub with the real `git` against a server listening on a port: create a built-in simulator's
 * repository, clone it, push a change, browse it; credentials, organizations and permissions; the push limit
 * (lowered to 2 MB here by HUB_MAX_PUSH_BYTES so the test stays fast); rotation; concurrent pushes.
 */
const PUSH_LIMIT = 2 * 1024 * 1024;

for (const database of testDatabases()) {
  describe(`the simulator hub [${database.name}]`, () => {
    let proctor: TestProctor;
    let baseUrl: string;
    let work: string;
    let admin: Actor;
    let owner: string;
    let credentials: HubGitInfo;
    let counter = 0;
    /** The server's log lines: the push hook logs each push that moves the default branch. */
    const logLines: string[] = [];

    const folder = () => join(work, `clone-${counter++}`);
    const cloneUrl = (who: HubGitInfo, repositoryOwner = owner, name = 'shop') =>
      `http://${encodeURIComponent(who.username)}:${encodeURIComponent(who.password)}@${baseUrl.slice('http://'.length)}/git/${repositoryOwner}/${name}.git`;
    const basic = (who: HubGitInfo) =>
      `Basic ${Buffer.from(`${who.username}:${who.password}`).toString('base64')}`;
    const gitInfo = async (actor: Actor) => {
      const answer = await proctor.call(endpoints.hubMyInfo, { as: actor });
      expect(answer.status).toBe(200);
      return answer.body;
    };
    const serverHead = async () => {
      const branches = await proctor.call(endpoints.hubSimulatorBranches, {
        params: { name: 'shop' },
        as: admin,
      });
      return branches.body.branches.find((branch) => branch.name === 'main')?.commit.sha;
    };

    beforeAll(async () => {
      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      proctor = await startTestProctor(database, {
        // Versions built from pushes are hubVersions.test.ts's: proving the whole shop on each push here would
        // cost minutes of Chromium.
        env: { PUBLIC_URL: baseUrl, HUB_MAX_PUSH_BYTES: String(PUSH_LIMIT), HUB_BUILDS: 'false' },
        logStream: new Writable({
          write(chunk, _encoding, done) {
            logLines.push(String(chunk));
            done();
          },
        }),
      });
      await proctor.app.listen({ port, host: '127.0.0.1' });
      work = await mkdtemp(join(tmpdir(), 'proctor-hub-test-'));
      await catalog(() => proctor).simulator({ name: 'shop', builtIn: true });
      admin = await proctor.actor({ permissions: { is_admin: true } });
      owner = admin.organization!.publicId;
      credentials = await gitInfo(admin);
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

    it('seeds a built-in simulator as a kit project, lists it, and refuses a second one', async () => {
      const listed = await proctor.call(endpoints.hubSimulators, { as: admin });
      expect(listed.body.git_available).toBe(true);
      expect(listed.body.can_write).toBe(true);
      expect(listed.body.simulators.find((simulator) => simulator.name === 'shop')).toMatchObject({
        has_repository: true,
        built_in: true,
        repository: { owner, name: 'shop' },
      });
      const repository = await proctor.call(endpoints.hubSimulatorRepository, {
        params: { name: 'shop' },
        as: admin,
      });
      expect(repository.body).toMatchObject({
        owner,
        name: 'shop',
        default_branch: 'main',
        empty: false,
        clone_url: `${baseUrl}/git/${owner}/shop.git`,
      });
      expect(repository.body.size).toBeGreaterThan(0);

      const root = await proctor.call(endpoints.hubSimulatorContents, {
        params: { name: 'shop' },
        as: admin,
      });
      expect(root.body.entries.map((entry) => `${entry.type}:${entry.name}`)).toEqual([
        'dir:src',
        'file:README.md',
        'file:package.json',
        'file:tsconfig.json',
      ]);
      const index = await proctor.call(endpoints.hubSimulatorFileContent, {
        params: { name: 'shop' },
        query: { file_path: 'src/index.ts' },
        as: admin,
      });
      expect(index.body.encoding).toBe('utf-8');
      expect(index.body.content).toContain("from '@proctor/simulators/kit'");
      expect(index.body.content).not.toContain('../kit');

      const again = await proctor.call(endpoints.hubCreateRepository, {
        body: { simulator_name: 'shop' },
        as: admin,
      });
      expect(again.status).toBe(409);
      expect(again.body.detail).toBe(HUB_MESSAGES.repositoryExists);
    });

    it('clones, pushes a change to main, and browsing shows it', async () => {
      const clone = folder();
      await gitOk(['clone', cloneUrl(credentials), clone], work);
      expect(await readFile(join(clone, 'src', 'index.ts'), 'utf8')).toContain('@proctor/simulators/kit');
      await writeFile(join(clone, 'README.md'), '# Changed through the hub\n');
      await gitOk(['commit', '-am', 'Change the README'], clone);
      await gitOk(['push', 'origin', 'main'], clone);
      const head = await gitOk(['rev-parse', 'HEAD'], clone);
      await expect
        .poll(() =>
          logLines.some((line) => line.includes('default branch was pushed') && line.includes(head)),
        )
        .toBe(true);

      expect(await serverHead()).toBe(head);
      const readme = await proctor.call(endpoints.hubSimulatorFileContent, {
        params: { name: 'shop' },
        query: { file_path: 'README.md' },
        as: admin,
      });
      expect(readme.body.content).toBe('# Changed through the hub\n');
      // A branch of its own, browsed by ref.
      await gitOk(['checkout', '-b', 'feature'], clone);
      await writeFile(join(clone, 'NOTES.md'), 'notes\n');
      await gitOk(['add', 'NOTES.md'], clone);
      await gitOk(['commit', '-m', 'Notes'], clone);
      await gitOk(['push', 'origin', 'feature'], clone);
      const branches = await proctor.call(endpoints.hubRepositoryBranches, {
        params: { owner, name: 'shop' },
        as: admin,
      });
      expect(branches.body.branches.map((branch) => [branch.name, branch.is_default])).toEqual([
        ['feature', false],
        ['main', true],
      ]);
      const onFeature = await proctor.call(endpoints.hubRepositoryContents, {
        params: { owner, name: 'shop' },
        query: { ref: 'feature' },
        as: admin,
      });
      expect(onFeature.body.entries.map((entry) => entry.name)).toContain('NOTES.md');
      const file = await proctor.call(endpoints.hubRepositoryContents, {
        params: { owner, name: 'shop' },
        query: { path: 'NOTES.md', ref: 'feature' },
        as: admin,
      });
      expect(file.body).toMatchObject({
        type: 'file',
        entries: [{ name: 'NOTES.md', size: 6, type: 'file' }],
      });
    });

    it('answers 404 for unknown paths and refs, and never passes hostile input on', async () => {
      const contents = (query: { path?: string; ref?: string }) =>
        proctor.call(endpoints.hubSimulatorContents, { params: { name: 'shop' }, query, as: admin });
      expect((await contents({ path: 'no/such/folder' })).status).toBe(404);
      expect((await contents({ ref: 'no-such-branch' })).status).toBe(404);
      expect((await contents({ ref: '--upload-pack=touch /tmp/pwned' })).status).toBe(404);
      expect((await contents({ path: '../../../../etc' })).status).toBe(400);
      expect((await contents({ path: 'src/../..' })).status).toBe(400);
      const missing = await proctor.call(endpoints.hubSimulatorFileContent, {
        params: { name: 'shop' },
        query: { file_path: 'src' },
        as: admin,
      });
      expect(missing.status).toBe(404);
    });

    it('asks for credentials (401) without them or with a bad password', async () => {
      const refs = `${baseUrl}/git/${owner}/shop.git/info/refs?service=git-upload-pack`;
      const anonymous = await fetch(refs);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('www-authenticate')).toBe('Basic realm="Proctor"');
      const wrong = await git(['ls-remote', cloneUrl({ ...credentials, password: 'hub_wrong' })], work);
      expect(wrong.code).not.toBe(0);
      expect(wrong.stderr).toMatch(/Authentication failed|401/);
    });

    it("answers 404 for another organization's repository, to git and to the API", async () => {
      const stranger = await proctor.actor({ permissions: { is_admin: true } });
      const theirs = await gitInfo(stranger);
      const run = await git(['ls-remote', cloneUrl(theirs)], work);
      expect(run.code).not.toBe(0);
      expect(run.stderr).toMatch(/not found|404/);
      const response = await fetch(`${baseUrl}/git/${owner}/shop.git/info/refs?service=git-upload-pack`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${theirs.username}:${theirs.password}`).toString('base64')}`,
        },
      });
      expect(response.status).toBe(404);
      const api = await proctor.call(endpoints.hubRepository, {
        params: { owner, name: 'shop' },
        as: stranger,
      });
      expect(api.status).toBe(404);
      const unknown = await fetch(`${baseUrl}/git/${owner}/no-such.git/info/refs?service=git-upload-pack`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`,
        },
      });
      expect(unknown.status).toBe(404);
    });

    it('lets a member clone but not push; create_simulator may push; the API key reads', async () => {
      const member = await proctor.actor({ organization: admin.organization });
      const clone = folder();
      await gitOk(['clone', cloneUrl(await gitInfo(member)), clone], work);
      await writeFile(join(clone, 'member.txt'), 'mine\n');
      await gitOk(['add', 'member.txt'], clone);
      await gitOk(['commit', '-m', 'A member pushes'], clone);
      const refused = await git(['push', 'origin', 'main'], clone);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(/403/);
      const created = await proctor.call(endpoints.hubCreateRepository, {
        body: { name: 'scratch' },
        as: member,
      });
      expect(created.status).toBe(403);

      const builder = await proctor.actor({
        organization: admin.organization,
        permissions: { create_simulator: true },
      });
      await gitOk(['push', cloneUrl(await gitInfo(builder)), 'main'], clone);
      expect(await serverHead()).toBe(await gitOk(['rev-parse', 'HEAD'], clone));

      const key = { username: 'key', password: admin.organization!.apiKey };
      await gitOk(['ls-remote', cloneUrl(key)], work);
      const keyPush = await git(['push', cloneUrl(key), 'main'], clone);
      expect(keyPush.code).not.toBe(0);
    });

    it('refuses a push over the limit: git shows why, and the repository stays as it was', async () => {
      const clone = folder();
      await gitOk(['clone', cloneUrl(credentials), clone], work);
      const before = await serverHead();
      // Random bytes do not compress: the pack is as large as the file.
      await writeFile(join(clone, 'big.bin'), randomBytes(PUSH_LIMIT + 512 * 1024));
      await gitOk(['add', 'big.bin'], clone);
      await gitOk(['commit', '-m', 'Too big'], clone);
      const push = await git(['push', 'origin', 'main'], clone);
      expect(push.code).not.toBe(0);
      // git's own refusal (receive.maxInputSize), which git shows; the body is cut with 413 a little later.
      expect(push.stderr).toMatch(/pack exceeds maximum allowed size|HTTP 413/);
      expect(await serverHead()).toBe(before);
      const fsck = await git(['fsck', '--no-progress'], join(proctor.ctx.config.hubDir, owner, 'shop.git'));
      expect(fsck.code).toBe(0);
    });

    it('answers 413 to a push body announced over the limit, without reading it', async () => {
      // Only the headers are sent: the answer must come before any of the body.
      const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = httpRequest(`${baseUrl}/git/${owner}/shop.git/git-receive-pack`, {
          method: 'POST',
          headers: {
            authorization: basic(credentials),
            'content-type': 'application/x-git-receive-pack-request',
            'content-length': String(PUSH_LIMIT + 2 * 1024 * 1024),
            'user-agent': 'git/2.39.5',
          },
        });
        request.on('response', (response) => {
          let text = '';
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => {
            resolve({ status: response.statusCode ?? 0, text });
            request.destroy();
          });
        });
        request.on('error', reject);
        request.flushHeaders();
      });
      expect(answer).toEqual({ status: 413, text: `${HUB_MESSAGES.pushTooLarge(PUSH_LIMIT)}\n` });
    });

    it('revokes the old password when the person rotates it', async () => {
      const person = await proctor.actor({ organization: admin.organization });
      const old = await gitInfo(person);
      await gitOk(['ls-remote', cloneUrl(old)], work);
      const rotated = await proctor.call(endpoints.hubRotateMyInfo, { as: person });
      expect(rotated.status).toBe(200);
      expect(rotated.body.password).not.toBe(old.password);
      expect((await gitInfo(person)).password).toBe(rotated.body.password);
      const refused = await git(['ls-remote', cloneUrl(old)], work);
      expect(refused.code).not.toBe(0);
      await gitOk(['ls-remote', cloneUrl(rotated.body)], work);
    });

    it('serialises concurrent pushes to one repository: it stays consistent', async () => {
      const clones = [folder(), folder(), folder()];
      for (const [index, clone] of clones.entries()) {
        await gitOk(['clone', cloneUrl(credentials), clone], work);
        await writeFile(join(clone, `concurrent-${index}.txt`), `${index}\n`);
        await gitOk(['add', '.'], clone);
        await gitOk(['commit', '-m', `Concurrent ${index}`], clone);
      }
      const pushes = await Promise.all(clones.map((clone) => git(['push', 'origin', 'main'], clone)));
      // One wins; the others either win after it (impossible here: all start from one commit) or are told
      // to fetch first. Nothing fails in another way.
      const won = pushes.filter((push) => push.code === 0);
      expect(won).toHaveLength(1);
      for (const push of pushes.filter((candidate) => candidate.code !== 0))
        expect(push.stderr).toMatch(/fetch first|non-fast-forward|rejected/);
      const winner = clones[pushes.indexOf(won[0]!)]!;
      expect(await serverHead()).toBe(await gitOk(['rev-parse', 'HEAD'], winner));
      const fsck = await git(['fsck', '--no-progress'], join(proctor.ctx.config.hubDir, owner, 'shop.git'));
      expect(fsck.code).toBe(0);
    });

    it("takes a gzip'd request body, as git sends for a large negotiation", async () => {
      const head = await serverHead();
      const pkt = (line: string) => `${(line.length + 4).toString(16).padStart(4, '0')}${line}`;
      const body = gzipSync(Buffer.from(`${pkt(`want ${head}\n`)}0000${pkt('done\n')}`));
      const response = await fetch(`${baseUrl}/git/${owner}/shop.git/git-upload-pack`, {
        method: 'POST',
        headers: {
          authorization: basic(credentials),
          'content-type': 'application/x-git-upload-pack-request',
          'content-encoding': 'gzip',
        },
        body,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/x-git-upload-pack-result');
      const answer = Buffer.from(await response.arrayBuffer());
      expect(answer.subarray(0, 8).toString()).toBe('0008NAK\n');
      expect(answer.includes('PACK')).toBe(true);
    });

    it.runIf(database.name === 'postgres')(
      "holds a push while another holds the repository's advisory lock (replicas take turns)",
      async () => {
        const repository = await proctor.call(endpoints.hubSimulatorRepository, {
          params: { name: 'shop' },
          as: admin,
        });
        const id = repository.body.id;
        const clone = folder();
        await gitOk(['clone', cloneUrl(credentials), clone], work);
        await writeFile(join(clone, 'locked.txt'), 'waited\n');
        await gitOk(['add', 'locked.txt'], clone);
        await gitOk(['commit', '-m', 'Waits for the lock'], clone);
        const db = proctor.ctx.db;
        let push: Promise<{ code: number | null }> | undefined;
        await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(7328, ${id})`);
          push = git(['push', 'origin', 'main'], clone);
          // The push's own transaction waits for this one's lock: PostgreSQL shows its request not granted.
          await expect
            .poll(async () => {
              const result = await db.execute(
                sql`select count(*)::int as waiting from pg_locks where locktype = 'advisory' and classid = 7328 and objid = ${id} and not granted`,
              );
              return (result as unknown as { rows: { waiting: number }[] }).rows[0]!.waiting;
            })
            .toBe(1);
          expect(await serverHead()).not.toBe(await gitOk(['rev-parse', 'HEAD'], clone));
        });
        expect((await push!).code).toBe(0);
        expect(await serverHead()).toBe(await gitOk(['rev-parse', 'HEAD'], clone));
      },
    );

    it('says so when git is not installed: the git transport answers 503, browsing still works', async () => {
      const path = process.env.PATH;
      const empty = await mkdtemp(join(tmpdir(), 'proctor-no-git-'));
      process.env.PATH = empty;
      resetGitAvailable();
      try {
        const listed = await proctor.call(endpoints.hubSimulators, { as: admin });
        expect(listed.body).toMatchObject({ git_available: false, git_detail: HUB_MESSAGES.gitMissing });
        const refs = await fetch(`${baseUrl}/git/${owner}/shop.git/info/refs?service=git-upload-pack`, {
          headers: { authorization: basic(credentials) },
        });
        expect(refs.status).toBe(503);
        expect(await refs.json()).toEqual({ detail: HUB_MESSAGES.gitMissing });
        const root = await proctor.call(endpoints.hubSimulatorContents, {
          params: { name: 'shop' },
          as: admin,
        });
        expect(root.status).toBe(200);
      } finally {
        process.env.PATH = path;
        resetGitAvailable();
        await rm(empty, { recursive: true, force: true });
      }
    });

    it('deletes a repository with its history', async () => {
      const created = await proctor.call(endpoints.hubCreateRepository, {
        body: { name: 'scratch' },
        as: admin,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'scratch', empty: true, simulator_id: null });
      const empty = await proctor.call(endpoints.hubRepositoryContents, {
        params: { owner, name: 'scratch' },
        as: admin,
      });
      expect(empty.body).toMatchObject({ empty: true, entries: [] });
      const mine = await proctor.call(endpoints.hubMyRepositories, { as: admin });
      expect(mine.body.repositories.map((repository) => repository.name)).toEqual(['scratch', 'shop']);
      const deleted = await proctor.call(endpoints.hubDeleteRepository, {
        params: { owner, name: 'scratch' },
        as: admin,
      });
      expect(deleted.status).toBe(200);
      const gone = await proctor.call(endpoints.hubRepository, {
        params: { owner, name: 'scratch' },
        as: admin,
      });
      expect(gone.status).toBe(404);
    });
  });
}
