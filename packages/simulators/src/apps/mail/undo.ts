import type { RequestContext } from '../../kit';
import type { Folder } from './schema';

/**
 * "Undo" after sending or deleting, made deterministic: the action is written at once, and the visitor's
 * session remembers how to reverse it until the next action replaces it. Undo writes the reversal, so the
 * net mutations of do-then-undo are nothing (or the restored draft).
 */
export type UndoAction =
  | { kind: 'send'; messageId: number; threadCreated: boolean; draft: DraftSnapshot }
  | { kind: 'move'; moves: { threadId: number; folder: Folder }[] };

export interface DraftSnapshot {
  threadId: number | null;
  kind: string;
  to: string;
  cc: string;
  subject: string;
  body: string;
}

interface PendingUndo {
  action: UndoAction;
  message: string;
  shown: boolean;
}

const KEY = 'mail.undo';

export function offerUndo(ctx: RequestContext, action: UndoAction, message: string): void {
  ctx.setSessionValue(KEY, { action, message, shown: false } satisfies PendingUndo);
}

/** The toast to show on this page, once: the undo stays possible until the next action. */
export function undoToShow(ctx: RequestContext): string | null {
  const pending = ctx.sessionValue<PendingUndo>(KEY);
  if (!pending || pending.shown) return null;
  pending.shown = true;
  return pending.message;
}

export function takeUndo(ctx: RequestContext): UndoAction | null {
  const pending = ctx.sessionValue<PendingUndo>(KEY);
  ctx.setSessionValue(KEY, undefined);
  return pending?.action ?? null;
}

/** Any other action ends the chance to undo the previous one. */
export function forgetUndo(ctx: RequestContext): void {
  if (ctx.sessionValue<PendingUndo>(KEY)) ctx.setSessionValue(KEY, undefined);
}
