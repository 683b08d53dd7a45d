/**
 * HTML templating with escaping by default: every interpolated value is escaped unless it is already
 * `SafeHtml` (another `html` template, or `raw()` text you trust). Arrays are joined, and null, undefined
 * and false render nothing, so `${items.map((i) => html`<li>${i.name}</li>`)}` and
 * `${error && html`<p class="error">${error}</p>`}` just work.
 */

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue =
  | SafeHtml
  | string
  | number
  | bigint
  | boolean
  | null
  | undefined
  | readonly HtmlValue[];

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] as string);
}

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? '');
  return new SafeHtml(out);
}

/** Marks trusted markup (an SVG icon from the simulator's own files) as safe. Never pass user input. */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/** A JSON value embedded in a <script> element without letting it close the element. */
export function jsonScript(value: unknown): SafeHtml {
  return new SafeHtml(JSON.stringify(value).replace(/</g, '\\u003c'));
}

/** `class` attribute helper: classNames('btn', active && 'btn-active') → 'btn btn-active'. */
export function classNames(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
