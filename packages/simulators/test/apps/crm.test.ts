// Every test case's reference solution and wrong variant run in CI through Proctor's benchmarker:
// apps/server/test/builtInBenchmark.test.ts (-t crm for this app's alone).
import { afterEach, describe, expect, it } from 'vitest';
import { canonicalQuery, EDITABLE, monthRange, stageTotals } from '../../src/apps/crm/domain';
import { crm } from '../../src/apps/crm/index';
import { GENERATED_CONTACTS, GENERATED_DEALS } from '../../src/apps/crm/seed';
import { SimulatorHost, type SimulatorInstance, testCaseProblems, vocabularyCoverage } from '../../src/index';
import { InstanceClient } from '../../src/testing/index';

const host = new SimulatorHost();
let next = 0;
function instance(): SimulatorInstance {
  next += 1;
  return host.createInstance(crm, { id: `crm-unit-${next}` });
}
afterEach(() => {
  for (const live of host.instances()) live.destroy();
});

async function signedIn(live: SimulatorInstance): Promise<InstanceClient> {
  const client = new InstanceClient(live);
  await client.post('/login', { email: crm.auth.user, password: crm.auth.password, next: '/pipeline/1' });
  return client;
}

function count(live: SimulatorInstance, sql: string, ...args: unknown[]): number {
  return (live.db.prepare(sql).get(...args) as { n: number }).n;
}

describe('crm seed', () => {
  it('should hold a sales team’s worth of records', () => {
    const live = instance();
    expect(count(live, 'SELECT count(*) AS n FROM users')).toBe(6);
    expect(count(live, 'SELECT count(*) AS n FROM pipelines')).toBe(3);
    expect(count(live, 'SELECT count(*) AS n FROM stages')).toBe(13);
    expect(count(live, 'SELECT count(*) AS n FROM companies')).toBe(160);
    expect(count(live, 'SELECT count(*) AS n FROM contacts')).toBe(20 + GENERATED_CONTACTS);
    expect(count(live, 'SELECT count(*) AS n FROM deals')).toBe(22 + GENERATED_DEALS);
    expect(count(live, 'SELECT count(*) AS n FROM notes')).toBeGreaterThanOrEqual(300);
    expect(count(live, 'SELECT count(*) AS n FROM tasks')).toBeGreaterThanOrEqual(250);
    expect(count(live, 'SELECT count(*) AS n FROM activities')).toBeGreaterThanOrEqual(1000);
    for (const status of ['open', 'won', 'lost'])
      expect(count(live, 'SELECT count(*) AS n FROM deals WHERE status = ?', status)).toBeGreaterThan(20);
    // A deal's stage always belongs to its pipeline.
    expect(
      count(
        live,
        'SELECT count(*) AS n FROM deals d JOIN stages s ON s.id = d.stage_id WHERE s.pipeline_id != d.pipeline_id',
      ),
    ).toBe(0);
  });

  it('should keep the hand-written rows at the ids the test cases name', () => {
    const live = instance();
    const title = (id: number) =>
      (live.db.prepare('SELECT title FROM deals WHERE id = ?').get(id) as { title: string }).title;
    expect(title(1)).toBe('Northwind Traders – Fleet telematics');
    expect(title(3)).toBe('Brightwave – Data platform');
    expect(title(4)).toBe('Brightwave – Data platform');
    expect(title(16)).toBe('Marlowe Freight – Yard scanners');
    expect(
      live.db
        .prepare("SELECT id FROM contacts WHERE first_name = 'Tomás' AND last_name = 'Herrera' ORDER BY id")
        .all(),
    ).toEqual([{ id: 3 }, { id: 4 }]);
    expect(
      live.db.prepare("SELECT id, contact_id FROM tasks WHERE title = 'Send updated fleet pricing'").all(),
    ).toEqual([
      { id: 262, contact_id: 1 },
      { id: 263, contact_id: 2 },
    ]);
    // Dana's Enterprise deals and Leo's New business deals are only the hand-written ones.
    expect(count(live, 'SELECT count(*) AS n FROM deals WHERE owner_id = 2 AND pipeline_id = 2')).toBe(6);
    expect(count(live, 'SELECT count(*) AS n FROM deals WHERE owner_id = 3 AND pipeline_id = 1')).toBe(9);
  });
});

describe('crm domain rules', () => {
  it('should total the open deals of each stage, per owner on demand', () => {
    const live = instance();
    const totals = stageTotals(live.db, 2);
    expect(totals.get(10)?.total).toBe(1_013_000);
    const sum = [...totals.values()].reduce((s, t) => s + t.count, 0);
    expect(sum).toBe(
      count(live, "SELECT count(*) AS n FROM deals WHERE pipeline_id = 2 AND status = 'open'"),
    );
    const jonas = [...stageTotals(live.db, 2, 5).values()];
    expect(jonas.reduce((s, t) => s + t.count, 0)).toBe(23);
    expect(jonas.reduce((s, t) => s + t.total, 0)).toBe(1_345_500);
  });

  it('should validate inline edits with product messages', () => {
    expect(EDITABLE.deals.value?.parse('21.5k')).toEqual({
      error: 'Enter a whole amount in dollars, digits only (e.g. 25000)',
    });
    expect(EDITABLE.deals.value?.parse(' 21500 ')).toEqual({ value: 21500 });
    expect(EDITABLE.contacts.email?.parse('not-an-email')).toEqual({ error: 'Enter a valid email address' });
    expect(EDITABLE.contacts.phone?.parse('+31 10  555 0199')).toEqual({ value: '+31 10 555 0199' });
    expect(EDITABLE.companies.employees?.parse('0')).toEqual({ error: 'Employees must be a whole number' });
  });

  it('should write saved view queries in one order and compute month ranges', () => {
    expect(canonicalQuery('deals', new URLSearchParams('status=open&owner=1&page=3&pipeline=2&q='))).toBe(
      'pipeline=2&owner=1&status=open',
    );
    expect(monthRange('2026-03-02', 0)).toEqual(['2026-03-01', '2026-03-31']);
    expect(monthRange('2026-12-15', 1)).toEqual(['2027-01-01', '2027-01-31']);
  });
});

describe('crm routes', () => {
  it('should refuse a wrong password with a message and no session', async () => {
    const live = instance();
    const client = new InstanceClient(live);
    const response = await client.post('/login', { email: crm.auth.user, password: 'nope' });
    expect(response.status).toBe(422);
    expect(response.text).toContain('Wrong email or password');
    expect((await client.get('/deals', { follow: false })).status).toBe(303);
  });

  it('should show every main page without writing', async () => {
    const live = instance();
    const client = await signedIn(live);
    for (const path of [
      '/pipeline/1',
      '/pipeline/2?owner=5',
      '/pipeline/3',
      '/deals?pipeline=1&closing=overdue&sort=-value',
      '/contacts?tag=1&owner=2',
      '/companies?q=Halvorsen&sort=-employees',
      '/deals/1',
      '/deals/1?outcome=lost',
      '/contacts/3',
      '/companies/1',
      '/widgets/site/1',
      '/widgets/site/42',
    ]) {
      const response = await client.get(path);
      expect(response.status, path).toBe(200);
    }
    expect(live.mutations()).toEqual([]);
  });

  it('should move a deal only to a stage of its own pipeline, and log the move', async () => {
    const live = instance();
    const client = await signedIn(live);
    const wrong = await client.post('/deals/1/stage', { stage_id: '10', return_to: '/pipeline/1' });
    expect(wrong.text).toContain('Choose a stage of this deal’s pipeline.');
    expect(live.state()).toEqual([]);
    const moved = await client.post('/deals/1/stage', { stage_id: '4', return_to: '/pipeline/1' });
    expect(moved.text).toContain('Moved “Northwind Traders – Fleet telematics” to Proposal sent');
    expect(live.state().map((m) => [m.table_name, m.pk, m.new?.stage_id])).toEqual([['deals', '1', 4]]);
    const log = live.mutations().filter((m) => m.table_name === 'activities');
    expect(log[0]?.new?.detail).toBe('Stage changed from Demo scheduled to Proposal sent');
  });

  it('should require a reason to close a deal, and refuse to move a closed one', async () => {
    const live = instance();
    const client = await signedIn(live);
    const missing = await client.post('/deals/5/outcome', { outcome: 'lost', reason: ' ' });
    expect(missing.status).toBe(422);
    expect(missing.text).toContain('Reason is required');
    expect(live.mutations()).toEqual([]);
    await client.post('/deals/5/outcome', { outcome: 'lost', reason: 'Went with a competitor' });
    const again = await client.post('/deals/5/stage', { stage_id: '5', return_to: '/deals/5' });
    expect(again.text).toContain('is closed');
    expect(live.state().map((m) => m.new?.status)).toEqual(['lost']);
  });

  it('should answer inline edits with JSON and keep refused values out', async () => {
    const live = instance();
    const client = await signedIn(live);
    const bad = await client.post('/deals/7/field', { field: 'value', value: '21.5k' }, { follow: false });
    expect(bad.status).toBe(422);
    expect(bad.json<{ error: string }>().error).toMatch(/whole amount/);
    const locked = await client.post('/deals/7/field', { field: 'status', value: 'won' }, { follow: false });
    expect(locked.status).toBe(422);
    const good = await client.post('/deals/7/field', { field: 'value', value: '21500' }, { follow: false });
    expect(good.json<{ display: string }>().display).toBe('$21,500');
    expect(live.state().map((m) => m.new?.value)).toEqual([21500]);
  });

  it('should apply bulk actions to the selected rows only, and need a selection and a choice', async () => {
    const live = instance();
    const client = await signedIn(live);
    const none = await client.post('/contacts/bulk', {
      action: 'reassign',
      owner_id: '4',
      return_to: '/contacts',
    });
    expect(none.text).toContain('Select at least one row first.');
    const noOwner = await client.post('/contacts/bulk', { ids: ['5'], action: 'reassign', owner_id: '' });
    expect(noOwner.text).toContain('Choose the new owner first.');
    expect(live.mutations()).toEqual([]);
    await client.post('/contacts/bulk', { ids: ['5', '6', '6'], action: 'reassign', owner_id: '4' });
    // Tagging twice adds each tag once.
    await client.post('/contacts/bulk', { ids: ['13', '14'], action: 'tag', tag_id: '3' });
    await client.post('/contacts/bulk', { ids: ['13'], action: 'tag', tag_id: '3' });
    await client.post('/contacts/bulk', { ids: ['10'], action: 'delete' });
    expect(live.state().map((m) => [m.action, m.table_name, m.pk])).toEqual([
      ['UPDATE', 'contacts', '5'],
      ['UPDATE', 'contacts', '6'],
      ['INSERT', 'contact_tags', '408'],
      ['INSERT', 'contact_tags', '409'],
      ['DELETE', 'contact_tags', '9'],
      ['DELETE', 'contacts', '10'],
    ]);
  });

  it('should give byte-identical mutations for the same actions on two instances', async () => {
    const runs: string[] = [];
    for (let i = 0; i < 2; i++) {
      const live = instance();
      const client = await signedIn(live);
      await client.post('/deals/9/stage', { stage_id: '12', return_to: '/pipeline/3' });
      await client.post('/deals/9/notes', { body: 'Budget confirmed by CFO' });
      await client.post('/deals/6/tasks', {
        title: 'Send SOC 2 report',
        due_date: '2026-03-06',
        owner_id: '2',
      });
      await client.post('/views', { entity: 'deals', name: 'Mine', query: 'owner=1&status=open' });
      runs.push(JSON.stringify(live.mutations()));
    }
    expect(runs[0]).toBe(runs[1]);
  });
});

describe('crm test case definitions', () => {
  it('should be complete and cover every level, skill and capability', () => {
    expect(crm.testCases.length).toBeGreaterThanOrEqual(22);
    expect(crm.testCases.flatMap(testCaseProblems)).toEqual([]);
    const coverage = vocabularyCoverage(crm.testCases);
    expect(coverage.missingReasoningLevels).toEqual([]);
    expect(coverage.missingSkills).toEqual([]);
    expect(coverage.missingCapabilities).toEqual([]);
    const levels = crm.testCases.map((t) => t.metadata.reasoning_level);
    expect(levels.filter((l) => l === 'level_4' || l === 'level_5').length * 4).toBeGreaterThanOrEqual(
      levels.length,
    );
    expect(crm.testCases.some((t) => t.scoringTypes.includes('output'))).toBe(true);
    expect(crm.testCases.some((t) => t.scoringTypes.includes('mutations'))).toBe(true);
  });
});
