import type { SnapshotStep, UserAction } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { actionSummary } from '../../src/features/sessions/actionSummary';
import { isReplaySandboxSafe } from '../../src/features/sessions/replayerConfig';
import { firstEventTimestamp, replayOffsetMs } from '../../src/features/sessions/replayTiming';
import { scaleBoxes } from '../../src/features/sessions/screenshotBoxes';
import { logLine } from '../../src/features/sessions/sessionLogs';
import { sessionTimeline } from '../../src/features/sessions/sessionTimeline';

const base = {
  id: 'a1',
  timestamp: 1_000,
  is_simulator_action: false,
  metadata: { start_seq_id: 1, end_seq_id: 2 },
};
const target = (text: string, id: string | null) => ({
  id,
  selector: 'button',
  tag: 'BUTTON',
  text,
  bbox: null,
});

function step(idx: number, offsetMs: number, mutationRange: [number, number] = [0, 0]): SnapshotStep {
  return {
    idx,
    action: { ...base, id: `a${idx}`, type: 'url_change', url: 'https://shop.test/' },
    before_state: null,
    after_state: null,
    mutation_range: mutationRange,
    offset_ms: offsetMs,
    page: null,
  };
}

describe('step tiles', () => {
  it("should show each action's main detail", () => {
    const cases: Array<[UserAction, string, string]> = [
      [
        { ...base, type: 'click', x: 412.4, y: 305.6, button: 'left', target: target('Add to cart', 'add') },
        'Click',
        '"Add to cart" #add at 412, 306',
      ],
      [{ ...base, type: 'click', x: 5, y: 6, button: 'left', target: null }, 'Click', 'at 5, 6'],
      [
        { ...base, type: 'click', x: 5, y: 6, button: 'left', target: target('  ', null) },
        'Click',
        '<button> at 5, 6',
      ],
      [{ ...base, type: 'type', text: 'sage mug[Enter]', target: null }, 'Type', '"sage mug[Enter]"'],
      [
        { ...base, type: 'scroll', direction: 'down', dx: 0, dy: 400, target: null },
        'Scroll',
        'down · dx 0, dy 400',
      ],
      [{ ...base, type: 'submit', target: null }, 'Submit', 'form'],
      [
        {
          ...base,
          type: 'select',
          values: ['b', 'c'],
          labels: ['Blue', 'Cyan'],
          target: target('Colours', null),
        },
        'Select',
        '"Blue", "Cyan" in "Colours"',
      ],
      [{ ...base, type: 'select', values: [], labels: [], target: null }, 'Select', 'nothing'],
      [
        { ...base, type: 'url_change', url: 'https://shop.test/cart' },
        'URL change',
        'https://shop.test/cart',
      ],
      [{ ...base, type: 'mouse_move', positions: [{ x: 1, y: 1, t: 1 }] }, 'Mouse move', '1 position'],
      [
        {
          ...base,
          type: 'mouse_move',
          positions: [
            { x: 1, y: 1, t: 1 },
            { x: 2, y: 2, t: 2 },
          ],
        },
        'Mouse move',
        '2 positions',
      ],
    ];
    for (const [action, label, detail] of cases) expect(actionSummary(action)).toEqual({ label, detail });
  });
});

describe('screenshot boxes', () => {
  it('should scale boxes from the image size to the displayed size', () => {
    expect(
      scaleBoxes(
        [{ x: 100, y: 50, width: 200, height: 40 }],
        { width: 1280, height: 720 },
        { width: 640, height: 360 },
      ),
    ).toEqual([{ x: 50, y: 25, width: 100, height: 20 }]);
  });

  it('should cut boxes to the picture and drop those outside it', () => {
    const natural = { width: 1000, height: 500 };
    expect(
      scaleBoxes(
        [
          { x: -10, y: 480, width: 30, height: 40 },
          { x: 1200, y: 10, width: 50, height: 50 },
          { x: 10, y: 10, width: 0, height: 10 },
        ],
        natural,
        natural,
      ),
    ).toEqual([{ x: 0, y: 480, width: 20, height: 20 }]);
  });

  it('should draw nothing before the picture has a size', () => {
    const box = { x: 1, y: 1, width: 1, height: 1 };
    expect(scaleBoxes([box], { width: 0, height: 0 }, { width: 100, height: 100 })).toEqual([]);
    expect(scaleBoxes([box], { width: 100, height: 100 }, { width: 0, height: 0 })).toEqual([]);
  });
});

describe('session timeline', () => {
  it('should put steps, requests and mutations on one axis', () => {
    const steps = [step(0, 0), step(1, 2_000, [0, 3]), step(2, 3_000, [3, 3])];
    const model = sessionTimeline(steps, [
      {
        id: 7,
        method: 'GET',
        url: '/api/cart',
        status: 200,
        step_idx: 1,
        offset_ms: 2_100,
        duration_ms: 400,
      },
      {
        id: 8,
        method: 'POST',
        url: '/api/x',
        status: null,
        step_idx: null,
        offset_ms: 100,
        duration_ms: null,
      },
      { id: 9, method: 'GET', url: '/late', status: 500, step_idx: 99, offset_ms: 3_500, duration_ms: 500 },
    ]);
    expect(model.durationMs).toBe(4_000);
    expect(model.steps.map((mark) => mark.position)).toEqual([0, 0.5, 0.75]);
    expect(model.requests.map((mark) => [mark.id, mark.position, mark.width, mark.stepIndex])).toEqual([
      [7, 0.525, 0.1, 1],
      [8, 0.025, 0, null],
      [9, 0.875, 0.125, null],
    ]);
    expect(model.mutations).toEqual([{ stepIndex: 1, count: 3, position: 0.5, apps: [] }]);
    expect(model.steps.map((mark) => mark.app)).toEqual([null, null, null]);
  });

  it('should name the app of each step and mutation mark in a session of several apps', () => {
    const on = (url: string, at: SnapshotStep): SnapshotStep => ({
      ...at,
      before_state: { current_url: url } as SnapshotStep['before_state'],
    });
    const steps = [
      on('http://env1.mail.localhost:4000/inbox', step(0, 0, [0, 1])),
      on('http://env1.calendar.localhost:4000/events/5', step(1, 1_000, [1, 3])),
    ];
    const mutation = (simulator: string, table: string) => ({
      action: 'UPDATE' as const,
      table_name: table,
      pk: '5',
      old: null,
      new: null,
      action_timestamp: '2026-03-02T09:00:00.000Z',
      simulator,
    });
    const model = sessionTimeline(steps, [], {
      apps: {
        environmentId: 'env1',
        mutations: [
          mutation('mail', 'labels'),
          mutation('calendar', 'events'),
          mutation('calendar', 'events'),
        ],
      },
    });
    expect(model.steps.map((mark) => mark.app)).toEqual(['mail', 'calendar']);
    expect(model.mutations.map((mark) => mark.apps)).toEqual([['mail'], ['calendar']]);
  });

  it('should give an axis to a session of one instant', () => {
    const model = sessionTimeline([step(0, 0)], []);
    expect(model.durationMs).toBe(1);
    expect(model.steps[0]?.position).toBe(0);
  });
});

describe('DOM replay timing', () => {
  it('should find the first event with a time', () => {
    expect(firstEventTimestamp([null, { type: 4 }, { type: 4, timestamp: 1_700_000_000_500 }])).toBe(
      1_700_000_000_500,
    );
    expect(firstEventTimestamp([])).toBeNull();
  });

  it("should place a step in the replay from the session's start and the first event", () => {
    expect(replayOffsetMs(2_000, 1_700_000_000_000, 1_700_000_000_500)).toBe(1_500);
    expect(replayOffsetMs(100, 1_700_000_000_000, 1_700_000_000_500)).toBe(0);
  });

  it('should accept only replay sandboxes that keep scripts out', () => {
    expect(isReplaySandboxSafe('allow-same-origin')).toBe(true);
    expect(isReplaySandboxSafe('')).toBe(true);
    expect(isReplaySandboxSafe('allow-same-origin allow-scripts')).toBe(false);
    expect(isReplaySandboxSafe(' ALLOW-SCRIPTS ')).toBe(false);
    expect(isReplaySandboxSafe(null)).toBe(false);
  });
});

describe('session logs', () => {
  it('should show source, type and message, or the request URL of an out-of-distribution request', () => {
    const log = (logData: Record<string, unknown>) => ({
      id: 1,
      source: 'agent',
      timestamp: '2026-01-01T00:00:00Z',
      logData,
    });
    expect(logLine(log({ type: 'agent_message', message: 'Opening the cart' }))).toMatchObject({
      source: 'agent',
      type: 'agent_message',
      message: 'Opening the cart',
    });
    expect(
      logLine(log({ type: 'ood_request', source: 'proxy', request: { url: 'https://elsewhere.test/' } })),
    ).toMatchObject({
      source: 'proxy',
      type: 'ood_request',
      message: 'https://elsewhere.test/',
    });
    expect(logLine(log({ count: 2 }))).toMatchObject({ type: '—', message: '{"count":2}' });
  });
});
