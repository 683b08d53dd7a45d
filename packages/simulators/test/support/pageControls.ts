import { type HTMLElement, parse } from 'node-html-parser';

/** A link or frame of a page. */
export interface PageLink {
  /** The absolute URL, resolved against the page. */
  url: URL;
  /** The link's text or the frame's title, for failure messages. */
  label: string;
}

export type FormControl =
  /** Any typed input; `type` is 'number' too for a text input with a numeric keyboard (inputmode). */
  | { kind: 'text'; name: string; type: string; value: string; min?: string; max?: string }
  | { kind: 'textarea'; name: string; value: string }
  | { kind: 'hidden'; name: string; value: string }
  | { kind: 'checkbox'; name: string; value: string; checked: boolean }
  | { kind: 'radio'; name: string; value: string; checked: boolean }
  | { kind: 'select'; name: string; options: string[]; selected: string[]; multiple: boolean }
  /** A shadow-DOM picker (<lw-picker>): the choices sit in its template, the value in a light-DOM hidden input. */
  | { kind: 'picker'; name: string; options: string[]; value: string };

export interface Submitter {
  name: string | undefined;
  value: string;
  label: string;
  method: string;
  action: URL;
}

export interface PageForm {
  /** The form's position on the page and its action, for failure messages. */
  label: string;
  controls: FormControl[];
  /** The buttons that submit it, or for a form without any, Enter in one of its text fields. */
  submitters: Submitter[];
}

export interface PageControls {
  links: PageLink[];
  forms: PageForm[];
}

const NOT_A_VALUE = new Set(['submit', 'image', 'button', 'reset', 'file']);

function resolve(href: string, base: URL): URL | undefined {
  try {
    return new URL(href, base);
  } catch {
    return undefined;
  }
}

/** A missing or empty action submits to the page itself. */
function formAction(action: string | undefined, pageUrl: URL): URL | undefined {
  return action ? resolve(action, pageUrl) : undefined;
}

function text(element: HTMLElement): string {
  return element.text.replace(/\s+/g, ' ').trim();
}

function optionValue(option: HTMLElement): string {
  return option.getAttribute('value') ?? text(option);
}

/** The form's fields in document order; each radio and checkbox is its own entry, grouped by name later. */
function readControls(elements: HTMLElement[]): FormControl[] {
  const controls: FormControl[] = [];
  const pickerInputs = new Set<HTMLElement>();
  for (const element of elements) {
    const name = element.getAttribute('name');
    if (!name || element.hasAttribute('disabled') || pickerInputs.has(element)) continue;
    const tag = element.tagName.toLowerCase();
    if (tag === 'lw-picker') {
      const input = element.querySelector(`input[type="hidden"]`);
      if (input) pickerInputs.add(input);
      const options = element
        .querySelectorAll('[data-value]')
        .map((li) => li.getAttribute('data-value') ?? '');
      controls.push({ kind: 'picker', name, options, value: input?.getAttribute('value') ?? '' });
    } else if (tag === 'textarea') {
      controls.push({ kind: 'textarea', name, value: element.text.replace(/^\r?\n/, '') });
    } else if (tag === 'select') {
      const options = element.querySelectorAll('option').filter((o) => !o.hasAttribute('disabled'));
      controls.push({
        kind: 'select',
        name,
        options: options.map(optionValue),
        selected: options.filter((o) => o.hasAttribute('selected')).map(optionValue),
        multiple: element.hasAttribute('multiple'),
      });
    } else if (tag === 'input') {
      const declared = (element.getAttribute('type') ?? 'text').toLowerCase();
      const numeric = /^(?:numeric|decimal)$/.test(element.getAttribute('inputmode') ?? '');
      const type = declared === 'text' && numeric ? 'number' : declared;
      const value = element.getAttribute('value') ?? '';
      if (NOT_A_VALUE.has(type)) continue;
      if (type === 'hidden') controls.push({ kind: 'hidden', name, value });
      else if (type === 'checkbox' || type === 'radio')
        controls.push({
          kind: type,
          name,
          value: element.getAttribute('value') ?? 'on',
          checked: element.hasAttribute('checked'),
        });
      else
        controls.push({
          kind: 'text',
          name,
          type,
          value,
          min: element.getAttribute('min'),
          max: element.getAttribute('max'),
        });
    }
  }
  return controls;
}

/** Hidden, or in a kit modal (<dialog>) that is closed and that no button on the page opens. */
function isOutOfReach(form: HTMLElement, root: HTMLElement): boolean {
  for (let node: HTMLElement | null = form; node; node = node.parentNode) {
    if (node.hasAttribute('hidden')) return true;
  }
  const dialog = form.closest('dialog');
  if (!dialog || dialog.hasAttribute('open') || dialog.hasAttribute('data-open')) return false;
  const id = dialog.getAttribute('id');
  return (
    !id || !root.querySelectorAll('[data-modal-open]').some((e) => e.getAttribute('data-modal-open') === id)
  );
}

function isSubmitButton(element: HTMLElement): boolean {
  const type = (element.getAttribute('type') ?? '').toLowerCase();
  if (element.tagName === 'BUTTON') return type === '' || type === 'submit';
  return type === 'submit' || type === 'image';
}

/**
 * What a visitor can do on the page served at `pageUrl`, without scripts of their own: follow its links (and
 * open its frames), or fill in and submit one of its forms. Read from the HTML the way a browser would: controls tied to a form
 * with `form="id"` count as the form's, disabled and nameless controls post nothing, `formaction`/`formmethod`
 * on the button used win over the form's own. Forms nobody can reach are left out: hidden ones (a script
 * fills and submits them) and those in a dialog that is closed with nothing on the page to open it.
 */
export function readPage(pageHtml: string, pageUrl: URL): PageControls {
  const root = parse(pageHtml, { comment: false });
  const links: PageLink[] = [];
  for (const anchor of root.querySelectorAll('a[href], area[href]')) {
    const url = resolve(anchor.getAttribute('href') ?? '', pageUrl);
    if (url) links.push({ url, label: text(anchor) || (anchor.getAttribute('aria-label') ?? '') });
  }
  for (const frame of root.querySelectorAll('iframe[src]')) {
    const url = resolve(frame.getAttribute('src') ?? '', pageUrl);
    if (url) links.push({ url, label: `frame ${frame.getAttribute('title') ?? ''}`.trim() });
  }

  const fields = 'input, select, textarea, button, lw-picker';
  const forms: PageForm[] = [];
  root.querySelectorAll('form').forEach((form, index) => {
    if (isOutOfReach(form, root)) return;
    const id = form.getAttribute('id');
    const owned = form.querySelectorAll(fields).filter((e) => {
      const owner = e.getAttribute('form');
      return owner === undefined || owner === id;
    });
    // Controls elsewhere on the page that name this form; order within the form does not matter for a post.
    const outside = id
      ? root.querySelectorAll(fields).filter((e) => e.getAttribute('form') === id && !owned.includes(e))
      : [];
    const elements = [...owned, ...outside];
    const method = (form.getAttribute('method') ?? 'get').toLowerCase();
    const action = formAction(form.getAttribute('action'), pageUrl) ?? pageUrl;
    const submitters = elements
      .filter((e) => isSubmitButton(e) && !e.hasAttribute('disabled'))
      .map(
        (button): Submitter => ({
          name: button.getAttribute('name') || undefined,
          value: button.getAttribute('value') ?? '',
          label: text(button) || (button.getAttribute('value') ?? ''),
          method: (button.getAttribute('formmethod') ?? method).toLowerCase(),
          action: formAction(button.getAttribute('formaction'), pageUrl) ?? action,
        }),
      );
    const controls = readControls(elements);
    // Without a submit button, only Enter in a text field submits the form.
    if (submitters.length === 0 && controls.some((c) => c.kind === 'text' || c.kind === 'textarea'))
      submitters.push({ name: undefined, value: '', label: 'Enter', method, action });
    if (submitters.length === 0) return;
    forms.push({
      label: `form #${index + 1} (${method.toUpperCase()} ${action.pathname}${action.search})`,
      controls,
      submitters,
    });
  });
  return { links, forms };
}
