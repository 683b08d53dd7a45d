// Every test case's reference solution and wrong variant run in CI through Proctor's benchmarker:
// apps/server/test/builtInBenchmark.test.ts (-t tracker for this app's alone).
import { afterEach, describe, expect, it } from 'vitest';
import { canonicalQuery, filterSql, parseIssueKey, readFilters } from '../../src/apps/tracker/domain';
import { tracker } from '../../src/apps/tracker/index';
import { SimulatorHost, type SimulatorInstance, testCaseProblems, vocabularyCoverage } from '../../src/index';
import { InstanceClient } from '../../src/testing/index';

const host = new SimulatorHost();
let next = 0;
function instance(): SimulatorInstance {
  next += 1;
  return host.createInstance(tracker, { id: `tracker-unit-${next}` });
}
afterEach(() => {
  for (const live of host.instances()) live.destroy();
});

async function signedIn(live: SimulatorInstance): Promise<InstanceClient> {
  const client = new InstanceClient(live);
  await client.post('/login', { email: tracker.auth.user, password: tracker.auth.password, next: '/issues' });
  return client;
}

function count(live: SimulatorInstance, sql: string): number {
  return (live.db.prepare(sql).get() as { n: number }).n;
}

describe('tracker seed', () => {
  it('should hold a product-sized workspace', () => {
    const live = instance();
    expect(count(live, 'SELECT count(*) AS n FROM members')).toBe(19);
    expect(count(live, 'SELECT count(*) AS n FROM projects')).toBe(5);
    expect(count(live, 'SELECT count(*) AS n FROM sprints')).toBe(30);
    expect(count(live, 'SELECT count(*) AS n FROM issues')).toBeGreaterThanOrEqual(500);
    expect(count(live, 'SELECT count(*) AS n FROM comments')).toBeGreaterThanOrEqual(800);
    expect(count(live, 'SELECT count(*) AS n FROM activity')).toBeGreaterThanOrEqual(1000);
    expect(count(live, 'SELECT count(*) AS n FROM issue_labels')).toBeGreaterThanOrEqual(400);
    expect(count(live, 'SELECT count(*) AS n FROM issue_links')).toBeGreaterThanOrEqual(30);
    expect(
      count(live, 'SELECT count(*) AS n FROM issues WHERE parent_id IS NOT NULL'),
    ).toBeGreaterThanOrEqual(5);
  });

  it('should keep the hand-written issues at the ids the test cases name', () => {
    const live = instance();
    const ids = live.db
      .prepare(
        "SELECT key, id FROM issues WHERE key IN ('WEB-101', 'MOB-101', 'API-103', 'OPS-101', 'DS-102')",
      )
      .all() as { key: string; id: number }[];
    expect(Object.fromEntries(ids.map((r) => [r.key, r.id]))).toEqual({
      'WEB-101': 101,
      'MOB-101': 212,
      'API-103': 322,
      'OPS-101': 424,
      'DS-102': 530,
    });
  });
});

describe('tracker issue list logic', () => {
  it('should write saved view queries in one order whatever the address was', () => {
    const filters = readFilters(
      new URLSearchParams('priority=high&type=bug&project=API&status=open&page=2&q='),
    );
    expect(canonicalQuery(filters)).toBe('project=API&status=open&type=bug&priority=high');
  });

  it('should treat "open" as every status but done and canceled', () => {
    const live = instance();
    const { where, args } = filterSql({ project: 'WEB', status: 'open' }, 1);
    const listed = (
      live.db
        .prepare(`SELECT count(*) AS n FROM issues i JOIN projects p ON p.id = i.project_id WHERE ${where}`)
        .get(...args) as { n: number }
    ).n;
    expect(listed).toBe(
      count(
        live,
        "SELECT count(*) AS n FROM issues WHERE project_id = 1 AND status NOT IN ('done', 'canceled')",
      ),
    );
  });

  it('should read issue keys case-insensitively and refuse other text', () => {
    expect(parseIssueKey('web-42')).toEqual({ project: 'WEB', number: 42 });
    expect(parseIssueKey('WEB 42')).toBeNull();
  });
});

describe('tracker routes', () => {
  it('should refuse a wrong password with a message and no session', async () => {
    const client = new InstanceClient(instance());
    const response = await client.post('/login', {
      email: tracker.auth.user,
      password: 'nope',
      next: '/issues',
    });
    expect(response.status).toBe(422);
    expect(response.text).toContain('That email and password do not match an account.');
    expect((await client.get('/issues', { follow: false })).location).toMatch(/^\/login\?next=/);
  });

  it('should show every main page without writing', async () => {
    const live = instance();
    const client = await signedIn(live);
    for (const path of [
      '/issues',
      '/issues?assignee=me&status=open',
      '/issues?project=DS&label=accessibility&sort=priority&page=2',
      '/issues/WEB-104',
      '/issues/WEB-104?tab=activity',
      '/issues/new',
      '/projects',
      '/projects/MOB/board',
      '/projects/API/sprints',
      '/team',
      '/team/5',
    ]) {
      expect((await client.get(path)).status, path).toBe(200);
    }
    expect((await client.get('/issues/WEB-9999')).status).toBe(404);
    expect(live.state()).toEqual([]);
  });

  it('should explain what is wrong with a new issue and create nothing', async () => {
    const live = instance();
    const client = await signedIn(live);
    const response = await client.post('/issues', {
      project: 'WEB',
      type: 'bug',
      title: 'Bad',
      status: 'todo',
      priority: 'high',
      estimate: 'three',
      due_date: '2026-02-01',
    });
    expect(response.status).toBe(422);
    expect(response.text).toContain('Title must be at least 5 characters');
    expect(response.text).toContain('Estimate must be a whole number');
    expect(live.state()).toEqual([]);
    const past = await client.post('/issues', {
      project: 'WEB',
      type: 'bug',
      title: 'Export is slow',
      status: 'todo',
      priority: 'high',
      due_date: '2026-02-01',
      parent: 'API-101',
    });
    expect(past.text).toContain('Due date cannot be in the past');
    expect(past.text).toContain('A sub-task must be in the same project as API-101');
    expect(live.state()).toEqual([]);
  });

  it('should refuse links to the issue itself, to unknown keys and twice to the same issue', async () => {
    const live = instance();
    const client = await signedIn(live);
    expect(
      (await client.post('/issues/WEB-105/links', { relation: 'blocks', issue: 'WEB-105' })).text,
    ).toContain('An issue cannot be linked to itself');
    expect(
      (await client.post('/issues/WEB-105/links', { relation: 'blocks', issue: 'API-999' })).text,
    ).toContain('There is no issue API-999');
    expect(
      (await client.post('/issues/WEB-104/links', { relation: 'relates', issue: 'API-101' })).text,
    ).toContain('WEB-104 and API-101 are already linked');
    expect(live.state()).toEqual([]);
  });

  it('should not let anyone edit a comment of someone else', async () => {
    const live = instance();
    const client = await signedIn(live);
    expect((await client.post('/comments/397/edit', { body: 'Rewritten' })).status).toBe(403);
    expect(live.state()).toEqual([]);
  });

  it('should give byte-identical mutations for the same actions on two instances', async () => {
    const runs = [];
    for (let i = 0; i < 2; i++) {
      const live = instance();
      const client = await signedIn(live);
      await client.post('/issues/WEB-101/update', { assignee: '2' });
      await client.post('/issues/WEB-101/comments', { body: 'Taking this one.' });
      await client.post('/issues', {
        project: 'OPS',
        type: 'task',
        title: 'Renew the staging certificates',
        status: 'todo',
        priority: 'low',
        labels: ['security'],
      });
      runs.push(JSON.stringify(live.mutations()));
    }
    expect(runs[0]).toBe(runs[1]);
  });
});

describe('tracker test case definitions', () => {
  it('should be complete and cover every level twice, every skill and the promised capabilities', () => {
    expect(tracker.testCases.length).toBeGreaterThanOrEqual(15);
    expect(tracker.testCases.flatMap(testCaseProblems)).toEqual([]);
    const coverage = vocabularyCoverage(tracker.testCases);
    expect(coverage.missingReasoningLevels).toEqual([]);
    expect(coverage.missingSkills).toEqual([]);
    for (const capability of [
      'iframe_and_shadow_dom',
      'navigation_and_structure',
      'data_displays',
      'search_and_extract',
      'forms_and_inputs',
      'feedback_and_overlays',
    ]) {
      expect(coverage.missingCapabilities).not.toContain(capability);
    }
    const levels = tracker.testCases.map((t) => t.metadata.reasoning_level);
    for (const level of ['level_1', 'level_2', 'level_3', 'level_4', 'level_5']) {
      expect(levels.filter((l) => l === level).length, level).toBeGreaterThanOrEqual(2);
    }
  });
});
