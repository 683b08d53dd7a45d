/**
 * The page script records `<link rel="stylesheet">` by reference, sparing the page's main thread; the server
 * puts each stylesheet's text back from the simulator's own copy, as an inlining rrweb would have recorded it.
 * What that leaves out: "Stylesheets by reference" in the package README.
 */

/** rrweb's serialized node types (rrweb-snapshot `NodeType`). */
const ELEMENT_NODE = 2;
/** rrweb event types and the incremental source of DOM mutations. */
const FULL_SNAPSHOT = 2;
const INCREMENTAL_SNAPSHOT = 3;
const MUTATION_SOURCE = 0;

interface SerializedNode {
  type?: number;
  tagName?: string;
  attributes?: Record<string, unknown>;
  childNodes?: SerializedNode[];
}

/** The text of the stylesheet at an absolute URL, when Proctor has it. */
export type StylesheetText = (url: string) => string | undefined;

/**
 * Fills in `_cssText` for the stylesheet links of rrweb events (full snapshots and the nodes DOM mutations add),
 * in place. Returns how many links it filled.
 */
export function inlineStylesheets(events: readonly unknown[], stylesheetText: StylesheetText): number {
  let filled = 0;
  const visit = (node: SerializedNode | undefined): void => {
    if (!node || typeof node !== 'object') return;
    if (node.type === ELEMENT_NODE && node.tagName === 'link' && fill(node, stylesheetText)) filled += 1;
    if (Array.isArray(node.childNodes)) for (const child of node.childNodes) visit(child);
  };
  for (const event of events) {
    const { type, data } = (event ?? {}) as {
      type?: number;
      data?: { node?: SerializedNode; source?: number; adds?: Array<{ node?: SerializedNode }> };
    };
    if (type === FULL_SNAPSHOT) visit(data?.node);
    else if (type === INCREMENTAL_SNAPSHOT && data?.source === MUTATION_SOURCE && Array.isArray(data.adds))
      for (const add of data.adds) visit(add?.node);
  }
  return filled;
}

function fill(node: SerializedNode, stylesheetText: StylesheetText): boolean {
  const attributes = node.attributes;
  if (!attributes || typeof attributes._cssText === 'string') return false;
  const { rel, href } = attributes;
  if (typeof rel !== 'string' || !rel.toLowerCase().split(/\s+/).includes('stylesheet')) return false;
  if (typeof href !== 'string') return false;
  const text = stylesheetText(href);
  if (text === undefined) return false;
  attributes._cssText = absoluteCssUrls(text, href);
  delete attributes.rel;
  delete attributes.href;
  return true;
}

const CSS_URL = /url\(\s*(['"]?)([^'")]*)\1\s*\)/gi;

/** `url(...)` references made absolute against the stylesheet's own URL, as rrweb does when it inlines one. */
export function absoluteCssUrls(css: string, base: string): string {
  return css.replace(CSS_URL, (whole, quote: string, reference: string) => {
    const trimmed = reference.trim();
    if (trimmed === '' || /^(data:|#|[a-z][a-z0-9+.-]*:)/i.test(trimmed)) return whole;
    try {
      return `url(${quote}${new URL(trimmed, base).href}${quote})`;
    } catch {
      return whole;
    }
  });
}
