// Every test case's reference solution and wrong variant run in CI through Proctor's benchmarker:
// apps/server/test/builtInBenchmark.test.ts (-t chat for this app's alone).
import { afterEach, describe, expect, it } from 'vitest';
import { AUTO_REPLIES } from '../../src/apps/chat/data/scenario';
import { cleanBody, renderBody, scenarioId, suggestChannelName } from '../../src/apps/chat/domain';
import { chat } from '../../src/apps/chat/index';
import { parseSearch } from '../../src/apps/chat/routes/workspace';
import { SimulatorHost, type SimulatorInstance, testCaseProblems, vocabularyCoverage } from '../../src/index';
import { InstanceClient } from '../../src/testing/index';

const host = new SimulatorHost();
let next = 0;
function instance(): SimulatorInstance {
  next += 1;
  return host.createInstance(chat, { id: `chat-unit-${next}` });
}
afterEach(() => {
  for (const live of host.instances()) live.destroy();
});

async function signedIn(live: SimulatorInstance): Promise<InstanceClient> {
  const client = new InstanceClient(live);
  await client.post('/login', { email: chat.auth.user, password: chat.auth.password, next: '/c/general' });
  return client;
}

function count(live: SimulatorInstance, sql: string, ...args: unknown[]): number {
  return (live.db.prepare(sql).get(...args) as { n: number }).n;
}

function messagesBy(live: SimulatorInstance, userId: number): { body: string; created_at: string }[] {
  return live.db
    .prepare('SELECT body, created_at FROM messages WHERE user_id = ? ORDER BY id')
    .all(userId) as { body: string; created_at: string }[];
}

describe('chat seed', () => {
  it('should hold a workspace’s worth of people, channels and weeks of messages', () => {
    const live = instance();
    expect(count(live, 'SELECT count(*) AS n FROM users')).toBe(40);
    expect(count(live, 'SELECT count(*) AS n FROM channels')).toBe(12);
    expect(count(live, 'SELECT count(*) AS n FROM channels WHERE is_private = 1')).toBe(2);
    expect(count(live, 'SELECT count(*) AS n FROM messages')).toBeGreaterThan(3000);
    expect(count(live, 'SELECT count(*) AS n FROM messages WHERE parent_id IS NOT NULL')).toBeGreaterThan(
      500,
    );
    expect(count(live, 'SELECT count(*) AS n FROM reactions')).toBeGreaterThan(2000);
    expect(count(live, 'SELECT count(*) AS n FROM files')).toBeGreaterThan(20);
    // Jordan is in every channel; nobody writes in a channel they are not in.
    expect(count(live, 'SELECT count(*) AS n FROM members WHERE user_id = 1')).toBe(12);
    expect(
      count(
        live,
        'SELECT count(*) AS n FROM messages m WHERE NOT EXISTS (SELECT 1 FROM members x WHERE x.channel_id = m.channel_id AND x.user_id = m.user_id)',
      ),
    ).toBe(0);
  });

  it('should keep the rows the test cases name', () => {
    const live = instance();
    const body = (key: string) =>
      (live.db.prepare('SELECT body FROM messages WHERE id = ?').get(scenarioId(key)) as { body: string })
        .body;
    expect(body('offsite-venue')).toContain('Offsite venue confirmed');
    expect(body('typo')).toContain('teh new icons');
    expect(body('leaked-key')).toContain('sk_live_');
    expect(live.db.prepare("SELECT name FROM users WHERE team = 'Data' ORDER BY id").all()).toEqual([
      { name: 'Sam Park' },
      { name: 'Lucia Fernández' },
    ]);
    expect(count(live, "SELECT count(*) AS n FROM users WHERE name LIKE 'Sam %'")).toBe(2);
    // count-unread-mentions and count-dmitri-february-platform read these.
    expect(count(live, 'SELECT count(*) AS n FROM mentions WHERE user_id = 1 AND read = 0')).toBe(5);
    expect(count(live, 'SELECT count(*) AS n FROM mentions WHERE user_id = 1')).toBe(7);
    const february = "created_at >= '2026-02-01' AND created_at < '2026-03-01'";
    expect(
      count(live, `SELECT count(*) AS n FROM messages WHERE user_id = 6 AND channel_id = 3 AND ${february}`),
    ).toBe(32);
    expect(count(live, `SELECT count(*) AS n FROM messages WHERE user_id = 6 AND ${february}`)).toBe(92);
    expect(
      count(
        live,
        "SELECT count(*) AS n FROM reactions WHERE message_id = ? AND emoji = 'ramen'",
        scenarioId('poll-new'),
      ),
    ).toBe(9);
  });
});

describe('chat message text', () => {
  it('should store markdown without markup or control characters', () => {
    expect(cleanBody('  <b>hi</b>\u00a0there<script>x</script>\u200b  ')).toBe('hi therex');
    expect(cleanBody('a\r\n\n\n\nb')).toBe('a\n\nb');
  });

  it('should render only its own constructs, escaping the rest', () => {
    const people = [{ id: 1, name: 'Jordan Avery', handle: 'jordan.avery' }];
    const out = renderBody(
      '**Build** `<i>x</i>` [doc](https://a.io/x) [bad](javascript:alert(1)) @Jordan Avery :tada: <img src=x>',
      people,
    ).toString();
    expect(out).toContain('<strong>Build</strong>');
    expect(out).toContain('<code>&lt;i&gt;x&lt;/i&gt;</code>');
    expect(out).toContain('<a href="https://a.io/x"');
    expect(out).not.toContain('href="javascript');
    expect(out).toContain('class="mention mention-me"');
    expect(out).toContain('🎉');
    expect(out).toContain('&lt;img src=x&gt;');
  });

  it('should suggest a valid channel name and parse search operators', () => {
    expect(suggestChannelName('Churn Model')).toBe('churn-model');
    expect(suggestChannelName('  Équipe #Q2 ')).toBe('equipe-q2');
    expect(parseSearch('stripe webhook from:@omar.haddad in:#support during:2026-03')).toEqual({
      text: 'stripe webhook',
      from: 'omar.haddad',
      in: 'support',
      after: '',
      before: '',
      on: '',
      during: '2026-03',
    });
  });
});

describe('chat routes', () => {
  it('should post from the composer as JSON, with an attachment, and refuse empty or oversized ones', async () => {
    const live = instance();
    const client = await signedIn(live);
    const ok = await client.sendJson('POST', '/c/general/messages', {
      body: 'Notes',
      parent_id: null,
      file: { name: 'a.txt', type: 'text/plain', content: Buffer.from('hello').toString('base64') },
    });
    expect(ok.status).toBe(200);
    const { id, location } = ok.json<{ id: number; location: string }>();
    expect(location).toBe(`/c/general?m=${id}`);
    expect(live.db.prepare('SELECT name, size, type FROM files WHERE message_id = ?').get(id)).toEqual({
      name: 'a.txt',
      size: 5,
      type: 'text/plain',
    });
    const empty = await client.sendJson('POST', '/c/general/messages', { body: '  ', parent_id: null });
    expect(empty.status).toBe(422);
    const big = await client.sendJson('POST', '/c/general/messages', {
      body: 'x',
      file: {
        name: 'big.bin',
        type: 'application/octet-stream',
        content: Buffer.alloc(600 * 1024).toString('base64'),
      },
    });
    expect(big.status).toBe(422);
    expect(big.json<{ error: string }>().error).toMatch(/up to 500 KB/);
  });

  it('should have Priya answer a question about the launch date, once, a minute later', async () => {
    const live = instance();
    const client = await signedIn(live);
    const asked = await client.sendJson('POST', '/c/launch-crew/messages', {
      body: '@Priya Raman new launch date?',
    });
    const { location } = asked.json<{ location: string }>();
    const reply = messagesBy(live, 2).at(-1);
    expect(reply?.body).toBe(AUTO_REPLIES[0]?.body);
    const mine = messagesBy(live, 1).at(-1);
    expect(Date.parse(reply?.created_at ?? '') - Date.parse(mine?.created_at ?? '')).toBe(60_000);
    // The page that follows shows Priya typing, and her message only through its card.
    const page = await client.get(location);
    expect(page.text).toContain('Priya Raman is typing…');
    expect(page.text).not.toContain('Legal asked for one more week');
    const again = messagesBy(live, 2).length;
    await client.sendJson('POST', '/c/launch-crew/messages', { body: 'Priya, is the launch date final?' });
    expect(messagesBy(live, 2).length).toBe(again);
  });

  it('should have Marco follow up in his thread only', async () => {
    const live = instance();
    const client = await signedIn(live);
    await client.sendJson('POST', '/c/platform/messages', { body: 'On it', parent_id: null });
    expect(
      count(
        live,
        'SELECT count(*) AS n FROM messages WHERE user_id = 3 AND parent_id = ?',
        scenarioId('cert-question'),
      ),
    ).toBe(0);
    const res = await client.sendJson('POST', '/c/platform/messages', {
      body: 'I’ll take it',
      parent_id: scenarioId('cert-question'),
    });
    expect(res.json<{ location: string }>().location).toMatch(/\/c\/platform\/t\/14\?m=\d+&awaiting=\d+/);
    expect(
      count(
        live,
        'SELECT count(*) AS n FROM messages WHERE user_id = 3 AND parent_id = ?',
        scenarioId('cert-question'),
      ),
    ).toBe(1);
  });

  it('should refuse a channel name with capitals, suggest one, and create the channel with its members', async () => {
    const live = instance();
    const client = await signedIn(live);
    const refused = await client.post('/channels/new', {
      name: 'Churn Model',
      is_private: 'on',
      invite: ['8', '10'],
    });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('try “churn-model”');
    const taken = await client.post('/channels/new', { name: 'general' });
    expect(taken.text).toContain('#general already exists');
    await client.post('/channels/new', { name: 'churn-model', is_private: 'on', invite: ['8', '10'] });
    const channel = live.db
      .prepare("SELECT id, is_private FROM channels WHERE name = 'churn-model'")
      .get() as { id: number; is_private: number };
    expect(channel).toEqual({ id: 13, is_private: 1 });
    expect(
      live.db.prepare('SELECT user_id FROM members WHERE channel_id = 13 ORDER BY user_id').all(),
    ).toEqual([{ user_id: 1 }, { user_id: 8 }, { user_id: 10 }]);
  });

  it('should let Jordan edit and delete only their own messages, and keep everyone in #general', async () => {
    const live = instance();
    const client = await signedIn(live);
    const other = await client.post(`/m/${scenarioId('onboarding-mocks')}/edit`, { body: 'hijacked' });
    expect(other.status).toBe(403);
    await client.post(`/m/${scenarioId('typo')}/edit`, { body: '   ' });
    expect(count(live, "SELECT count(*) AS n FROM messages WHERE body LIKE '%teh new icons%'")).toBe(1);
    await client.post(`/m/${scenarioId('leaked-key')}/delete`, { back: '/c/random' });
    expect(count(live, "SELECT count(*) AS n FROM messages WHERE body LIKE '%sk_live_%'")).toBe(0);
    const stay = await client.post('/c/general/leave');
    expect(stay.text).toContain('Everyone stays in #general');
    expect(count(live, 'SELECT count(*) AS n FROM members WHERE channel_id = 1 AND user_id = 1')).toBe(1);
  });

  it('should toggle a reaction and refuse emoji it does not know', async () => {
    const live = instance();
    const client = await signedIn(live);
    const id = scenarioId('onboarding-mocks');
    const mine = () =>
      count(live, 'SELECT count(*) AS n FROM reactions WHERE message_id = ? AND user_id = 1', id);
    await client.post(`/m/${id}/react`, { emoji: 'eyes', back: '/c/design' });
    expect(mine()).toBe(1);
    await client.post(`/m/${id}/react`, { emoji: 'eyes', back: '/c/design' });
    expect(mine()).toBe(0);
    await client.post(`/m/${id}/react`, { emoji: 'not_an_emoji', back: '/c/design' });
    expect(mine()).toBe(0);
  });

  it('should search with people, channels and dates', async () => {
    const live = instance();
    const client = await signedIn(live);
    const page = await client.get('/search?q=Stripe+webhook&in=support');
    expect(page.text).toContain('<strong>3</strong> results');
    const dmitri = await client.get(
      '/search?from=dmitri.volkov&in=platform&after=2026-01-31&before=2026-03-01',
    );
    expect(dmitri.text).toContain('<strong>32</strong> results');
    const typed = await client.get('/search?q=from%3A%40dmitri.volkov+in%3A%23platform+during%3A2026-02');
    expect(typed.text).toContain('<strong>32</strong> results');
  });
});

describe('chat test cases', () => {
  it('should be 22 well-formed cases covering every level, skill and capability', () => {
    expect(chat.testCases).toHaveLength(22);
    expect(chat.testCases.flatMap(testCaseProblems)).toEqual([]);
    const coverage = vocabularyCoverage(chat.testCases);
    expect(coverage.missingReasoningLevels).toEqual([]);
    expect(coverage.missingSkills).toEqual([]);
    expect(coverage.missingCapabilities).toEqual([]);
    const hard = chat.testCases.filter((t) => ['level_4', 'level_5'].includes(t.metadata.reasoning_level));
    expect(hard.length).toBeGreaterThanOrEqual(6);
  });
});
