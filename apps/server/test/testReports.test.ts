import { endpoints, TEST_REPORT_MESSAGES, testReportContentPath } from '@proctor/contracts';
import { newPublicId } from '@proctor/db';
import { beforeAll, expect, it } from 'vitest';
import { insertTestRun } from '../src/repositories/testRuns';
import { type Actor, describeEachDatabase } from './support/proctor';
import { seedTestRun, solidPng } from './support/testRunFixture';

/**
 * Test reports (002 §7.10): a template rendered over a completed test run, kept and served as a sandboxed HTML
 * document. Proctor's template, an admin's own, and what a hostile template or path gets.
 */
describeEachDatabase('test reports', (proctor) => {
  let admin: Actor;
  let runId: string;

  beforeAll(async () => {
    admin = await proctor().actor({ permissions: { is_admin: true } });
    runId = await seedTestRun(proctor().ctx, {
      simulators: ['shop', 'mail'],
      environments: 1,
      testsPerSimulator: 3,
      screenshot: solidPng(16, 16, [0, 0, 0]),
      screenshotsPerTest: 1,
      testName: (simulator, index) => `<script>alert(${index})</script> ${simulator}`,
    });
  });

  const create = (body: { test_run_id: string; name?: string; template?: string }) =>
    proctor().call(endpoints.createTestReport, { as: admin, body });
  const content = (path: string) =>
    proctor().request({ method: 'GET', url: testReportContentPath(path), as: admin });

  it("should render Proctor's template over the run, escaping the run's names, and serve it sandboxed", async () => {
    const created = await create({ test_run_id: runId, name: 'Nightly summary' });
    expect(created.status, created.body.detail).toBe(201);
    const { report } = created.body;
    expect(report).toMatchObject({ run_id: runId, name: 'Nightly summary', template: 'built-in' });
    expect(report.path).toMatch(new RegExp(`^${runId}/nightly-summary-[A-Za-z0-9_-]{8}\\.html$`));

    const page = await content(report.path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe('sandbox');
    expect(page.body).toContain(`Test run ${runId}`);
    // 6 tests, every third failing: 4 passed, 2 failed.
    expect(page.body).toMatch(/<b>6<\/b>tests/);
    expect(page.body).toMatch(/<b class="passed">4<\/b>passed/);
    expect(page.body).toContain('&lt;script&gt;alert(0)&lt;/script&gt; shop');
    expect(page.body).not.toContain('<script>alert');
    expect(report.size).toBe(Buffer.byteLength(page.body));

    const download = await proctor().request({ method: 'GET', url: report.download_url, as: admin });
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="${report.path.split('/').at(-1)}"`,
    );
    const listed = await proctor().call(endpoints.testReports, { as: admin });
    expect(listed.body.reports.map((r) => r.id)).toContain(report.id);
    const one = await proctor().call(endpoints.testReport, { as: admin, params: { id: report.id } });
    expect(one.body.report).toEqual(report);
  });

  it("should render an admin's own template, and refuse one with a syntax error or one that runs away", async () => {
    const custom = await create({
      test_run_id: runId,
      template: '{% for s in run.results %}[{{ s.simulator }}:{{ s.environments.size }}]{% endfor %}',
    });
    expect(custom.status, custom.body.detail).toBe(201);
    expect(custom.body.report.template).toBe('custom');
    expect((await content(custom.body.report.path)).body).toBe('[shop:1][mail:1]');

    const broken = await create({ test_run_id: runId, template: 'fine\n{% for x in %}' });
    expect(broken.status).toBe(400);
    expect(broken.body.detail).toMatch(/line 2, column \d+/);

    const started = performance.now();
    const runaway = await create({
      test_run_id: runId,
      template: '{% for i in (1..1000000000) %}{% endfor %}',
    });
    expect(runaway.status).toBe(400);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('should refuse a run that has not completed, an unknown run, and paths outside the reports', async () => {
    const queued = await insertTestRun(proctor().ctx.db, {
      publicId: newPublicId(),
      environments: 1,
      totalEnvironments: 1,
    });
    const refused = await create({ test_run_id: queued.publicId });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(TEST_REPORT_MESSAGES.runNotCompleted);
    expect((await create({ test_run_id: 'no-such-run' })).status).toBe(404);
    // Sent encoded, as a client that does not tidy the address would.
    const raw = (suffix: string) =>
      proctor().request({
        method: 'GET',
        url: `/api/test-reports/content/generated-test-reports/${suffix}`,
        as: admin,
      });
    // Dot segments are resolved before routing (the address then names no route) or refused by the reader.
    for (const suffix of ['%2E%2E/etc/passwd', `${runId}/%2E%2E/%2E%2E/x.html`])
      expect([400, 404], suffix).toContain((await raw(suffix)).statusCode);
    for (const suffix of [`${runId}%5Cx.html`, `${runId}//x.html`, `${runId}/x%00.html`])
      expect((await raw(suffix)).statusCode, suffix).toBe(400);
    expect((await content(`${runId}/missing.html`)).statusCode).toBe(404);
  });
});
