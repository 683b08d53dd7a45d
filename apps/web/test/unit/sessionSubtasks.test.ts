import { MantineProvider } from '@mantine/core';
import type { ReferenceSnapshot, SnapshotStep, TrajectoryDecomposition } from '@proctor/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SessionTimeline } from '../../src/features/sessions/components/SessionTimeline';
import { sessionTimeline, subtaskOfStep } from '../../src/features/sessions/sessionTimeline';

function step(idx: number, offsetMs: number, type: 'click' | 'mouse_move' = 'click'): SnapshotStep {
  const base = {
    id: `a${idx}`,
    timestamp: 1_000 + offsetMs,
    is_simulator_action: false,
    metadata: { start_seq_id: 1, end_seq_id: 2 },
  };
  return {
    idx,
    action:
      type === 'click'
        ? { ...base, type, x: 1, y: 1, button: 'left', target: null }
        : { ...base, type, positions: [{ x: 1, y: 1, t: 1 }] },
    before_state: null,
    after_state: null,
    mutation_range: [0, 0],
    offset_ms: offsetMs,
    page: null,
  };
}

const subtask = (description: string, ids: string[], transition: string | null) => ({
  action_description: { description, action_ids: ids, action_descriptions: ids.map((id) => `click ${id}`) },
  transition_description: transition,
});

// Four steps over 4 s; the mouse move at 3 s is in no subtask and goes with the one before it.
const steps = [step(0, 0), step(1, 1_000), step(2, 2_000), step(3, 3_000, 'mouse_move'), step(4, 4_000)];
const byRule: TrajectoryDecomposition = {
  method: 'rule',
  fallback_reason: null,
  subtasks: [
    subtask('On /products: click "Sage mug"', ['a0', 'a1'], 'Went to /products/4'),
    subtask('On /products/4: click "Add to cart"', ['a2', 'a4'], 'The session ended'),
  ],
};

const render = (
  decomposition: TrajectoryDecomposition | null,
  selected: number,
  reference: ReferenceSnapshot | null = null,
) =>
  renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(
        MantineProvider,
        null,
        createElement(SessionTimeline, {
          model: sessionTimeline(steps, [], { decomposition, reference }),
          selected,
          onSelect: () => undefined,
        }),
      ),
    ),
  );

describe('subtasks on the session timeline', () => {
  it('should group consecutive steps under each subtask, a left-out step with the one before it', () => {
    const model = sessionTimeline(steps, [], { decomposition: byRule });
    expect(model.subtasks.map((mark) => [mark.firstStep, mark.lastStep, mark.position, mark.width])).toEqual([
      [0, 1, 0, 0.5],
      [2, 4, 0.5, 0.5],
    ]);
    expect(subtaskOfStep(model, 3)?.number).toBe(1);
    expect(model.subtaskSource).toEqual({ method: 'rule', fallbackReason: null });
  });

  it('should have no subtasks before post-processing', () => {
    const model = sessionTimeline(steps, []);
    expect(model.subtasks).toEqual([]);
    expect(model.subtaskSource).toBeNull();
    expect(render(null, 0)).not.toContain('timeline-subtask');
  });

  it("should show each subtask labelled, the selected step's subtask in full, and that the rule made them", () => {
    const html = render(byRule, 3);
    expect(html.match(/data-testid="timeline-subtask"/g)).toHaveLength(2);
    expect(html).toContain('1. On /products: click &quot;Sage mug&quot;');
    expect(html).toContain('2. On /products/4: click &quot;Add to cart&quot;');
    expect(html).toContain('Subtasks by rule (split at page changes and form submissions)');
    expect(html).toContain(
      'Subtask 2 of 2: On /products/4: click &quot;Add to cart&quot; → The session ended',
    );
  });

  it('should say the model made them, or why the rule did in its place', () => {
    expect(render({ ...byRule, method: 'model' }, 0)).toContain('Subtasks by the language model');
    expect(
      render({ ...byRule, fallback_reason: 'The language model could not split the session: HTTP 500' }, 0),
    ).toContain(
      'Subtasks by rule (split at page changes and form submissions): The language model could not split the session: HTTP 500',
    );
  });

  it("should put the reference session's steps beside the agent's, each from its own start, with a link to it", () => {
    const reference: ReferenceSnapshot = {
      id: 'oracle-run-1',
      source: 'oracle',
      snapshots: [step(0, 500), step(1, 8_000)],
      action_sequences: null,
      started_at_ms: 0,
    };
    const model = sessionTimeline(steps, [], { reference });
    // The longer of the two sets the axis.
    expect(model.durationMs).toBe(8_000);
    expect(model.reference?.steps.map((mark) => mark.position)).toEqual([0.0625, 1]);
    const html = render(null, 0, reference);
    expect(html.match(/data-testid="timeline-reference-step"/g)).toHaveLength(2);
    expect(html).toContain('the latest run of the test case&#x27;s reference solution');
    expect(html).toContain('href="/sessions/oracle-run-1"');
    expect(render(null, 0)).not.toContain('timeline-reference');
  });
});
