import { endpoints } from '@proctor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '../src/kernel/template/templateRenderer';
import { testDatabases } from './support/databases';
import { freePort } from './support/network';
import { type Actor, startTestProctor, type TestProctor } from './support/proctor';

/**
 * POST /api/template/render: Liquid rendered in a thread of its own, so a runaway template costs its caller a
 * 400 and nobody else anything. Over real HTTP, as a browser calls it, so that a stalled event loop would show
 * in the timing of a health call made meanwhile.
 */
describe('rendering templates', () => {
  let proctor: TestProctor;
  let baseUrl: string;
  let member: Actor;

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    proctor = await startTestProctor(testDatabases()[0]!, { env: { PUBLIC_URL: baseUrl } });
    await proctor.app.listen({ port, host: '127.0.0.1' });
    member = await proctor.actor();
  });
  afterAll(() => proctor?.close());

  async function timed(path: string, init: RequestInit = {}) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}`, {
      ...init,
      headers: { ...member.headers, ...init.headers },
    });
    const body = (await response.json()) as { rendered?: string; detail?: string };
    return { status: response.status, body, ms: performance.now() - started };
  }
  const render = (body: unknown) =>
    timed(endpoints.renderTemplate.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('should render a template with its data', async () => {
    const rendered = await render({
      template: '{% for step in steps %}{{ forloop.index }}. {{ step | capitalize }}\n{% endfor %}',
      data: { steps: ['open the shop', 'add to cart'] },
    });
    expect(rendered.status, rendered.body.detail).toBe(200);
    expect(endpoints.renderTemplate.response.parse(rendered.body)).toEqual({
      rendered: '1. Open the shop\n2. Add to cart\n',
    });
    const withoutData = await render({ template: 'plain' });
    expect(withoutData.body).toEqual({ rendered: 'plain' });
  });

  it('should answer a syntax error with its line and column', async () => {
    const answer = await render({ template: 'Dear {{ name }},\n{% if name %}no end', data: {} });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ detail: TEMPLATE_MESSAGES.failed('tag {% if name %} not closed', 2, 1) });
  });

  it('should refuse a template over its size and an output over its size', async () => {
    const large = await render({ template: 'x'.repeat(TEMPLATE_LIMITS.templateBytes + 1), data: {} });
    expect(large.status).toBe(400);
    expect(large.body).toEqual({ detail: TEMPLATE_MESSAGES.templateTooLarge(TEMPLATE_LIMITS) });
    const blowUp = await render({
      template: '{% for i in (1..2000) %}{{ kilobyte }}{% endfor %}',
      data: { kilobyte: 'z'.repeat(1024) },
    });
    expect(blowUp.status).toBe(400);
    expect(blowUp.body).toEqual({ detail: TEMPLATE_MESSAGES.outputTooLarge(TEMPLATE_LIMITS) });
  });

  it('should stop a template looping a billion times within two seconds while health answers at once', async () => {
    const billion =
      '{% for a in (1..1000) %}{% for b in (1..1000) %}{% for c in (1..1000) %}{{ c }}{% endfor %}{% endfor %}{% endfor %}';
    const rendering = render({ template: billion, data: {} });
    // Health calls one after another for as long as the render runs: each must answer quickly.
    const healths: number[] = [];
    let rendered: Awaited<typeof rendering> | undefined;
    void rendering.then((answer) => {
      rendered = answer;
    });
    while (!rendered) healths.push((await timed(endpoints.health.path)).ms);
    expect(rendered.status).toBe(400);
    expect(rendered.body.detail).toMatch(/^(Template error|The template took longer)/);
    expect(rendered.ms, `the render took ${Math.round(rendered.ms)} ms`).toBeLessThan(2000);
    // Had the render held the event loop, one health call would have waited for all of it. The bound is loose:
    // two cores shared by a database, the render's thread and the tests.
    const sorted = [...healths].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    expect(healths.length, `health took ${healths.map(Math.round).join(', ')} ms`).toBeGreaterThanOrEqual(3);
    expect(median, `health took ${healths.map(Math.round).join(', ')} ms`).toBeLessThan(250);

    const after = await render({ template: '{{ "fine" | upcase }}', data: {} });
    expect(after.body).toEqual({ rendered: 'FINE' });
  });
});
