import { describe, expect, it } from 'vitest';
import {
  clickRow,
  keepShown,
  NO_SELECTION,
  type RowSelection,
  toggleAll,
} from '../../src/features/simulatorEditor/rowSelection';

const rows = [11, 12, 13, 14, 15, 16];
const ids = (selection: RowSelection) => [...selection.selected].sort((a, b) => a - b);

describe("the simulator editor's row selection", () => {
  it('should toggle a row on a plain click and make it the anchor', () => {
    const one = clickRow(NO_SELECTION, rows, 13, false);
    expect(ids(one)).toEqual([13]);
    expect(one.anchor).toBe(13);
    const none = clickRow(one, rows, 13, false);
    expect(ids(none)).toEqual([]);
    expect(none.anchor).toBe(13);
  });

  it('should select every row between the anchor and a shift-clicked row, downwards or upwards', () => {
    const down = clickRow(clickRow(NO_SELECTION, rows, 12, false), rows, 15, true);
    expect(ids(down)).toEqual([12, 13, 14, 15]);
    const up = clickRow(clickRow(NO_SELECTION, rows, 15, false), rows, 12, true);
    expect(ids(up)).toEqual([12, 13, 14, 15]);
  });

  it('should follow the order the rows are shown in, not their ids', () => {
    const shown = [16, 11, 14, 12];
    const range = clickRow(clickRow(NO_SELECTION, shown, 11, false), shown, 12, true);
    expect(ids(range)).toEqual([11, 12, 14]);
  });

  it('should keep rows selected outside the range', () => {
    let selection = clickRow(NO_SELECTION, rows, 11, false);
    selection = clickRow(selection, rows, 14, false);
    selection = clickRow(selection, rows, 16, true);
    expect(ids(selection)).toEqual([11, 14, 15, 16]);
  });

  it('should clear the range when the shift-clicked row was selected, and keep the anchor', () => {
    let selection = clickRow(NO_SELECTION, rows, 11, false);
    selection = clickRow(selection, rows, 16, true);
    selection = clickRow(clickRow(selection, rows, 14, false), rows, 14, false);
    // 14 deselected then selected again: it is the anchor; shift-click a selected row deselects down to it.
    const cleared = clickRow(selection, rows, 16, true);
    expect(ids(cleared)).toEqual([11, 12, 13]);
    expect(cleared.anchor).toBe(14);
  });

  it('should treat a shift-click without an anchor shown as a plain click', () => {
    expect(ids(clickRow(NO_SELECTION, rows, 14, true))).toEqual([14]);
    const gone = { selected: new Set([99]), anchor: 99 };
    const selection = clickRow(gone, rows, 12, true);
    expect(ids(selection)).toEqual([12, 99]);
    expect(selection.anchor).toBe(12);
  });

  it('should ignore a click on a row that is not shown', () => {
    const selection = clickRow(NO_SELECTION, rows, 12, false);
    expect(clickRow(selection, rows, 42, true)).toBe(selection);
  });

  it('should select all rows from the header, and clear them when all are selected', () => {
    const all = toggleAll(clickRow(NO_SELECTION, rows, 12, false), rows);
    expect(ids(all)).toEqual(rows);
    expect(ids(toggleAll(all, rows))).toEqual([]);
    expect(ids(toggleAll(NO_SELECTION, []))).toEqual([]);
  });

  it('should drop archived rows and an anchor no longer shown', () => {
    const selection = clickRow(clickRow(NO_SELECTION, rows, 11, false), rows, 13, true);
    const kept = keepShown(selection, [12, 14, 15]);
    expect(ids(kept)).toEqual([12]);
    expect(kept.anchor).toBeNull();
    expect(keepShown(selection, rows)).toBe(selection);
  });
});
