import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/kernel/http/errors';
import {
  TEMPLATE_LIMITS,
  TEMPLATE_MESSAGES,
  TemplateRenderer,
} from '../../src/kernel/template/templateRenderer';

/** The refusal a render ends in: its status and detail. */
async function refusal(rendering: Promise<string>): Promise<{ status: number; detail: string }> {
  const error = await rendering.then(
    (rendered) => {
      throw new Error(`Expected a refusal, rendered ${rendered.slice(0, 80)}`);
    },
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).status, detail: (error as HttpError).detail };
}

describe('TemplateRenderer', () => {
  const renderer = new TemplateRenderer();
  afterAll(() => renderer.close());

  it('should render a template with its data, filters and loops', async () => {
    const rendered = await renderer.render(
      'Hello {{ user.name | upcase }}!{% for item in items %} {{ item }}{% endfor %}',
      { user: { name: 'Ada' }, items: [1, 2, 3] },
    );
    expect(rendered).toBe('Hello ADA! 1 2 3');
  });

  it('should refuse a syntax error with its line and column', async () => {
    expect(await refusal(renderer.render('first line\n  {% bogus %}', {}))).toEqual({
      status: 400,
      detail: TEMPLATE_MESSAGES.failed('tag "bogus" not found', 2, 3),
    });
    expect(await refusal(renderer.render('{{ name ', {}))).toEqual({
      status: 400,
      detail: TEMPLATE_MESSAGES.failed('output "{{ name " not closed', 1, 1),
    });
  });

  it('should read no file for include or render', async () => {
    const { status, detail } = await refusal(renderer.render("{% include '/etc/passwd' %}", {}));
    expect(status).toBe(400);
    expect(detail).toMatch(/^Template error at line 1, column 1: /);
    expect(detail).not.toContain('root:');
  });

  it('should refuse a template or an output over its size', async () => {
    expect(await refusal(renderer.render('x'.repeat(TEMPLATE_LIMITS.templateBytes + 1), {}))).toEqual({
      status: 400,
      detail: TEMPLATE_MESSAGES.templateTooLarge(TEMPLATE_LIMITS),
    });
    const { detail } = await refusal(
      renderer.render('{% for i in (1..1100) %}{{ chunk }}{% endfor %}', { chunk: 'y'.repeat(1024) }),
    );
    expect(detail).toBe(TEMPLATE_MESSAGES.outputTooLarge(TEMPLATE_LIMITS));
  });

  it('should stop a template looping a billion times within its time, and render again after', async () => {
    const started = performance.now();
    const { status } = await refusal(
      renderer.render(
        '{% for a in (1..1000) %}{% for b in (1..1000) %}{% for c in (1..1000) %}{% endfor %}{% endfor %}{% endfor %}',
        {},
      ),
    );
    expect(status).toBe(400);
    // A billion iterations take minutes: stopped long before, however busy the machine.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(await renderer.render('{{ 1 | plus: 1 }}', {})).toBe('2');
  });

  it('should terminate a render that LiquidJS does not stop by itself, after the wall time', async () => {
    // Only the thread's deadline can stop this one: LiquidJS's cooperative limit is lifted.
    const unguarded = new TemplateRenderer({
      limits: { timeoutMs: 500, liquidRenderLimitMs: Number.POSITIVE_INFINITY },
      threads: 1,
    });
    try {
      const started = performance.now();
      const loop = '{% for a in (1..100000) %}{% for b in (1..100000) %}{% endfor %}{% endfor %}';
      expect(await refusal(unguarded.render(loop, {}))).toEqual({
        status: 400,
        detail: TEMPLATE_MESSAGES.timedOut({ ...TEMPLATE_LIMITS, timeoutMs: 500 }),
      });
      // The loop alone would take hours; a bound this loose holds on a busy machine and still fails a renderer
      // whose thread is not stopped (timings are the benchmarks' business, not this test's).
      expect(performance.now() - started).toBeLessThan(15_000);
      expect(await unguarded.render('{{ "again" }}', {})).toBe('again');
    } finally {
      await unguarded.close();
    }
  });

  it('should refuse a template whose ranges or strings outgrow its memory allowance', async () => {
    // Kept on in every render: one allocation far past a thread's heap aborts the whole process in Node.
    const { status, detail } = await refusal(
      renderer.render('{% for i in (1..100000000) %}{% endfor %}', {}),
    );
    expect(status).toBe(400);
    expect(detail).toBe(TEMPLATE_MESSAGES.failed('memory alloc limit exceeded', 1, 1));
    expect(await renderer.render('{{ "still here" }}', {})).toBe('still here');
  });
});
