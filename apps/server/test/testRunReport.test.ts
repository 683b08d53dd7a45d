import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testRunPdfName, testRunReportPdfPath } from '@proctor/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Actor, describeEachDatabase } from './support/proctor';
import { seedTestRun, solidPng } from './support/testRunFixture';

/** Every page's MediaBox of a PDF, as [width, height] in points. */
function mediaBoxes(pdf: Buffer): number[][] {
  return [
    ...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g),
  ].map((match) => [Number(match[3]) - Number(match[1]), Number(match[4]) - Number(match[2])]);
}

/**
 * Export PDF (002 §2.4): the run report printed by Chromium, A4 landscape, text selectable (pdftotext reads it
 * back), screenshots embedded, names from test data shown as text, never as markup.
 */
describeEachDatabase('the run report as a PDF', (proctor) => {
  let admin: Actor;
  let runId: string;
  const folder = mkdtempSync(join(tmpdir(), 'proctor-run-report-'));

  beforeAll(async () => {
    admin = await proctor().actor({ permissions: { is_admin: true } });
    runId = await seedTestRun(proctor().ctx, {
      simulators: ['shop', 'mail'],
      environments: 2,
      testsPerSimulator: 3,
      screenshot: solidPng(64, 40, [40, 90, 200]),
      screenshotsPerTest: 2,
      tags: ['nightly'],
      testName: (simulator, index) => `Buy <b>${simulator}</b> item ${index + 1}`,
    });
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  async function print(query = '') {
    const response = await proctor().request({
      method: 'GET',
      url: `${testRunReportPdfPath(runId)}${query}`,
      as: admin,
    });
    return response;
  }

  function text(pdf: Buffer): string {
    const file = join(folder, `${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  }

  it('should answer an A4 landscape PDF named test-run-{run_id}-{date}.pdf whose text holds the run', async () => {
    const response = await print();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${testRunPdfName(runId, new Date())}"`,
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const boxes = mediaBoxes(pdf);
    expect(boxes.length).toBeGreaterThan(0);
    for (const [width, height] of boxes) {
      // A4 is 841.89 × 595.28 pt; Chromium rounds the page to whole CSS pixels.
      expect(Math.abs(width! - 842)).toBeLessThan(1.5);
      expect(Math.abs(height! - 595)).toBeLessThan(1.5);
    }
    const content = text(pdf);
    expect(content).toContain(`Test run ${runId}`);
    expect(content).toContain('shop');
    expect(content).toContain('Environment 2');
    // The name is shown as it was given: escaped, not taken as markup.
    expect(content).toContain('Buy <b>mail</b> item 3');
    expect(content).toContain('Expected mutations did not match in test-3');
    // 2 simulators × 2 environments × 3 tests, a third failing; a simulator's reset average over its 6 tests.
    expect(content).toMatch(/TESTS\s+PASSED\s+FAILED/);
    expect(content).toMatch(/12\s+8\s+4/);
    expect(content).toContain('101 ms');
    expect(content).toContain('4 of 6 (67%)');
    // Each test's last screenshot, embedded as an image.
    expect(content).toContain("each test's last (all of them in the dump)");
    expect(pdf.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
  });

  it('should leave the screenshots out when asked', async () => {
    const response = await print('?screenshots=false');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
    expect(text(response.rawPayload)).toContain(`Test run ${runId}`);
    // The print job's PDF waited in the blob store only until the route sent it.
    const prints = join(proctor().ctx.config.dataDir, 'blobs', 'test-runs', runId, 'prints');
    expect(existsSync(prints) ? readdirSync(prints) : []).toEqual([]);
  });

  it('should refuse an unknown run with 404 and a bad query with 400', async () => {
    const unknown = await proctor().request({
      method: 'GET',
      url: testRunReportPdfPath('tr_no_such_run'),
      as: admin,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Test run not found' });
    const bad = await print('?screenshots=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('detail');
  });
});
