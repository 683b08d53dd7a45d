import type { ReportNode } from '@proctor/contracts';

/**
 * The report's expansion presets (002 §2.4), each opening the tree one level deeper: Collapsed shows the
 * simulators; Simulators opens them to their environments; Tags opens the environments to their tests, each
 * tagged with its verdict; All Tests opens every test to its error and screenshots.
 */
export const REPORT_PRESETS = [
  { value: 'collapsed', label: 'Collapsed' },
  { value: 'simulators', label: 'Simulators' },
  { value: 'tags', label: 'Tags' },
  { value: 'all', label: 'All Tests' },
] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number]['value'];

const OPENED_LEVELS: Record<ReportPreset, ReadonlyArray<ReportNode['level']>> = {
  collapsed: [],
  simulators: ['simulator'],
  tags: ['simulator', 'environment'],
  all: ['simulator', 'environment', 'test'],
};

/** The ids of the rows a preset opens. */
export function expandedByPreset(tree: readonly ReportNode[], preset: ReportPreset): Set<string> {
  const levels = OPENED_LEVELS[preset];
  const opened = new Set<string>();
  const visit = (nodes: readonly ReportNode[]) => {
    for (const node of nodes) {
      if (levels.includes(node.level)) opened.add(node.id);
      visit(node.children);
    }
  };
  visit(tree);
  return opened;
}

export interface VisibleRow {
  node: ReportNode;
  depth: number;
  expanded: boolean;
}

/** The rows on screen: a row's children show only while it is open (an open test shows its details instead). */
export function visibleRows(tree: readonly ReportNode[], expanded: ReadonlySet<string>): VisibleRow[] {
  const rows: VisibleRow[] = [];
  const visit = (nodes: readonly ReportNode[], depth: number) => {
    for (const node of nodes) {
      const open = expanded.has(node.id);
      rows.push({ node, depth, expanded: open });
      if (open) visit(node.children, depth + 1);
    }
  };
  visit(tree, 0);
  return rows;
}

/** Opens or closes one row. */
export function toggled(expanded: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(expanded);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
