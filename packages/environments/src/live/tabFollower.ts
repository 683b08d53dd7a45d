import type { CdpEventParams } from '../cdp/connection';

type TargetInfo = CdpEventParams<'Target.targetCreated'>['targetInfo'];

export interface PageTab {
  targetId: string;
  url: string;
  title: string;
  openerId?: string;
}

/** Top-level pages only: not workers, iframes or Chromium's own UI, nor prerendered pages nobody sees yet. */
export function isPageTab(info: TargetInfo): boolean {
  return info.type === 'page' && info.subtype === undefined;
}

export function pageTab(info: TargetInfo): PageTab {
  return { targetId: info.targetId, url: info.url, title: info.title, openerId: info.openerId };
}

/**
 * Which page the live view shows. A person watching expects what the agent is looking at: the newest tab
 * (a popup or a tab the agent opened), and when that one closes the tab it came from, else the newest left.
 * Pure bookkeeping; the live view attaches and screencasts whatever this says.
 */
export class TabFollower {
  /** In order of discovery, so the last one is the newest. */
  readonly #tabs = new Map<string, PageTab>();
  #followedId: string | undefined;

  get followed(): PageTab | undefined {
    return this.#followedId === undefined ? undefined : this.#tabs.get(this.#followedId);
  }

  get size(): number {
    return this.#tabs.size;
  }

  get(targetId: string): PageTab | undefined {
    return this.#tabs.get(targetId);
  }

  /**
   * A page appeared. `opened` is true for a page opened while the live view runs (it is followed), false
   * for one that was there already (followed only if none is). Returns whether the followed tab changed.
   */
  add(tab: PageTab, opened: boolean): boolean {
    if (this.#tabs.has(tab.targetId)) return this.update(tab);
    this.#tabs.set(tab.targetId, tab);
    if (opened || this.#followedId === undefined) {
      this.#followedId = tab.targetId;
      return true;
    }
    return false;
  }

  /** A known page changed its url or title. Returns whether it is the followed one. */
  update(tab: PageTab): boolean {
    if (!this.#tabs.has(tab.targetId)) return false;
    this.#tabs.set(tab.targetId, tab);
    return tab.targetId === this.#followedId;
  }

  /** A page closed. Returns whether the followed tab changed. */
  remove(targetId: string): boolean {
    const tab = this.#tabs.get(targetId);
    if (!tab) return false;
    this.#tabs.delete(targetId);
    if (targetId !== this.#followedId) return false;
    const opener = tab.openerId === undefined ? undefined : this.#tabs.get(tab.openerId);
    this.#followedId = opener?.targetId ?? [...this.#tabs.keys()].at(-1);
    return true;
  }
}
