import { describe, expect, it } from 'vitest';
import { type ActionDiff, runScoreType, type ScoreOutcome } from '../src/index';
import {
  choose,
  click,
  clickAt,
  mouseMove,
  navigate,
  scroll,
  session,
  steps,
  submit,
  typeText,
} from './support/session';

const result = (outcome: ScoreOutcome) => {
  if (outcome.status !== 'scored') throw new Error(`expected a verdict, got ${JSON.stringify(outcome)}`);
  return outcome.result;
};

const checkout = () =>
  steps(
    navigate('http://env-1.shop.localhost:4000/', true),
    mouseMove(),
    click('a#cart', 'Cart'),
    scroll('down'),
    click('button#checkout', '  Check   out '),
    typeText('input#email', 'ann@example.com'),
    submit('form#pay'),
    navigate('http://env-1.shop.localhost:4000/orders/1042?ok=1'),
  );

describe('page_action_sequence', () => {
  const run = (actions: unknown[], s = checkout()) =>
    runScoreType('page_action_sequence', { actions }, session({ steps: s }));

  it('should pass when the expected actions happen in order, with others between them', async () => {
    const outcome = await run([
      { type: 'click', text: 'Check out' },
      { type: 'type', selector: 'input#email' },
      { type: 'url_change', url_pattern: '^/orders/\\d+' },
    ]);
    expect(result(outcome)).toMatchObject({ correct: true, similarity: 1, diffs: [] });
  });

  it('should match a choice in a list by its value or its label, and the list by its name', async () => {
    const shipping = steps(
      click('select#ship', 'Shipping'),
      choose('select#ship', 'Shipping', ['express'], ['Express (1 day)']),
    );
    const chose = async (expected: Record<string, unknown>) =>
      result(await run([{ type: 'select', ...expected }], shipping)).correct;
    expect(await chose({ value: 'express' })).toBe(true);
    expect(await chose({ value: 'Express (1 day)', text: 'Shipping' })).toBe(true);
    expect(await chose({ selector: 'select#ship' })).toBe(true);
    expect(await chose({ value: 'standard' })).toBe(false);
    expect(await chose({ text: 'Country' })).toBe(false);
  });

  it('should compare URLs without their origin, which differs between environments', async () => {
    expect(result(await run([{ type: 'url_change', url_pattern: '^http' }])).correct).toBe(false);
  });

  it('should fail actions out of order, with the share found in order and what is missing', async () => {
    const r = result(
      await run([
        { type: 'submit', selector: 'form#pay' },
        { type: 'click', selector: 'a#cart' },
        { type: 'url_change', url_pattern: '/orders/' },
      ]),
    );
    expect(r.correct).toBe(false);
    expect(r.similarity).toBeCloseTo(2 / 3);
    // Two in-order matches are as long: cart then orders, or submit then orders. The first is kept.
    expect((r.diffs as ActionDiff[]).map((d) => d.step)).toEqual([0]);
    expect(r.reason).toBe('2 of 3 expected actions happened in order; missing: submit (form#pay)');
  });

  it('should not count the platform’s own navigation', async () => {
    expect(result(await run([{ type: 'url_change', url_pattern: '^/$' }])).correct).toBe(false);
  });

  it('should refuse an invalid regular expression or an empty list as config errors', async () => {
    expect(await run([{ type: 'url_change', url_pattern: '(' }])).toMatchObject({
      status: 'error',
      error: { kind: 'invalid_config', message: expect.stringContaining('valid regular expression') },
    });
    expect(await run([])).toMatchObject({ status: 'error', error: { kind: 'invalid_config' } });
    expect(await run([{ type: 'click', colour: 'red' }])).toMatchObject({ status: 'error' });
  });

  it('should refuse a url_pattern with lookaround or a backreference as a config error that says why', async () => {
    const refused = async (url_pattern: string) => {
      const outcome = await run([{ type: 'url_change', url_pattern }]);
      return outcome.status === 'error' && outcome.error.kind === 'invalid_config' && outcome.error.message;
    };
    expect(await refused('^/orders/(?!new)')).toContain('url_pattern uses a lookahead or lookbehind');
    expect(await refused('^/(\\w+)/\\1$')).toContain('url_pattern uses a backreference');
  });

  it('should answer a catastrophic url_pattern on a hostile URL', async () => {
    const hostile = steps(navigate(`http://env-1.shop.localhost:4000/${'a'.repeat(32)}!`));
    expect(result(await run([{ type: 'url_change', url_pattern: '^/(a+)+$' }], hostile)).correct).toBe(false);
    expect(result(await run([{ type: 'url_change', url_pattern: '^/(a+)+!$' }], hostile)).correct).toBe(true);
  });
});

describe('offline_exact_action_match', () => {
  const exact = [
    { type: 'click', selector: 'a#cart' },
    { type: 'click', text: 'Check out' },
    { type: 'type', text: 'ann@example.com' },
    { type: 'submit' },
    { type: 'url_change', url_pattern: '^/orders/1042' },
  ];
  const run = (config: unknown, s = checkout()) =>
    runScoreType('offline_exact_action_match', config, session({ steps: s }));

  it('should pass exactly the expected actions, leaving out mouse moves, scrolls and the platform’s navigation', async () => {
    expect(result(await run({ actions: exact }))).toMatchObject({ correct: true, similarity: 1 });
  });

  it('should fail an extra or a missing action, position by position', async () => {
    const fewer = result(await run({ actions: exact.slice(0, 4) }));
    expect(fewer).toMatchObject({ correct: false, similarity: 0.8 });
    expect(fewer.diffs).toEqual([
      { step: 4, expected: null, actual: 'url_change /orders/1042?ok=1', reason: 'an extra action' },
    ]);
    const more = result(await run({ actions: [...exact, { type: 'click' }] }));
    expect(more.diffs).toMatchObject([
      { step: 5, actual: null, reason: 'the session stopped before this action' },
    ]);
  });

  it('should compare scrolls when they are no longer ignored', async () => {
    const withScroll = [exact[0], { type: 'scroll', direction: 'down' }, ...exact.slice(1)];
    expect(result(await run({ actions: withScroll, ignore_types: ['mouse_move'] })).correct).toBe(true);
    expect(await run({ actions: withScroll })).toMatchObject({
      status: 'error',
      error: { kind: 'invalid_config', message: expect.stringContaining('scroll actions are expected') },
    });
  });

  it('should take the single action of a one-step task', async () => {
    const one = steps(click('button#save', 'Save'));
    expect(result(await run({ action: { type: 'click', text: 'Save' } }, one)).correct).toBe(true);
    expect(result(await run({ action: { type: 'click', text: 'Cancel' } }, one))).toMatchObject({
      correct: false,
      diffs: [
        {
          step: 0,
          expected: 'click "Cancel"',
          actual: 'click "Save" (button#save)',
          reason: 'a different action',
        },
      ],
    });
    expect(await run({})).toMatchObject({ status: 'error', error: { kind: 'invalid_config' } });
  });
});

describe('offline_step', () => {
  const reference = checkout();
  const run = (s: ReturnType<typeof steps>, config: unknown = {}, withReference = true) =>
    runScoreType(
      'offline_step',
      config,
      session({
        steps: s,
        reference: withReference ? { sessionId: 'ses_ref', steps: reference } : undefined,
      }),
    );

  it('should pass a session that takes the reference steps on another origin', async () => {
    const same = steps(
      navigate('http://env-9.shop.localhost:5000/', true),
      click('a#cart', 'Cart'),
      click('button#checkout', 'Check out'),
      typeText('input#email', 'ann@example.com'),
      submit('form#pay'),
      navigate('http://env-9.shop.localhost:5000/orders/1042?ok=1'),
    );
    expect(result(await run(same))).toMatchObject({ correct: true, similarity: 1 });
  });

  it('should score the share of matching steps against the threshold (0.8 by default)', async () => {
    const oneWrong = steps(
      click('a#cart', 'Cart'),
      click('button#checkout', 'Check out'),
      typeText('input#email', 'bob@example.com'),
      submit('form#pay'),
      navigate('http://x/orders/1042?ok=1'),
    );
    expect(result(await run(oneWrong))).toMatchObject({ correct: true, similarity: 0.8 });
    const r = result(await run(oneWrong, { threshold: 0.9 }));
    expect(r).toMatchObject({ correct: false, similarity: 0.8 });
    expect(r.diffs).toEqual([
      {
        step: 2,
        expected: 'type "ann@example.com" into input#email',
        actual: 'type "bob@example.com" into input#email',
        reason: 'a different step',
      },
    ]);
  });

  it('should compare at most max_steps steps', async () => {
    const firstTwo = steps(click('a#cart', 'Cart'), click('button#checkout', 'Check out'), click('a#help'));
    expect(result(await run(firstTwo, { max_steps: 2 }))).toMatchObject({ correct: true, similarity: 1 });
    expect(result(await run(firstTwo))).toMatchObject({ correct: false, similarity: 0.4 });
  });

  it('should match clicks without a target by position, within a few pixels', async () => {
    const s = steps(clickAt(100, 100));
    const r = await runScoreType(
      'offline_step',
      {},
      session({ steps: s, reference: { sessionId: 'r', steps: steps(clickAt(104, 97)) } }),
    );
    expect(result(r).correct).toBe(true);
  });

  it('should call a missing reference session missing input, not a failure', async () => {
    expect(await run(reference, {}, false)).toMatchObject({
      status: 'error',
      error: { kind: 'missing_input' },
    });
  });
});
