// Every test case's reference solution and wrong variant run in CI through Proctor's benchmarker:
// apps/server/test/builtInBenchmark.test.ts (-t bank for this app's alone).
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, availableOf, NEW_PAYEE, TODAY } from '../../src/apps/bank/data/scenario';
import { parseDollars, routingValid, routingWithCheckDigit } from '../../src/apps/bank/domain';
import { bank } from '../../src/apps/bank/index';
import { SimulatorHost, type SimulatorInstance, testCaseProblems, vocabularyCoverage } from '../../src/index';
import { InstanceClient } from '../../src/testing/index';

const host = new SimulatorHost();
let next = 0;
function instance(): SimulatorInstance {
  next += 1;
  return host.createInstance(bank, { id: `bank-unit-${next}` });
}
afterEach(() => {
  for (const live of host.instances()) live.destroy();
});

async function signedIn(live: SimulatorInstance): Promise<InstanceClient> {
  const client = new InstanceClient(live);
  await client.post('/login', { email: bank.auth.user, password: bank.auth.password, next: '/accounts' });
  return client;
}

function one<T>(live: SimulatorInstance, sql: string, ...args: unknown[]): T {
  return live.db.prepare(sql).get(...args) as T;
}

function count(live: SimulatorInstance, sql: string, ...args: unknown[]): number {
  return one<{ n: number }>(live, sql, ...args).n;
}

/** Reviews a transfer and returns it with its code, as the secure message tells it. */
async function review(client: InstanceClient, live: SimulatorInstance, fields: Record<string, string>) {
  const response = await client.post('/transfers', fields);
  const transfer = one<{ id: number; reference: string; status: string; code: string } | undefined>(
    live,
    'SELECT id, reference, status, code FROM transfers ORDER BY id DESC LIMIT 1',
  );
  return { response, transfer };
}

describe('bank seed', () => {
  it('should hold a year of a household’s banking', () => {
    const live = instance();
    expect(count(live, 'SELECT count(*) AS n FROM accounts')).toBe(4);
    expect(count(live, 'SELECT count(*) AS n FROM transactions')).toBeGreaterThanOrEqual(1500);
    expect(count(live, 'SELECT count(*) AS n FROM statements')).toBe(48);
    expect(count(live, 'SELECT count(*) AS n FROM payees')).toBeGreaterThanOrEqual(20);
    expect(count(live, 'SELECT count(*) AS n FROM cards')).toBe(4);
    expect(count(live, 'SELECT count(*) AS n FROM expense_lines')).toBeGreaterThanOrEqual(40);
    expect(count(live, 'SELECT count(*) AS n FROM transactions WHERE posted_on > ?', TODAY)).toBe(0);
    expect(count(live, "SELECT count(*) AS n FROM transactions WHERE status = 'pending'")).toBe(9);
  });

  it('should keep the hand-written rows at the ids the test cases name', () => {
    const live = instance();
    const merchants = live.db
      .prepare('SELECT id, merchant FROM transactions WHERE id <= 13 ORDER BY id')
      .all();
    expect(merchants.map((r) => (r as { merchant: string }).merchant)).toEqual([
      'Uber',
      'Uber',
      'Uber Eats',
      'Uber',
      'Uber',
      'Uber',
      'Uber',
      'Uber Eats',
      'Northgate Fitness',
      'Northgate Fitness',
      'Olive & Thyme',
      'Petals & Stems',
      'Staples',
    ]);
    expect(one(live, 'SELECT name FROM payees WHERE id = 2')).toEqual({ name: 'Riverside Electric' });
    expect(one(live, 'SELECT name FROM payees WHERE id = 10')).toEqual({ name: 'Comcast Xfinity' });
    expect(one(live, 'SELECT last4, status FROM cards WHERE id = 1')).toEqual({
      last4: '4821',
      status: 'active',
    });
    expect(one(live, 'SELECT merchant FROM expense_lines WHERE id = 2')).toEqual({
      merchant: 'Hotel Palomar Chicago',
    });
  });

  it('should chain statements into the balances of today', () => {
    const live = instance();
    for (const account of ACCOUNTS) {
      const rows = live.db
        .prepare(
          'SELECT opening_balance, closing_balance, total_in, total_out FROM statements WHERE account_id = ? ORDER BY period_start',
        )
        .all(account.id) as {
        opening_balance: number;
        closing_balance: number;
        total_in: number;
        total_out: number;
      }[];
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i]!;
        expect(row.closing_balance).toBe(row.opening_balance + row.total_in + row.total_out);
        if (i > 0) expect(row.opening_balance).toBe(rows[i - 1]!.closing_balance);
      }
      const april = count(
        live,
        "SELECT COALESCE(SUM(amount), 0) AS n FROM transactions WHERE account_id = ? AND status = 'posted' AND posted_on >= '2026-04-01'",
        account.id,
      );
      expect(rows.at(-1)!.closing_balance + april).toBe(account.balance);
      expect(one(live, 'SELECT available FROM accounts WHERE id = ?', account.id)).toEqual({
        available: availableOf(account),
      });
    }
  });
});

describe('bank rules', () => {
  it('should check routing numbers with the ABA checksum', () => {
    expect(routingValid(NEW_PAYEE.routing)).toBe(true);
    expect(routingValid('121000385')).toBe(false);
    expect(routingValid('12100035')).toBe(false);
    expect(routingValid(routingWithCheckDigit('02600959'))).toBe(true);
    const live = instance();
    for (const { routing } of live.db.prepare('SELECT routing FROM payees').all() as { routing: string }[])
      expect(routingValid(routing)).toBe(true);
  });

  it('should read amounts as people type them', () => {
    expect(parseDollars('1,850')).toBe(185_000);
    expect(parseDollars('$42.5')).toBe(4_250);
    expect(parseDollars('12.345')).toBeNull();
    expect(parseDollars('ten')).toBeNull();
  });

  it('should write the one-time code a step later and hide it from the first page', async () => {
    const live = instance();
    const client = await signedIn(live);
    const { response, transfer } = await review(client, live, { from: '2', to: 'account:1', amount: '100' });
    expect(response.status).toBe(200);
    expect(transfer?.status).toBe('awaiting_code');
    const message = one<{ id: number; body: string; created_at: string }>(
      live,
      'SELECT id, body, created_at FROM messages ORDER BY id DESC LIMIT 1',
    );
    expect(message.body).toContain(`Use ${transfer?.code} to confirm transfer ${transfer?.reference} `);
    expect(Date.parse(message.created_at) - live.clock.now().getTime()).toBe(60_000);
    expect(response.text).not.toContain(message.body);
    expect(response.text).toContain(`data-arriving="${message.id}"`);
    const later = await client.get(`/transfers/${transfer?.id}`);
    expect(later.text).toContain(transfer?.code);
    const json = await client.get(`/messages/${message.id}`, { accept: 'application/json' });
    expect(json.json<{ body: string }>().body).toBe(message.body);
  });

  it('should cancel a transfer after three wrong codes, moving no money', async () => {
    const live = instance();
    const client = await signedIn(live);
    const { transfer } = await review(client, live, { from: '1', to: 'payee:2', amount: '42.00' });
    const wrong = transfer?.code === '000000' ? '111111' : '000000';
    const first = await client.post(`/transfers/${transfer?.id}/confirm`, { code: wrong });
    expect(first.status).toBe(422);
    expect(first.text).toContain('2 attempts left');
    await client.post(`/transfers/${transfer?.id}/confirm`, { code: wrong });
    const third = await client.post(`/transfers/${transfer?.id}/confirm`, { code: wrong });
    expect(third.text).toContain('cancelled after 3 incorrect codes');
    expect(one(live, 'SELECT status, attempts FROM transfers WHERE id = ?', transfer?.id)).toEqual({
      status: 'cancelled',
      attempts: 3,
    });
    expect(
      live.state().filter((m) => m.table_name === 'accounts' || m.table_name === 'transactions'),
    ).toEqual([]);
    const late = await client.post(`/transfers/${transfer?.id}/confirm`, { code: transfer?.code ?? '' });
    expect(late.text).toContain('no longer waiting for a code');
  });

  it('should move the money of a confirmed transfer on both sides', async () => {
    const live = instance();
    const client = await signedIn(live);
    const { transfer } = await review(client, live, { from: '2', to: 'account:4', amount: '300' });
    const done = await client.post(`/transfers/${transfer?.id}/confirm`, { code: transfer?.code ?? '' });
    expect(done.text).toContain(`Transfer ${transfer?.reference} sent`);
    const savings = ACCOUNTS[1]!;
    const vacation = ACCOUNTS[3]!;
    expect(one(live, 'SELECT balance, available FROM accounts WHERE id = 2')).toEqual({
      balance: savings.balance - 30_000,
      available: availableOf(savings) - 30_000,
    });
    expect(one(live, 'SELECT balance, available FROM accounts WHERE id = 4')).toEqual({
      balance: vacation.balance + 30_000,
      available: availableOf(vacation) + 30_000,
    });
    expect(
      count(live, 'SELECT count(*) AS n FROM transactions WHERE reference = ?', transfer?.reference),
    ).toBe(2);
  });

  it('should refuse a transfer above the available balance, without a trace', async () => {
    const live = instance();
    const client = await signedIn(live);
    const savings = ACCOUNTS[1]!;
    // More than available (the deposit on hold), less than the balance.
    const amount = ((availableOf(savings) + 10_000) / 100).toFixed(2);
    const response = await client.post('/transfers', { from: '2', to: 'account:1', amount });
    expect(response.status).toBe(422);
    expect(response.text).toContain('That’s more than the');
    expect(live.mutations()).toEqual([]);
  });

  it('should refuse a payee with a bad routing number or mismatched account numbers', async () => {
    const live = instance();
    const client = await signedIn(live);
    const base = {
      name: NEW_PAYEE.name,
      bank_name: 'Chase',
      kind: 'business',
      account_number: NEW_PAYEE.account,
    };
    const bad = await client.post('/payees', {
      ...base,
      routing: '121000385',
      confirm_account: NEW_PAYEE.account,
    });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('routing number isn’t valid');
    const mismatch = await client.post('/payees', {
      ...base,
      routing: NEW_PAYEE.routing,
      confirm_account: '1',
    });
    expect(mismatch.text).toContain('account numbers don’t match');
    expect(live.mutations()).toEqual([]);
    const ok = await client.post('/payees', {
      ...base,
      routing: NEW_PAYEE.routing,
      confirm_account: NEW_PAYEE.account,
    });
    expect(ok.text).toContain(`${NEW_PAYEE.name} added to your payees`);
  });

  it('should export the filtered activity as a CSV attachment', async () => {
    const live = instance();
    const client = await signedIn(live);
    const csv = await client.get('/activity/export.csv?q=Uber&from=2026-03-01&to=2026-03-31');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(String(csv.headers['content-disposition'])).toMatch(
      /^attachment; filename="larkspur-activity-2026-04-15\.csv"$/,
    );
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe('Date,Description,Merchant,Category,Account,Status,Amount');
    expect(lines).toHaveLength(1 + 6);
    const statement = await client.get('/statements/23/download');
    expect(String(statement.headers['content-disposition'])).toContain('larkspur-statement-7781-2026-02.csv');
    expect(statement.text).toContain('Closing balance,11787.64');
  });

  it('should take receipts as base64 JSON and hold expense reports until receipts are in', async () => {
    const live = instance();
    const client = await signedIn(live);
    const refused = await client.post('/expenses/1/submit');
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('Hotel Palomar Chicago ($689.22) needs a receipt.');
    const data = Buffer.from('%PDF-1.4 folio').toString('base64');
    const wrongType = await client.sendJson('POST', '/expenses/lines/2/receipt', {
      filename: 'folio.txt',
      contentType: 'text/plain',
      data,
    });
    expect(wrongType.status).toBe(422);
    const ok = await client.sendJson('POST', '/expenses/lines/2/receipt', {
      filename: 'folio.pdf',
      contentType: 'application/pdf',
      data,
    });
    expect(ok.json()).toEqual({ ok: true, redirect: '/expenses/1' });
    const submitted = await client.post('/expenses/1/submit');
    expect(submitted.text).toContain('submitted for approval');
    expect(one(live, 'SELECT status FROM expense_reports WHERE id = 1')).toEqual({ status: 'submitted' });
  });

  it('should not let a pending charge be disputed, nor one be disputed twice', async () => {
    const live = instance();
    const client = await signedIn(live);
    const pending = await client.post('/transactions/15/dispute', {
      reason: 'duplicate',
      details: 'Charged twice here',
    });
    expect(pending.text).toContain('can’t be disputed yet');
    await client.post('/transactions/10/dispute', { reason: 'duplicate', details: 'Charged twice in March' });
    const again = await client.post('/transactions/10/dispute', {
      reason: 'duplicate',
      details: 'Charged twice in March',
    });
    expect(again.text).toContain('already disputed');
    expect(count(live, 'SELECT count(*) AS n FROM disputes')).toBe(1);
  });

  it('should freeze a card from the partner widget and validate its limits', async () => {
    const live = instance();
    const client = await signedIn(live);
    const frozen = await client.post('/widgets/card-controls/1/status', { status: 'frozen' });
    expect(frozen.text).toContain('Card frozen');
    const tooHigh = await client.post('/widgets/card-controls/1/controls', {
      daily_limit: '5000',
      online: '1',
    });
    expect(tooHigh.status).toBe(422);
    expect(one(live, 'SELECT status, daily_limit FROM cards WHERE id = 1')).toEqual({
      status: 'frozen',
      daily_limit: 150_000,
    });
  });

  it('should serve every page without writing', async () => {
    const live = instance();
    const client = await signedIn(live);
    for (const path of [
      '/accounts',
      '/activity?account=3&sort=amount_desc&page=2',
      '/transactions/1',
      '/transfer',
      '/payees?q=river',
      '/scheduled',
      '/cards',
      '/widgets/card-controls/3',
      '/statements?account=3',
      '/statements/36',
      '/statements/36/document',
      '/expenses',
      '/expenses/1',
      '/messages',
    ]) {
      const response = await client.get(path);
      expect(response.status, path).toBe(200);
    }
    expect(live.mutations()).toEqual([]);
  });
});

describe('bank test cases', () => {
  it('should cover the vocabulary with 22 well-formed cases', () => {
    expect(bank.testCases).toHaveLength(22);
    expect(bank.testCases.flatMap(testCaseProblems)).toEqual([]);
    const coverage = vocabularyCoverage(bank.testCases);
    expect(coverage.missingReasoningLevels).toEqual([]);
    expect(coverage.missingSkills).toEqual([]);
    expect(coverage.missingCapabilities).toEqual([]);
    const hard = bank.testCases.filter((t) => ['level_4', 'level_5'].includes(t.metadata.reasoning_level));
    expect(hard.length).toBeGreaterThanOrEqual(6);
    expect(bank.testCases.some((t) => t.scoringTypes.includes('output'))).toBe(true);
    expect(bank.testCases.some((t) => t.scoringTypes.includes('mutations'))).toBe(true);
  });
});
