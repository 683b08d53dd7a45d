import type { ActionTarget, BoundingBox, PageState, RecordedStep, UserAction } from '@proctor/contracts';
import { cssEscape } from '../cssEscape';
import { parseOrThrow } from '../errors';
import { screenshotRef } from '../screenshots';
import { type V1Action, V1Document, type V1PageState, type V1Step, V1StoredStep } from '../versions/v1';
import type { RecordingDocumentV2 } from '../versions/v2';
import type { Modernizer, UpgradedStep } from './modernizer';

/**
 * Version 1 → 2, field by field as "Version history" in the package README lists it. v1 did not count
 * mutations: every step says 0/0 and the document says `mutation_counts: 'unknown'`, so no one reads the
 * zeros as "nothing changed".
 */
export const modernize_1_to_2: Modernizer = {
  document(raw) {
    const {
      steps: v1Steps,
      version: _,
      ...described
    } = parseOrThrow(V1Document, raw, 'Invalid Proctor recording (format version 1)', 1);
    const attachments: Record<string, string> = { ...described.attachments };
    const steps = v1Steps.map((v1Step, idx) => {
      const upgraded = upgradeStep(v1Step, idx);
      for (const [key, bytes] of Object.entries(upgraded.attachments))
        attachments[key] = bytes.toString('base64');
      return upgraded.step;
    });
    return {
      ...described,
      version: 2,
      upgraded_from: 1,
      mutation_counts: 'unknown',
      steps,
      attachments,
    } satisfies RecordingDocumentV2;
  },

  step(raw) {
    const v1Step = parseOrThrow(V1StoredStep, raw, 'Invalid recorded step (format version 1)', 1);
    return upgradeStep(v1Step, v1Step.idx);
  },
};

function upgradeStep(v1Step: V1Step, idx: number): UpgradedStep & { step: RecordedStep } {
  const attachments: Record<string, Buffer> = {};
  const upgradeState = (state: V1PageState | null): PageState | null => {
    if (!state) return null;
    const bytes = state.screenshot_base64;
    const screenshot = bytes ? screenshotRef(bytes) : null;
    if (bytes && screenshot) attachments[screenshot.key] = bytes;
    return { current_url: state.current_url, screenshot, metadata: { bboxes: state.metadata.bboxes } };
  };
  // The acted element's box is the first bbox of the state before the action, or after it when the step
  // was recorded without a before-state.
  const bbox = v1Step.before_state?.metadata.bboxes[0] ?? v1Step.after_state?.metadata.bboxes[0] ?? null;
  const step: RecordedStep = {
    idx,
    action: upgradeAction(v1Step.action, bbox),
    before_state: upgradeState(v1Step.before_state),
    after_state: upgradeState(v1Step.after_state),
    mutations: { before: 0, after: 0 },
  };
  return { step, attachments };
}

function upgradeAction(action: V1Action, bbox: BoundingBox | null): UserAction {
  const base = {
    id: action.id,
    timestamp: action.timestamp,
    is_simulator_action: action.is_simulator_action,
    metadata: { start_seq_id: action.start_seq_id, end_seq_id: action.end_seq_id },
  };
  switch (action.type) {
    case 'click': {
      const { x, y, button } = action;
      return { ...base, type: 'click', x, y, button, target: targetOf(action.element_id, bbox) };
    }
    case 'type':
      return { ...base, type: 'type', text: action.text, target: targetOf(action.element_id, bbox) };
    case 'scroll': {
      const { direction, dx, dy } = action;
      return { ...base, type: 'scroll', direction, dx, dy, target: targetOf(action.element_id, bbox) };
    }
    case 'submit':
      return { ...base, type: 'submit', target: targetOf(action.element_id, bbox) };
    case 'url_change':
      return { ...base, type: 'url_change', url: action.url };
    case 'mouse_move':
      return { ...base, type: 'mouse_move', positions: action.positions };
  }
}

/** An element known only by its id attribute; none when there was no element or it had no id. */
function targetOf(elementId: string | null | undefined, bbox: BoundingBox | null): ActionTarget | null {
  if (!elementId) return null;
  return { id: elementId, selector: `#${cssEscape(elementId)}`, tag: '', text: '', bbox };
}
