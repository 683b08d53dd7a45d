// Every test case's reference solution and wrong variant run in CI through Proctor's benchmarker:
// apps/server/test/builtInBenchmark.test.ts (-t mail for this app's alone).
import { afterAll, describe, expect, it } from 'vitest';
import { parseRecipients } from '../../src/apps/mail/addresses';
import { mail } from '../../src/apps/mail/index';
import type { MessageRow } from '../../src/apps/mail/mailbox';
import { replyRecipients } from '../../src/apps/mail/routes/compose';
import { vacationProblems } from '../../src/apps/mail/routes/settings';
import { parseSearch } from '../../src/apps/mail/search';
import { SimulatorHost, vocabularyCoverage } from '../../src/index';
import { InstanceClient } from '../../src/testing/index';

const host = new SimulatorHost();
let instances = 0;
afterAll(() => host.close());

async function signedIn(): Promise<InstanceClient> {
  instances += 1;
  const client = new InstanceClient(host.createInstance(mail, { id: `mail-unit-${instances}` }));
  await client.post('/login', { email: mail.auth.user, password: mail.auth.password, next: '/mail/inbox' });
  return client;
}

function threadIds(page: string): number[] {
  return [...page.matchAll(/data-thread-id="(\d+)"/g)].map((m) => Number(m[1]));
}

describe('mail search', () => {
  it('should parse operators, quoted phrases and free words, and report what it does not understand', () => {
    expect(
      parseSearch(
        'from:priya subject:"board deck" has:attachment is:unread label:needs-reply in:archive q2 is:fun',
      ),
    ).toEqual({
      terms: [
        { kind: 'from', value: 'priya' },
        { kind: 'subject', value: 'board deck' },
        { kind: 'has', value: 'attachment' },
        { kind: 'is', value: 'unread' },
        { kind: 'label', value: 'needs reply' },
        { kind: 'in', value: 'archive' },
        { kind: 'text', value: 'q2' },
      ],
      unknown: ['is:fun'],
    });
  });

  it('should search every folder but Spam and Trash unless in: says otherwise', async () => {
    const client = await signedIn();
    const all = await client.get('/search?q=from%3Ajuniperhealth.com+has%3Aattachment');
    expect(threadIds(all.text).sort((a, b) => a - b)).toEqual([14, 15, 17, 18]);
    const inbox = await client.get('/search?q=from%3Ajuniperhealth.com+in%3Ainbox+has%3Aattachment');
    expect(threadIds(inbox.text).sort((a, b) => a - b)).toEqual([14, 15, 18]);
    const trash = await client.get('/search?q=subject%3A%22flash+sale%22');
    expect(threadIds(trash.text)).toEqual([]);
    const anywhere = await client.get('/search?q=subject%3A%22flash+sale%22+in%3Aanywhere');
    expect(threadIds(anywhere.text)).toEqual([25]);
  });

  it('should page and sort a mailbox', async () => {
    const client = await signedIn();
    const first = threadIds((await client.get('/mail/archive?sort=oldest')).text);
    const second = threadIds((await client.get('/mail/archive?sort=oldest&page=2')).text);
    expect(first).toHaveLength(25);
    expect(first[0]).toBe(26);
    expect(second.some((id) => first.includes(id))).toBe(false);
  });
});

describe('mail compose rules', () => {
  it('should parse "Name <address>" recipients and keep what is not an address apart', () => {
    expect(
      parseRecipients(
        'Priya Natarajan <Priya.Natarajan@fernhill.io>, bob@, omar.haddad@fernhill.io; priya.natarajan@fernhill.io',
      ),
    ).toEqual({
      addresses: ['priya.natarajan@fernhill.io', 'omar.haddad@fernhill.io'],
      invalid: ['bob@'],
    });
  });

  it('should address reply-all to the sender and every other recipient but me, keeping cc apart', () => {
    const source = {
      from_email: 'priya.natarajan@fernhill.io',
      to_addrs: 'sofia.lindqvist@fernhill.io, nora.bishop@fernhill.io, marcus.reyes@fernhill.io',
      cc_addrs: 'leo.martins@fernhill.io, marcus.reyes@fernhill.io',
    } as MessageRow;
    expect(replyRecipients(source, 'reply')).toEqual({ to: ['priya.natarajan@fernhill.io'], cc: [] });
    expect(replyRecipients(source, 'reply_all')).toEqual({
      to: ['priya.natarajan@fernhill.io', 'sofia.lindqvist@fernhill.io', 'marcus.reyes@fernhill.io'],
      cc: ['leo.martins@fernhill.io'],
    });
  });

  it('should refuse invalid or missing recipients and ask before sending without a subject', async () => {
    const client = await signedIn();
    const invalid = await client.post('/compose', {
      to: 'daniel@fernhill',
      subject: 'Hi',
      body: 'x',
      action: 'send',
    });
    expect(invalid.status).toBe(422);
    expect(invalid.text).toContain('“daniel@fernhill” is not a valid email address');
    const missing = await client.post('/compose', { to: '', subject: 'Hi', body: 'x', action: 'send' });
    expect(missing.text).toContain('Add at least one recipient');
    const noSubject = await client.post('/compose', {
      to: 'omar.haddad@fernhill.io',
      body: 'x',
      action: 'send',
    });
    expect(noSubject.status).toBe(422);
    expect(noSubject.text).toContain('Send without a subject?');
    expect(client.instance.state()).toEqual([]);
    await client.post('/compose', { to: 'omar.haddad@fernhill.io', body: 'x', confirm_no_subject: '1' });
    expect(client.instance.state().map((m) => `${m.action} ${m.table_name}`)).toEqual([
      'INSERT threads',
      'INSERT messages',
    ]);
  });

  it('should turn an undone send back into a draft, and an undone delete into nothing', async () => {
    const client = await signedIn();
    await client.post('/compose', {
      to: 'omar.haddad@fernhill.io',
      subject: 'Plan',
      body: 'Link',
      signature: '1',
    });
    const undone = await client.post('/undo');
    expect(undone.text).toContain('Sending undone');
    const kept = client.instance.state().filter((m) => m.action === 'INSERT' && m.table_name === 'drafts');
    expect(kept.map((m) => m.new?.subject)).toEqual(['Plan']);

    const other = await signedIn();
    await other.post('/thread/3/action', { action: 'trash' });
    expect(other.instance.state()).toHaveLength(1);
    await other.post('/undo');
    const net = other.instance.state().filter((m) => m.table_name === 'threads');
    expect(net.map((m) => m.new?.folder)).toEqual(['trash', 'inbox']);
  });

  it('should give the same mutations, byte for byte, for the same actions on two instances', async () => {
    const runs: string[] = [];
    for (let i = 0; i < 2; i++) {
      const client = await signedIn();
      await client.post('/compose', {
        thread: '2',
        mode: 'reply_all',
        to: 'sofia.lindqvist@fernhill.io',
        body: 'Yes',
        subject: 'Re: x',
      });
      await client.post('/mail/bulk', { ids: ['19', '20'], action: 'archive', return: '/mail/inbox' });
      await client.post('/labels', { name: 'Travel', color: 'green' });
      runs.push(JSON.stringify(client.instance.mutations()));
    }
    expect(runs[1]).toBe(runs[0]);
  });
});

describe('mail settings', () => {
  const base = {
    enabled: true,
    start: '2026-03-16',
    end: '2026-03-20',
    subject: 'Away',
    message: 'Back soon',
  };
  it('should accept a responder in the future and explain what is wrong otherwise', () => {
    expect(vacationProblems(base, '2026-03-10')).toEqual({});
    expect(vacationProblems({ ...base, end: '2026-03-12' }, '2026-03-10').vacation_end).toBe(
      'Last day must be on or after the first day',
    );
    expect(
      vacationProblems({ ...base, start: '2026-03-01', end: '2026-03-05' }, '2026-03-10').vacation_end,
    ).toBe('Last day cannot be in the past');
    expect(vacationProblems({ ...base, start: null, message: '' }, '2026-03-10')).toEqual({
      vacation_start: 'Choose the first day you are away',
      vacation_message: 'Message is required when the responder is on',
    });
    expect(vacationProblems({ ...base, enabled: false, start: null }, '2026-03-10')).toEqual({});
  });
});

describe('mail test cases', () => {
  it('should cover every reasoning level at least twice, every skill and the capabilities of a mail client', () => {
    const { testCases } = mail;
    expect(testCases.length).toBeGreaterThanOrEqual(15);
    const coverage = vocabularyCoverage(testCases);
    expect(coverage.missingReasoningLevels).toEqual([]);
    expect(coverage.missingSkills).toEqual([]);
    // A mail client has no iframe or shadow-DOM widget; the other simulators cover that capability.
    expect(coverage.missingCapabilities).toEqual(['iframe_and_shadow_dom']);
    for (const level of ['level_1', 'level_2', 'level_3', 'level_4', 'level_5']) {
      expect(
        testCases.filter((t) => t.metadata.reasoning_level === level).length,
        level,
      ).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('mail seed', () => {
  it('should hold a mailbox as rich as a real one', () => {
    const instance = host.createInstance(mail, { id: 'mail-seed' });
    const count = (table: string) =>
      (instance.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect(count('threads')).toBeGreaterThanOrEqual(350);
    expect(count('messages')).toBeGreaterThanOrEqual(600);
    expect(count('contacts')).toBeGreaterThanOrEqual(120);
    expect(count('attachments')).toBeGreaterThanOrEqual(80);
    expect(count('thread_labels')).toBeGreaterThanOrEqual(100);
    const folders = instance.db.prepare('SELECT DISTINCT folder FROM threads ORDER BY folder').all() as {
      folder: string;
    }[];
    expect(folders.map((f) => f.folder)).toEqual(['archive', 'inbox', 'sent', 'spam', 'trash']);
  });

  it('should serve every main page without writing', async () => {
    const client = await signedIn();
    for (const path of [
      '/mail/inbox',
      '/mail/starred',
      '/mail/sent',
      '/mail/drafts',
      '/mail/archive',
      '/mail/spam',
      '/mail/trash',
      '/thread/2',
      '/compose?thread=8&mode=forward',
      '/label/1',
      '/labels',
      '/contacts',
      '/contacts/9',
      '/settings',
      '/search?q=is%3Astarred',
    ]) {
      expect((await client.get(path)).status, path).toBe(200);
    }
    expect(client.instance.mutations()).toEqual([]);
  });
});
