import type { SafeHtml } from './html';

/** What an HTTP handler answers; build it with the `ctx` helpers (render, html, json, redirect, ...). */
export interface SimulatorResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer | string;
}

export interface PageOptions {
  title: string;
  body: SafeHtml;
  /** 200 by default; 422 for a form shown again with errors, 404 for a missing record. */
  status?: number;
  /** Which of the simulator's `layouts` wraps the page; 'default' unless said. */
  layout?: string;
  /** Free text for the layout, e.g. the active navigation item. */
  section?: string;
  /** Extra markup for <head> (a page-specific stylesheet). */
  head?: SafeHtml;
}
