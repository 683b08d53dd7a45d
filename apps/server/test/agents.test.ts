import { inflateSync } from 'node:zlib';
import { AGENT_MESSAGES, DEFAULT_AGENT_EMOJI, type EndpointBody, endpoints } from '@proctor/contracts';
import { agentArtifacts, newPublicId, sessions, simulators, testCases } from '@proctor/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  NO_ANTHROPIC_COMPUTER_USE,
  NO_CHAT_MODEL,
  NO_OPENAI_COMPUTER_USE,
  REPLAY_ONLY,
} from '../src/agents/runnable';
import { startSession } from '../src/environments/records';
import { HttpError } from '../src/kernel/http/errors';
import { SDK_AGENT_DESCRIPTION } from '../src/repositories/agents';
import { recordScores } from '../src/scoring/classification';
import { EmojiIconRenderer, ICON_MESSAGES } from '../src/services/agentIcons';
import { ICON_IMAGE_MESSAGES, ICON_MAX_BYTES } from '../src/services/iconImages';
import { type Actor, describeEachDatabase, type TestProctor } from './support/proctor';
import { startStandIn } from './unit/support/standIn';

/**
 * Agents (001 §2.8, §3, §5, §7): the form's rules, icons drawn from emoji, one organization's list, archiving,
 * results per test case from the sessions' stored classification, and agents named by SDK runs at reset.
 */

/**
 * What a PNG says of itself: width and height from its IHDR chunk (bytes 16–23, after the signature and the
 * chunk header), and the alpha of its top-left pixel. That pixel's bytes are stored as they are whatever the
 * row's filter, since every filter predicts the first pixel of the first row from zeros.
 */
function readPng(bytes: Buffer): { width: number; height: number; cornerAlpha: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  expect({ bitDepth: bytes[24], colourType: bytes[25] }).toEqual({ bitDepth: 8, colourType: 6 }); // RGBA
  const data: Buffer[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    if (bytes.subarray(at + 4, at + 8).toString('ascii') === 'IDAT')
      data.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const pixels = inflateSync(Buffer.concat(data));
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), cornerAlpha: pixels[4]! };
}

/** A 1x1 PNG, as an icon site sends it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A site with agents' icons, on loopback: the suite allows 127.0.0.1 as an operator would allow a host. */
const iconSite = await startStandIn({
  '/bot.png': (_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(PNG),
  '/page.html': (_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p>Not an image</p>'),
  '/disguised.png': (_request, response) =>
    response.writeHead(200, { 'content-type': 'image/png' }).end('<script>alert(1)</script>'),
  '/icon.svg': (_request, response) =>
    response
      .writeHead(200, { 'content-type': 'image/svg+xml' })
      .end('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  '/huge.png': (_request, response) =>
    response
      .writeHead(200, { 'content-type': 'image/png' })
      .end(Buffer.concat([PNG, Buffer.alloc(ICON_MAX_BYTES)])),
  '/moved.png': (_request, response) =>
    response.writeHead(302, { location: 'http://10.0.0.1/bot.png' }).end(),
});
afterAll(() => iconSite.close());
const URL_ICON = `${iconSite.origin}/bot.png`;

function agentsSuite(proctor: () => TestProctor) {
  const manager = () => proctor().actor({ permissions: { dashboard_access: true } });
  let counter = 0;
  const alias = (name: string) => `${name}-${++counter}`;

  type AgentForm = EndpointBody<typeof endpoints.createAgentArtifact>;
  const create = (as: Actor, body: AgentForm) => proctor().call(endpoints.createAgentArtifact, { body, as });
  async function created(as: Actor, payload: AgentForm) {
    const response = await create(as, { imgUrl: URL_ICON, ...payload });
    expect(response.status, response.body.detail).toBe(201);
    return response.body.artifact;
  }
  /** The organization's own agents (the built-in ones, listed after them to everyone, are tested in runs.test.ts). */
  async function list(as: Actor) {
    const response = await proctor().call(endpoints.agentArtifacts, { as });
    expect(response.status).toBe(200);
    const artifacts = response.body.artifacts;
    const builtIn = artifacts.filter((agent) => agent.data.type === 'builtin');
    // What Proctor can run of them here: no model is configured for the DOM and computer-use agents in these tests.
    expect(builtIn.map((agent) => [agent.alias, agent.notRunnableReason])).toEqual([
      ['oracle', null],
      ['oracle-wrong', null],
      ['dom-agent', NO_CHAT_MODEL],
      ['openai-computer-use', NO_OPENAI_COMPUTER_USE],
      ['anthropic-computer-use', NO_ANTHROPIC_COMPUTER_USE],
      ['replay', REPLAY_ONLY],
    ]);
    expect(artifacts.slice(-builtIn.length)).toEqual(builtIn);
    return artifacts.filter((agent) => agent.data.type !== 'builtin');
  }
  const archive = (as: Actor, ref: string | number) =>
    proctor().call(endpoints.archiveAgentArtifact, { params: { id: String(ref) }, as });
  const results = (as: Actor, ref: string | number) =>
    proctor().call(endpoints.agentResults, { params: { id: String(ref) }, as });
  /** An agent's icon: a PNG, which no endpoint of the contract describes; its path is the one the API gave. */
  const icon = (url: string, as: Actor) => proctor().request({ method: 'GET', url, as });

  it("should refuse a form without its type's fields, with the form's messages", async () => {
    const member = await manager();
    const cases: [AgentForm, string[]][] = [
      [{ alias: '  ', type: 'dev', endpoint: 'https://agent.example.test' }, [AGENT_MESSAGES.alias]],
      [{ alias: 'Rita', type: 'human' }, [AGENT_MESSAGES.humanName]],
      [{ alias: 'Rita', type: 'human', humanName: '   ' }, [AGENT_MESSAGES.humanName]],
      [{ alias: 'bot', type: 'dev' }, [AGENT_MESSAGES.endpoint]],
      [
        { alias: 'box', type: 'git_container' },
        [AGENT_MESSAGES.repoUrl, AGENT_MESSAGES.branch, AGENT_MESSAGES.commitHash],
      ],
      // A type the contract's type would not let through.
      [{ alias: 'x', type: 'robot', endpoint: 'https://agent.example.test' } as never, ['type']],
    ];
    for (const [payload, messages] of cases) {
      const response = await create(member, payload);
      expect(response.status).toBe(400);
      for (const message of messages) expect(response.body.detail).toContain(message);
    }
    expect(await list(member)).toEqual([]);
  });

  it('should refuse an endpoint, a repository or an icon that is not an http(s) URL', async () => {
    const member = await manager();
    const refused = async (payload: AgentForm, detail: string) => {
      const response = await create(member, payload);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail });
    };
    await refused(
      { alias: 'bot', type: 'dev', endpoint: 'ftp://agent.example.test' },
      'Endpoint must be an http(s) URL',
    );
    await refused(
      { alias: 'bot', type: 'dev', endpoint: 'localhost:8000' },
      'Endpoint must be an http(s) URL',
    );
    await refused(
      {
        alias: 'box',
        type: 'git_container',
        repoUrl: 'git@example.test:a/b.git',
        branch: 'main',
        commitHash: 'abc',
      },
      'Repository URL must be an http(s) URL',
    );
    for (const imgUrl of ['🤖🤖', 'bot', 'https://cdn.example.test/my bot.png'])
      await refused(
        { alias: 'bot', type: 'dev', endpoint: 'http://127.0.0.1:8000', imgUrl },
        ICON_MESSAGES.invalid,
      );
    expect(await list(member)).toEqual([]);
  });

  it('should refuse an icon URL that gives no image of the kinds Proctor keeps, saying why', async () => {
    const member = await manager();
    const site = iconSite.origin;
    for (const [imgUrl, detail] of [
      [`${site}/page.html`, ICON_IMAGE_MESSAGES.notAnImage('text/html; charset=utf-8')],
      [`${site}/icon.svg`, ICON_IMAGE_MESSAGES.notAnImage('image/svg+xml')],
      [`${site}/disguised.png`, ICON_IMAGE_MESSAGES.notThatImage('image/png')],
      [`${site}/gone.png`, `The icon could not be fetched: ${site}/gone.png answered HTTP 404`],
      [
        `${site}/huge.png`,
        `The icon could not be fetched: The answer of ${site} is larger than ${ICON_MAX_BYTES} bytes`,
      ],
      [
        'http://10.0.0.1/bot.png',
        'The icon could not be fetched: Refused http://10.0.0.1/bot.png: 10.0.0.1 is a private address',
      ],
      [
        `${site}/moved.png`,
        'The icon could not be fetched: Refused http://10.0.0.1/bot.png: 10.0.0.1 is a private address',
      ],
    ]) {
      const response = await create(member, {
        alias: alias('iconless'),
        type: 'human',
        humanName: 'P',
        imgUrl,
      });
      expect(response.status, imgUrl).toBe(400);
      expect(response.body, imgUrl).toEqual({ detail });
    }
    expect(await list(member)).toEqual([]);
  });

  it("should fetch an icon URL once, when the agent is added, and serve it from Proctor's own origin", async () => {
    const member = await manager();
    // Its own query string: the icon site serves the suite on every database.
    const imgUrl = `${URL_ICON}?agent=${Math.random().toString(36).slice(2)}`;
    const { pathname, search } = new URL(imgUrl);
    const fetches = () => iconSite.received.filter((request) => request.url === pathname + search);
    const agent = await created(member, {
      alias: alias('pictured'),
      type: 'human',
      humanName: 'Pat',
      imgUrl,
    });
    expect(agent.data.img_url).toBe(`/api/agent-artifacts/${agent.id}/icon`);
    expect(fetches()).toHaveLength(1);
    for (let shown = 0; shown < 2; shown++) {
      const served = await icon(agent.data.img_url!, member);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload).toEqual(PNG);
    }
    expect(fetches(), 'showing the icon does not call the other site').toHaveLength(1);
    const [row] = await proctor()
      .ctx.db.select({ data: agentArtifacts.data })
      .from(agentArtifacts)
      .where(eq(agentArtifacts.id, agent.id));
    expect((row!.data as { icon_key: string }).icon_key).toMatch(
      new RegExp(`^agents/${member.organization!.id}/[0-9a-f]{64}\\.png$`),
    );
  });

  it("should add each type of agent with its own fields, newest first, and show a URL icon from Proctor's copy", async () => {
    const member = await manager();
    const human = await created(member, { alias: alias('rita'), type: 'human', humanName: 'Rita Tester' });
    const dev = await created(member, {
      alias: alias('local bot'),
      type: 'dev',
      endpoint: 'http://127.0.0.1:8000/run',
      description: '  A bot on my laptop  ',
    });
    const box = await created(member, {
      alias: alias('boxed'),
      type: 'git_container',
      repoUrl: 'https://git.example.test/agents/boxed.git',
      branch: 'main',
      commitHash: '0123abcd',
      // Fields of other types are not kept.
      humanName: 'Nobody',
    });
    expect(human).toMatchObject({
      userId: member.user.id,
      organizationId: member.organization!.id,
      archived: false,
      data: {
        type: 'human',
        human_name: 'Rita Tester',
        img_url: `/api/agent-artifacts/${human.id}/icon`,
        description: '',
      },
    });
    expect(dev.data).toEqual({
      type: 'dev',
      endpoint: 'http://127.0.0.1:8000/run',
      description: 'A bot on my laptop',
      img_url: `/api/agent-artifacts/${dev.id}/icon`,
    });
    expect(box.data).toEqual({
      type: 'git_container',
      repo_url: 'https://git.example.test/agents/boxed.git',
      branch: 'main',
      commit_hash: '0123abcd',
      description: '',
      img_url: `/api/agent-artifacts/${box.id}/icon`,
    });
    expect((await list(member)).map((agent) => agent.alias)).toEqual([box.alias, dev.alias, human.alias]);
    const served = await icon(dev.data.img_url!, member);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);
  });

  it('should refuse an alias the organization already uses, archived or not; another organization may use it', async () => {
    const member = await manager();
    const first = await created(member, {
      alias: 'claude-agent',
      type: 'dev',
      endpoint: 'https://a.example.test',
    });
    const again = await create(member, {
      alias: ' claude-agent ',
      type: 'human',
      humanName: 'Someone',
      imgUrl: URL_ICON,
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'An agent named "claude-agent" already exists' });

    expect((await archive(member, first.id)).status).toBe(200);
    const afterArchive = await create(member, {
      alias: 'claude-agent',
      type: 'dev',
      endpoint: 'https://a.example.test',
      imgUrl: URL_ICON,
    });
    expect(afterArchive.status).toBe(409);
    expect(afterArchive.body.detail).toBe('An archived agent is named "claude-agent": choose another alias');

    const elsewhere = await manager();
    await created(elsewhere, { alias: 'claude-agent', type: 'dev', endpoint: 'https://a.example.test' });
  });

  it('should draw an emoji icon, or the type’s emoji, into a 128x128 PNG its organization can fetch', async () => {
    const member = await manager();
    const fox = await created(member, {
      alias: alias('fox'),
      type: 'dev',
      endpoint: 'https://a.example.test',
      imgUrl: '🦊',
    });
    const human = await created(member, {
      alias: alias('person'),
      type: 'human',
      humanName: 'Pat',
      imgUrl: undefined,
    });
    for (const agent of [fox, human]) {
      expect(agent.data.img_url).toBe(`/api/agent-artifacts/${agent.id}/icon`);
      const served = await icon(agent.data.img_url!, member);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      // Square, and transparent around the emoji.
      expect(readPng(served.rawPayload)).toEqual({ width: 128, height: 128, cornerAlpha: 0 });
    }
    // Kept by content: the same emoji drawn again is the same blob.
    const robot = await created(member, {
      alias: alias('robot'),
      type: 'dev',
      endpoint: 'https://a.example.test',
      imgUrl: undefined,
    });
    const robotAgain = await created(member, {
      alias: alias('robot'),
      type: 'dev',
      endpoint: 'https://a.example.test',
      imgUrl: DEFAULT_AGENT_EMOJI.dev,
    });
    const keys = await proctor()
      .ctx.db.select({ id: agentArtifacts.id, data: agentArtifacts.data })
      .from(agentArtifacts)
      .where(eq(agentArtifacts.organizationId, member.organization!.id));
    const keyOf = (id: number) => (keys.find((row) => row.id === id)!.data as { icon_key: string }).icon_key;
    expect(keyOf(robot.id)).toMatch(new RegExp(`^agents/${member.organization!.id}/[0-9a-f]{64}\\.png$`));
    expect(keyOf(robotAgain.id)).toBe(keyOf(robot.id));
    expect(
      keyOf(fox.id),
      'two emoji drew the same picture: is an emoji font installed (Debian: fonts-noto-color-emoji)?',
    ).not.toBe(keyOf(robot.id));

    // Another organization's member gets 404; a platform admin (who sees every organization's sessions) may.
    const stranger = await manager();
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    expect((await icon(fox.data.img_url!, stranger)).statusCode).toBe(404);
    expect((await icon(fox.data.img_url!, admin)).statusCode).toBe(200);
    const iconStatus = async (url: string) => (await icon(url, member)).statusCode;
    expect(await iconStatus('/api/agent-artifacts/999999/icon')).toBe(404);
    expect(await iconStatus('/api/agent-artifacts/99999999999/icon')).toBe(404);
    expect(await iconStatus(`/api/agent-artifacts/${encodeURIComponent(fox.alias)}/icon`)).toBe(400);
  });

  it('should keep every organization’s agents to itself: list, archive and results', async () => {
    const owner = await manager();
    const agent = await created(owner, {
      alias: alias('private'),
      type: 'dev',
      endpoint: 'https://a.example.test',
    });
    const stranger = await manager();
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    for (const other of [stranger, admin]) {
      expect(await list(other)).toEqual([]);
      for (const ref of [agent.id, agent.alias]) {
        const archived = await archive(other, ref);
        expect(archived.status).toBe(404);
        const read = await results(other, ref);
        expect(read.status).toBe(404);
        expect(read.body).toEqual({ detail: AGENT_MESSAGES.notFound });
      }
    }
    expect((await list(owner)).map((a) => a.id)).toEqual([agent.id]);
    expect((await results(owner, 'no-such-agent')).body).toEqual({ detail: AGENT_MESSAGES.notFound });
  });

  it('should archive an agent by id or alias: it leaves the list, its sessions and results stay', async () => {
    const member = await manager();
    const [one, two] = [
      await created(member, { alias: alias('one'), type: 'dev', endpoint: 'https://a.example.test' }),
      await created(member, { alias: alias('two'), type: 'dev', endpoint: 'https://a.example.test' }),
    ];
    const [session] = await proctor()
      .ctx.db.insert(sessions)
      .values({
        publicId: newPublicId(),
        status: 'scoring_completed',
        organizationId: member.organization!.id,
        agentArtifactId: one!.id,
      })
      .returning();

    const byId = await archive(member, one!.id);
    expect(byId.status).toBe(200);
    expect(byId.body.artifact).toMatchObject({
      id: one!.id,
      archived: true,
    });
    const byAlias = await archive(member, two!.alias);
    expect(byAlias.body.artifact).toMatchObject({
      id: two!.id,
      archived: true,
    });
    expect(await list(member)).toEqual([]);

    const [kept] = await proctor().ctx.db.select().from(sessions).where(eq(sessions.id, session!.id));
    expect(kept!.agentArtifactId).toBe(one!.id);
    const read = await results(member, one!.alias);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      agent: { archived: true },
      summary: { total: 1 },
    });
  });

  it('should list an agent stored in an older shape, each field that no longer reads shown as its default', async () => {
    const member = await manager();
    const name = alias('older');
    // Written as JSON: no type, an icon that is not text, a built-in kind that no longer exists.
    const older = { img_url: 7, endpoint: 'https://a.example.test', builtin: 'retired' };
    await proctor()
      .ctx.db.insert(agentArtifacts)
      .values({
        organizationId: member.organization!.id,
        alias: name,
        data: sql`${JSON.stringify(older)}::jsonb`,
      });
    const [agent] = await list(member);
    expect(agent).toMatchObject({
      alias: name,
      data: { type: 'dev', img_url: null, description: '', endpoint: 'https://a.example.test' },
      notRunnableReason: null,
    });
    expect(agent!.data).not.toHaveProperty('builtin');
  });

  describe('results per test case', () => {
    let clock = Date.parse('2026-05-01T08:00:00Z');
    const tick = () => {
      clock += 60_000;
      return new Date(clock);
    };

    it('should count scored, passed and infrastructure failures by the classification rules, with intervals and pass@k', async () => {
      const member = await manager();
      const organizationId = member.organization!.id;
      const superScorer = await proctor().actor({
        organization: member.organization,
        permissions: { is_super_scorer: true },
      });
      const { db } = proctor().ctx;
      const agent = await created(member, {
        alias: alias('scored bot'),
        type: 'dev',
        endpoint: 'https://a.example.test',
      });
      const other = await created(member, {
        alias: alias('other bot'),
        type: 'dev',
        endpoint: 'https://a.example.test',
      });
      const [simulator] = await db
        .insert(simulators)
        .values({ name: `agents-sim-${newPublicId().slice(0, 8)}` })
        .returning();
      const [checkout, search] = await db
        .insert(testCases)
        .values(
          ['Checkout', 'Search'].map((name) => ({
            publicId: newPublicId(),
            organizationId,
            simulatorId: simulator!.id,
            name: `${name} ${counter}`,
          })),
        )
        .returning();

      async function run(
        testCaseId: number | null,
        verdicts: { automatic?: boolean; superScorer?: boolean; autoFailed?: boolean },
        values: Partial<typeof sessions.$inferInsert> = {},
      ) {
        const [session] = await db
          .insert(sessions)
          .values({
            publicId: newPublicId(),
            status: 'scoring_completed',
            organizationId,
            agentArtifactId: agent.id,
            testCaseId,
            createdAt: tick(),
            ...values,
          })
          .returning();
        const id = session!.id;
        if (verdicts.automatic !== undefined)
          await recordScores(db, {
            sessionId: id,
            type: 'state_mutation_match',
            result: {
              correct: verdicts.automatic,
              reason: verdicts.automatic ? 'Done' : 'A change is missing',
            },
            createdAt: tick(),
          });
        if (verdicts.autoFailed)
          await recordScores(db, {
            sessionId: id,
            type: 'system_scoring',
            result: { correct: false, reason: 'Auto Failed: No Mutations' },
            createdAt: tick(),
          });
        if (verdicts.superScorer !== undefined)
          await recordScores(db, {
            sessionId: id,
            userId: superScorer.user.id,
            type: 'human_in_the_loop',
            config: { is_super_scorer: true },
            result: { correct: verdicts.superScorer, reason: 'Decided' },
            createdAt: tick(),
          });
        return id;
      }

      // Checkout: a pass; a fail; a fail that a person decided passed; one the system auto-marked incorrect
      // (left out); one whose run failed (counted apart); one archived and one replay (not counted at all).
      const pass = await run(checkout!.id, { automatic: true });
      await run(checkout!.id, { automatic: false });
      await run(checkout!.id, { automatic: false, superScorer: true });
      await run(checkout!.id, { automatic: true, autoFailed: true });
      await run(checkout!.id, {}, { status: 'run_failed' });
      await run(checkout!.id, { automatic: true }, { archived: true });
      await run(checkout!.id, { automatic: true }, { replayOfSessionId: pass });
      // Search: a pass, and a session without an automatic verdict that a person failed.
      await run(search!.id, { automatic: true });
      await run(search!.id, { superScorer: false });
      // No test case: a fail, and one whose scoring failed.
      await run(null, { automatic: false });
      await run(null, {}, { status: 'scoring_failed' });
      // Another agent's session of the same test case.
      await db.insert(sessions).values({
        publicId: newPublicId(),
        status: 'scoring_completed',
        organizationId,
        agentArtifactId: other.id,
        testCaseId: checkout!.id,
      });

      for (const ref of [agent.alias, String(agent.id)]) {
        const response = await results(member, ref);
        expect(response.status).toBe(200);
        const body = response.body;
        expect(body.agent.id).toBe(agent.id);
        const [first, second, none] = body.testCases;
        expect(body.testCases).toHaveLength(3);

        expect(first).toMatchObject({
          testCase: { id: checkout!.id, publicId: checkout!.publicId, name: checkout!.name },
          simulator: { id: simulator!.id, name: simulator!.name },
          total: 5,
          scored: 3,
          passed: 2,
          infrastructureFailures: 1,
          needsHumanScoring: 2,
          humanDisagreements: 1,
        });
        // 2 of 3: 95% Wilson interval 20.8–93.9% (worked by hand: centre (p + z²/2n)/(1 + z²/n), z = 1.96).
        expect(first!.successRate).toMatchObject({ passed: 2, total: 3 });
        expect(first!.successRate.rate).toBeCloseTo(2 / 3, 10);
        expect(first!.successRate.low).toBeCloseTo(0.20766, 4);
        expect(first!.successRate.high).toBeCloseTo(0.93851, 4);
        // n = 3, c = 2: pass@k = 1 − C(1,k)/C(3,k), pass^k = C(2,k)/C(3,k).
        expect(Object.keys(first!.passAtK)).toEqual(['1', '2', '3']);
        expect(first!.passAtK['1']).toBeCloseTo(2 / 3, 10);
        expect(first!.passAtK['2']).toBe(1);
        expect(first!.passAtK['3']).toBe(1);
        expect(first!.passHatK['1']).toBeCloseTo(2 / 3, 10);
        expect(first!.passHatK['2']).toBeCloseTo(1 / 3, 10);
        expect(first!.passHatK['3']).toBe(0);

        expect(second).toMatchObject({
          testCase: { id: search!.id },
          total: 2,
          scored: 2,
          passed: 1,
          infrastructureFailures: 0,
          needsHumanScoring: 1,
          humanDisagreements: 0,
          passAtK: { '1': 0.5, '2': 1 },
          passHatK: { '1': 0.5, '2': 0 },
        });
        expect(second!.successRate.low).toBeCloseTo(0.09453, 4);
        expect(second!.successRate.high).toBeCloseTo(0.90547, 4);

        expect(none).toMatchObject({
          testCase: null,
          simulator: null,
          total: 2,
          scored: 1,
          passed: 0,
          infrastructureFailures: 1,
          passAtK: { '1': 0 },
          passHatK: { '1': 0 },
          successRate: { passed: 0, total: 1, rate: 0, low: 0 },
        });
        expect(none!.successRate.high).toBeCloseTo(0.79345, 4);

        // 3 of 6 overall: 18.8–81.2%.
        expect(body.summary).toMatchObject({
          total: 9,
          scored: 6,
          passed: 3,
          infrastructureFailures: 2,
          needsHumanScoring: 4,
          humanDisagreements: 1,
          successRate: { passed: 3, total: 6, rate: 0.5 },
        });
        expect(body.summary.successRate.low).toBeCloseTo(0.18762, 4);
        expect(body.summary.successRate.high).toBeCloseTo(0.81238, 4);
      }
    });

    it('should answer an agent without sessions with empty results', async () => {
      const member = await manager();
      const agent = await created(member, {
        alias: alias('idle'),
        type: 'dev',
        endpoint: 'https://a.example.test',
      });
      const body = (await results(member, agent.alias)).body;
      expect(body.testCases).toEqual([]);
      expect(body.summary).toEqual({
        total: 0,
        scored: 0,
        passed: 0,
        infrastructureFailures: 0,
        needsHumanScoring: 0,
        humanDisagreements: 0,
        successRate: { passed: 0, total: 0, rate: null, low: null, high: null },
      });
    });

    it('should find an agent by its alias first, which may be all digits, then by its id', async () => {
      const member = await manager();
      const first = await created(member, {
        alias: alias('first'),
        type: 'dev',
        endpoint: 'https://a.example.test',
      });
      const namedLikeFirst = await created(member, {
        alias: String(first.id),
        type: 'dev',
        endpoint: 'https://a.example.test',
      });
      const numbered = await created(member, {
        alias: '2147483647',
        type: 'dev',
        endpoint: 'https://a.example.test',
      });
      const agentOf = async (ref: string | number) => (await results(member, ref)).body.agent.id;
      // The alias "<first's id>" names the agent called so; first is still reached by its own alias.
      expect(await agentOf(first.id)).toBe(namedLikeFirst.id);
      expect(await agentOf(first.alias)).toBe(first.id);
      expect(await agentOf(namedLikeFirst.id)).toBe(namedLikeFirst.id);
      expect(await agentOf('2147483647')).toBe(numbered.id);
      expect((await results(member, '99999999999')).status).toBe(404);
    });
  });

  describe('agents named by SDK runs at reset', () => {
    async function simulatorRow() {
      const [row] = await proctor()
        .ctx.db.insert(simulators)
        .values({ name: `sdk-sim-${newPublicId().slice(0, 8)}` })
        .returning();
      return row!;
    }
    const start = (
      owner: Actor | { organizationId: number; userId: number | null },
      simulator: { id: number; name: string },
      agentVersion: string | null,
    ) =>
      startSession(proctor().ctx.db, {
        ...('user' in owner ? { organizationId: owner.organization!.id, userId: owner.user.id } : owner),
        simulatorId: simulator.id,
        simulatorName: simulator.name,
        jobGroupPublicId: newPublicId(),
        testCaseId: null,
        source: 'sdk',
        agentVersion,
      });

    it('should make the agent on its first run and link every later run to it', async () => {
      const member = await manager();
      const simulator = await simulatorRow();
      const first = await start(member, simulator, 'my-sdk-agent v1');
      const second = await start(member, simulator, 'my-sdk-agent v1');
      expect(first.agentArtifactId).not.toBeNull();
      expect(second.agentArtifactId).toBe(first.agentArtifactId);
      expect(first.simulatorConfig).toMatchObject({ agent_version: 'my-sdk-agent v1' });

      const [agent] = await list(member);
      expect(agent).toMatchObject({
        id: first.agentArtifactId,
        alias: 'my-sdk-agent v1',
        userId: member.user.id,
        organizationId: member.organization!.id,
        archived: false,
        data: { type: 'dev', endpoint: null, description: SDK_AGENT_DESCRIPTION, img_url: null },
      });
      expect((await results(member, agent!.alias)).body.summary.total).toBe(2);
      // Without agent_version a run has no agent.
      expect((await start(member, simulator, null)).agentArtifactId).toBeNull();
    });

    it('should make one agent when several first runs with one alias start at once', async () => {
      const member = await manager();
      const simulator = await simulatorRow();
      const owner = { organizationId: member.organization!.id, userId: null };
      const runs = await Promise.all(
        Array.from({ length: 6 }, () => start(owner, simulator, 'parallel-agent')),
      );
      const ids = new Set(runs.map((run) => run.agentArtifactId));
      expect(ids.size).toBe(1);
      expect([...ids][0]).not.toBeNull();
      const agents = await list(member);
      expect(agents.map((agent) => [agent.alias, agent.userId])).toEqual([['parallel-agent', null]]);
    });

    it("should link to the organization's own agent of that alias, archived or not, never another's", async () => {
      const member = await manager();
      const stranger = await manager();
      const simulator = await simulatorRow();
      const made = await created(member, {
        alias: 'shared-name',
        type: 'dev',
        endpoint: 'https://a.example.test',
      });
      const theirs = await start(stranger, simulator, 'shared-name');
      expect(theirs.agentArtifactId).not.toBe(made.id);
      expect((await start(member, simulator, 'shared-name')).agentArtifactId).toBe(made.id);
      expect((await archive(member, made.id)).status).toBe(200);
      expect((await start(member, simulator, 'shared-name')).agentArtifactId).toBe(made.id);
      expect(await list(member)).toEqual([]);
    });
  });
}

describeEachDatabase('agents', agentsSuite, { env: { OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1' } });

describe('drawing icons', () => {
  it('should answer 503 rather than hang when the drawing takes too long or Chromium is missing', async () => {
    const hurried = new EmojiIconRenderer({
      chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      timeoutMs: 1,
    });
    await expect(hurried.render('🦊')).rejects.toMatchObject({ status: 503, detail: ICON_MESSAGES.timedOut });
    const missing = new EmojiIconRenderer({ chromiumPath: '/nonexistent/chromium' });
    const error = await missing.render('🦊').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503, detail: ICON_MESSAGES.unavailable });
  });
});
