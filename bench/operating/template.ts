import { setTimeout as sleep } from 'node:timers/promises';
import { signUp } from '../support/accounts';
import { type Section, timedGet } from '../support/section';
import { type Latency, latency, ms, pair } from '../support/stats';

/** The goal: a runaway template answers 400 within this, while the server keeps answering. */
const GOAL_MS = 2000;
/** 10^9 iterations that write nothing: only the render's wall time can stop it, not its output or memory. */
const HOSTILE_TEMPLATE =
  '{% for a in (1..1000) %}{% for b in (1..1000) %}{% for c in (1..1000) %}{% endfor %}{% endfor %}{% endfor %}';
const HEALTH_EVERY_MS = 25;
const RUNS = 5;

interface TemplateFigures {
  /** Time from POST to its 400, per run. */
  toRefusal: Latency;
  detail: string;
  /** /api/health while nothing renders, and while the hostile template renders. */
  healthIdle: Latency;
  healthDuring: Latency;
}

/** A template looping 10^9 times: how long until the 400, and /api/health latency meanwhile. */
export const templateSection: Section = {
  key: 'template',
  title: 'Hostile template (POST /api/template/render, PGlite)',
  async run(ctx) {
    ctx.progress('Starting Proctor (in-memory PGlite, no browsers)…');
    const { baseUrl } = await ctx.startProctor('template', { kind: 'pglite' });
    const account = await signUp(baseUrl, 'templates');

    const healthIdle: number[] = [];
    for (let i = 0; i < ctx.requests * 5; i++) {
      healthIdle.push((await timedGet(`${baseUrl}/api/health`)).ms);
      await sleep(HEALTH_EVERY_MS);
    }

    ctx.progress(
      `${RUNS} renders of a template looping 10^9 times, /api/health every ${HEALTH_EVERY_MS} ms meanwhile…`,
    );
    const toRefusal: number[] = [];
    const healthDuring: number[] = [];
    let detail = '';
    for (let run = 0; run < RUNS; run++) {
      let rendering = true;
      const poll = (async () => {
        while (rendering) {
          healthDuring.push((await timedGet(`${baseUrl}/api/health`)).ms);
          await sleep(HEALTH_EVERY_MS);
        }
      })();
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/template/render`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${account.accessToken}` },
        body: JSON.stringify({ template: HOSTILE_TEMPLATE, data: {} }),
      });
      const body = (await response.json()) as { detail?: string };
      toRefusal.push(performance.now() - started);
      rendering = false;
      await poll;
      if (response.status !== 400) throw new Error(`The hostile template answered ${response.status}`);
      detail = body.detail ?? '';
    }

    const figures: TemplateFigures = {
      toRefusal: latency(toRefusal),
      detail,
      healthIdle: latency(healthIdle),
      healthDuring: latency(healthDuring),
    };
    const worst = Math.max(...toRefusal);
    return {
      figures,
      rows: [
        ['Hostile template: time to the 400 (p50 / p95)', pair(figures.toRefusal), `≤ ${GOAL_MS} ms`],
        ['  its detail', detail, ''],
        ['/api/health, idle (p50 / p95)', pair(figures.healthIdle), ''],
        ['/api/health, while it renders (p50 / p95)', pair(figures.healthDuring), ''],
      ],
      goals: [
        {
          goal: `A template looping 10^9 times answers 400 within ${GOAL_MS} ms`,
          measured: `${ms(worst)} ms at worst of ${RUNS}`,
          met: worst <= GOAL_MS,
        },
      ],
      notes: [`${healthDuring.length} health requests during the renders, one every ${HEALTH_EVERY_MS} ms.`],
    };
  },
};
