/**
 * The test report Proctor ships (002 §7.10): a plain HTML page over one run, rendered by LiquidJS with the run's
 * TestRunSummary as `run`. Every value from the run goes through `escape`: simulator and test names are data.
 * An admin's own template gets the same `run`; this one is a starting point to copy.
 */
export const BUILT_IN_TEST_REPORT_TEMPLATE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Test run {{ run.run_id | escape }}</title>
<style>
  body { font: 14px/1.45 system-ui, sans-serif; color: #1f2328; margin: 24px; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  h2 { font-size: 16px; margin: 24px 0 8px; }
  .meta { color: #59636e; margin-bottom: 16px; }
  .totals { display: flex; gap: 24px; margin: 12px 0 20px; }
  .totals div { border: 1px solid #d1d9e0; border-radius: 6px; padding: 8px 14px; }
  .totals b { display: block; font-size: 18px; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #d1d9e0; vertical-align: top; }
  th { background: #f6f8fa; font-weight: 600; }
  td.num { text-align: right; font-variant-numeric: tabular-nums; }
  .passed { color: #1a7f37; font-weight: 600; }
  .failed, .error { color: #d1242f; font-weight: 600; }
  .why { color: #59636e; font-size: 12px; }
</style>
</head>
<body>
<h1>Test run {{ run.run_id | escape }}</h1>
<div class="meta">
  {{ run.status | escape }}{% if run.started_at %} · started {{ run.started_at | escape }}{% endif %}{% if run.ended_at %} · ended {{ run.ended_at | escape }}{% endif %}
  · {{ run.environments }} environment{% if run.environments != 1 %}s{% endif %} per test
  {% if run.pattern != "" %} · pattern <code>{{ run.pattern | escape }}</code>{% endif %}
  {% if run.tags.size > 0 %} · tags {{ run.tags | join: ", " | escape }}{% endif %}
</div>
<div class="totals">
  <div><b>{{ run.totals.tests }}</b>tests</div>
  <div><b class="passed">{{ run.totals.passed }}</b>passed</div>
  <div><b class="failed">{{ run.totals.failed }}</b>failed</div>
  <div><b>{{ run.totals.duration_ms | divided_by: 1000.0 | round: 1 }} s</b>duration</div>
</div>
{% for simulator in run.results %}
<h2>{{ simulator.simulator | escape }}</h2>
<table>
  <thead><tr><th>Environment</th><th>Test</th><th>Verdict</th><th class="num">Start (s)</th><th class="num">Reset (s)</th><th class="num">Test (s)</th></tr></thead>
  <tbody>
  {% for environment in simulator.environments %}{% for test in environment.tests %}
  <tr>
    <td>env {{ environment.environment }}</td>
    <td>{{ test.name | escape }}<div class="why">{{ test.test | escape }}</div></td>
    <td><span class="{{ test.verdict | escape }}">{{ test.verdict | escape }}</span>{% if test.error %}<div class="why">{{ test.error | escape }}</div>{% endif %}</td>
    <td class="num">{% if test.environment_start_ms %}{{ test.environment_start_ms | divided_by: 1000.0 | round: 2 }}{% else %}–{% endif %}</td>
    <td class="num">{% if test.reset_ms %}{{ test.reset_ms | divided_by: 1000.0 | round: 2 }}{% else %}–{% endif %}</td>
    <td class="num">{% if test.test_ms %}{{ test.test_ms | divided_by: 1000.0 | round: 2 }}{% else %}–{% endif %}</td>
  </tr>
  {% endfor %}{% if environment.error %}
  <tr><td>env {{ environment.environment }}</td><td colspan="5" class="error">{{ environment.error | escape }}</td></tr>
  {% endif %}{% endfor %}
  </tbody>
</table>
{% endfor %}
</body>
</html>
`;
