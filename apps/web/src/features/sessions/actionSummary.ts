import type { ActionTarget, UserAction, UserActionType } from '@proctor/contracts';

export const ACTION_LABELS: Record<UserActionType, string> = {
  click: 'Click',
  scroll: 'Scroll',
  type: 'Type',
  submit: 'Submit',
  select: 'Select',
  url_change: 'URL change',
  mouse_move: 'Mouse move',
};

export interface ActionSummary {
  label: string;
  /** The action's main detail, as the "Steps Taken" tile shows it (000 §2.5). */
  detail: string;
}

const round = (value: number) => Math.round(value);

/** The element an action targeted: its text in quotes and its id, or its tag when it has neither. */
export function targetDescription(target: ActionTarget | null): string {
  if (!target) return '';
  const parts: string[] = [];
  const text = target.text.trim();
  if (text) parts.push(`"${text}"`);
  if (target.id) parts.push(`#${target.id}`);
  if (parts.length === 0) parts.push(`<${target.tag.toLowerCase()}>`);
  return parts.join(' ');
}

/**
 * The label and main detail of a recorded action: click target and x, y; typed text; scroll direction
 * with dx, dy; the new URL; how many pointer positions a mouse move holds.
 */
export function actionSummary(action: UserAction): ActionSummary {
  const label = ACTION_LABELS[action.type];
  switch (action.type) {
    case 'click': {
      const target = targetDescription(action.target);
      const at = `at ${round(action.x)}, ${round(action.y)}`;
      return { label, detail: target ? `${target} ${at}` : at };
    }
    case 'type':
      return { label, detail: `"${action.text}"` };
    case 'scroll':
      return { label, detail: `${action.direction} · dx ${round(action.dx)}, dy ${round(action.dy)}` };
    case 'submit':
      return { label, detail: targetDescription(action.target) || 'form' };
    case 'select': {
      const chosen = action.labels.map((text) => `"${text}"`).join(', ') || 'nothing';
      const target = targetDescription(action.target);
      return { label, detail: target ? `${chosen} in ${target}` : chosen };
    }
    case 'url_change':
      return { label, detail: action.url };
    case 'mouse_move': {
      const count = action.positions.length;
      return { label, detail: `${count} position${count === 1 ? '' : 's'}` };
    }
  }
}
