/**
 * Which test cases of the editor's table are selected, and the row a shift-click ranges from: the last
 * row clicked without shift, as in a file manager.
 */
export interface RowSelection {
  selected: ReadonlySet<number>;
  anchor: number | null;
}

export const NO_SELECTION: RowSelection = { selected: new Set(), anchor: null };

/**
 * A click on a row's checkbox (or a shift-click on the row). Without shift it toggles the row and makes it the
 * anchor. With shift, every row from the anchor to the clicked one, in the order shown, takes the state the
 * clicked row is switched to; the anchor stays, so a second shift-click changes the range from the same row.
 * Without an anchor still shown, a shift-click is a plain click.
 */
export function clickRow(
  selection: RowSelection,
  rowIds: readonly number[],
  id: number,
  shift: boolean,
): RowSelection {
  const to = rowIds.indexOf(id);
  if (to === -1) return selection;
  const select = !selection.selected.has(id);
  const from = selection.anchor === null ? -1 : rowIds.indexOf(selection.anchor);
  const next = new Set(selection.selected);
  if (!shift || from === -1) {
    if (select) next.add(id);
    else next.delete(id);
    return { selected: next, anchor: id };
  }
  for (const rowId of rowIds.slice(Math.min(from, to), Math.max(from, to) + 1)) {
    if (select) next.add(rowId);
    else next.delete(rowId);
  }
  return { selected: next, anchor: selection.anchor };
}

/** The header checkbox: selects every row shown, or clears the selection when all are selected already. */
export function toggleAll(selection: RowSelection, rowIds: readonly number[]): RowSelection {
  const allSelected = rowIds.length > 0 && rowIds.every((id) => selection.selected.has(id));
  return allSelected ? NO_SELECTION : { selected: new Set(rowIds), anchor: selection.anchor };
}

/** Drops rows no longer shown (archived, or gone after a reload), keeping the anchor only if it is still there. */
export function keepShown(selection: RowSelection, rowIds: readonly number[]): RowSelection {
  const shown = new Set(rowIds);
  const kept = [...selection.selected].filter((id) => shown.has(id));
  const anchor = selection.anchor !== null && shown.has(selection.anchor) ? selection.anchor : null;
  if (kept.length === selection.selected.size && anchor === selection.anchor) return selection;
  return { selected: new Set(kept), anchor };
}
