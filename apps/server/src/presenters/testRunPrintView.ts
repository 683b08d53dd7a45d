import {
  type DurationStats,
  formatPassRate,
  formatRunDuration,
  formatSuccessRate,
  NO_FIGURE,
  type ReportNode,
  type TestRunSummary,
  testRunReportTree,
} from '@proctor/contracts';

/**
 * The run report's print view (002 §2.4): the whole tree opened, every test with its error and, when asked,
 * its screenshots, as one HTML document that Chromium prints to the PDF. Names, errors and tags come from
 * test data, so every string is escaped; the document runs no script and loads nothing but the screenshots,
 * which are named by `data-src` under `imageBase` (the printer fetches them from the dump and shows them).
 */

export interface PrintViewOptions {
  withScreenshots: boolean;
  /** The last this many screenshots of each test are printed (the dashboard and the dump hold them all). */
  screenshotsPerTest: number;
  /** The origin and path the printer serves the dump's files under, ending in '/'. */
  imageBase: string;
  /** When the PDF was made, printed in its header. */
  printedAt: Date;
}

/** A dump path as the print view addresses it under `imageBase`: each segment URL-encoded. */
export const printViewAssetPath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.codePointAt(0)};`);

const when = (timestamp: string | null) =>
  timestamp ? `${timestamp.slice(0, 19).replace('T', ' ')} UTC` : NO_FIGURE;

function timing(stats: DurationStats): string {
  if (stats.count <= 1) return escapeHtml(formatRunDuration(stats.avg));
  return `${escapeHtml(formatRunDuration(stats.avg))} <span class="dim">max ${escapeHtml(formatRunDuration(stats.max))}</span>`;
}

const LEVEL_INDENT_PX = 16;

function rows(node: ReportNode, depth: number, options: PrintViewOptions): string {
  // Verdicts are read back from stored results: escaped like every other value.
  const verdict = node.verdict
    ? ` <span class="verdict ${escapeHtml(node.verdict)}">${escapeHtml(node.verdict)}</span>`
    : '';
  const environmentError =
    node.level === 'environment' && node.error ? ` <span class="verdict error">did not start</span>` : '';
  const row = `<tr class="${node.level}">
<td style="padding-left:${6 + depth * LEVEL_INDENT_PX}px">${escapeHtml(node.label)}${verdict}${environmentError}</td>
<td>${timing(node.start)}</td><td>${timing(node.reset)}</td><td>${timing(node.test)}</td>
<td>${escapeHtml(formatPassRate(node.passRate))}<div class="dim small">${escapeHtml(formatSuccessRate(node.passRate))}</div></td>
</tr>`;
  const details: string[] = [];
  if (node.error) details.push(`<div class="error">${escapeHtml(node.error)}</div>`);
  if (node.level === 'test' && options.withScreenshots) {
    details.push(
      node.screenshots.length === 0
        ? '<div class="dim">No screenshots available</div>'
        : `<div class="shots">${node.screenshots
            .slice(-options.screenshotsPerTest)
            .map(
              (path) =>
                `<img data-src="${escapeHtml(options.imageBase + printViewAssetPath(path))}" alt="${escapeHtml(path.slice(path.lastIndexOf('/') + 1))}">`,
            )
            .join('')}</div>`,
    );
  }
  const detailRow =
    details.length === 0
      ? ''
      : `<tr class="details"><td colspan="5" style="padding-left:${6 + (depth + 1) * LEVEL_INDENT_PX}px">${details.join('')}</td></tr>`;
  return row + detailRow + node.children.map((child) => rows(child, depth + 1, options)).join('');
}

export function testRunPrintView(summary: TestRunSummary, options: PrintViewOptions): string {
  const tree = testRunReportTree(summary);
  const figure = (label: string, value: string) =>
    `<div class="figure"><div class="label">${label}</div><div class="value">${escapeHtml(value)}</div></div>`;
  const tags = summary.tags.length === 0 ? 'No tags' : summary.tags.join(', ');
  const imageOrigin = new URL(options.imageBase).origin;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; connect-src ${imageOrigin}; style-src 'unsafe-inline'">
<title>Test run ${escapeHtml(summary.run_id)}</title>
<style>
body { font: 12px/1.4 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; color: #1a1b1e; margin: 0; }
h1 { font-size: 20px; margin: 0 0 4px; }
.dim { color: #868e96; } .small { font-size: 10px; }
.meta { display: flex; flex-wrap: wrap; gap: 6px 24px; margin: 8px 0 12px; }
.meta b { display: block; font-size: 10px; color: #868e96; font-weight: 600; text-transform: uppercase; }
.figures { display: flex; gap: 12px; margin-bottom: 14px; }
.figure { border: 1px solid #dee2e6; border-radius: 6px; padding: 6px 14px; min-width: 110px; }
.figure .label { font-size: 10px; color: #868e96; text-transform: uppercase; font-weight: 600; }
.figure .value { font-size: 18px; font-weight: 600; }
table { width: 100%; border-collapse: collapse; }
thead { display: table-header-group; }
th { text-align: left; font-size: 10px; color: #495057; border-bottom: 2px solid #dee2e6; padding: 4px 6px; }
td { border-bottom: 1px solid #f1f3f5; padding: 4px 6px; vertical-align: top; }
tr { break-inside: avoid; }
tr.simulator td { font-weight: 600; background: #f8f9fa; }
.verdict { font-size: 10px; padding: 0 6px; border-radius: 8px; font-weight: 600; }
.verdict.passed { background: #d3f9d8; color: #2b8a3e; }
.verdict.failed { background: #ffe3e3; color: #c92a2a; }
.verdict.error { background: #ffe8cc; color: #d9480f; }
.error { color: #c92a2a; white-space: pre-wrap; margin-bottom: 4px; }
.shots { display: flex; flex-wrap: wrap; gap: 6px; }
.shots img { width: 220px; border: 1px solid #dee2e6; border-radius: 3px; }
</style></head>
<body>
<h1>Test run ${escapeHtml(summary.run_id)}</h1>
<div class="dim">Printed ${escapeHtml(when(options.printedAt.toISOString()))} · status ${escapeHtml(summary.status)}</div>
<div class="meta">
<div><b>Start time</b>${escapeHtml(when(summary.started_at))}</div>
<div><b>End time</b>${escapeHtml(when(summary.ended_at))}</div>
<div><b>Simulators</b>${escapeHtml(summary.simulators.join(', ') || NO_FIGURE)}</div>
<div><b>Environments per test</b>${summary.environments}</div>
<div><b>Pattern</b>${escapeHtml(summary.pattern || '(every built-in test case)')}</div>
<div><b>Tags</b>${escapeHtml(tags)}</div>
${options.withScreenshots ? `<div><b>Screenshots</b>${options.screenshotsPerTest === 1 ? "each test's last" : `each test's last ${options.screenshotsPerTest}`} (all of them in the dump)</div>` : ''}
</div>
${summary.error ? `<div class="error">${escapeHtml(summary.error)}</div>` : ''}
<div class="figures">
${figure('Tests', String(summary.totals.tests))}${figure('Passed', String(summary.totals.passed))}${figure('Failed', String(summary.totals.failed))}${figure('Duration', formatRunDuration(summary.totals.duration_ms))}
</div>
<table>
<thead><tr><th>Simulator / environment / test</th><th>Environment start (avg, max)</th><th>Reset (avg, max)</th><th>Test (avg, max)</th><th>Pass rate</th></tr></thead>
<tbody>
${tree.map((node) => rows(node, 0, options)).join('\n')}
</tbody>
</table>
</body></html>`;
}
