import { classNames, html, initials, type SafeHtml } from '../../../kit';
import { ISSUE_TYPES, type IssueType, PRIORITIES, type Priority, STATUSES, type Status } from '../domain';

const AVATAR_COLORS = [
  '#4c6ef5',
  '#12b886',
  '#f76707',
  '#ae3ec9',
  '#e64980',
  '#1098ad',
  '#74b816',
  '#f59f00',
];

export function avatar(name: string | null, id: number | null, size: 'sm' | 'md' = 'sm'): SafeHtml {
  if (name === null || id === null)
    return html`<span class="avatar avatar-${size} avatar-empty" aria-hidden="true"></span>`;
  const color = AVATAR_COLORS[id % AVATAR_COLORS.length];
  return html`<span class="avatar avatar-${size}" style="background:${color}" aria-hidden="true">${initials(name)}</span>`;
}

export function person(name: string | null, id: number | null): SafeHtml {
  return name === null
    ? html`<span class="person muted">${avatar(null, null)}Unassigned</span>`
    : html`<span class="person">${avatar(name, id)}<span>${name}</span></span>`;
}

export function statusBadge(status: string): SafeHtml {
  return html`<span class="status status-${status}"><span class="status-dot" aria-hidden="true"></span>${STATUSES[status as Status] ?? status}</span>`;
}

export function priorityTag(priority: string): SafeHtml {
  return html`<span class="priority priority-${priority}" title="Priority: ${PRIORITIES[priority as Priority]}"><span class="bars" aria-hidden="true"><i></i><i></i><i></i></span>${PRIORITIES[priority as Priority] ?? priority}</span>`;
}

export function typeTag(type: string): SafeHtml {
  return html`<span class="type type-${type}">${ISSUE_TYPES[type as IssueType] ?? type}</span>`;
}

export function labelChip(name: string, color: string): SafeHtml {
  return html`<span class="label-chip"><span class="label-dot" style="background:${color}" aria-hidden="true"></span>${name}</span>`;
}

export function emptyState(title: string, detail: string): SafeHtml {
  return html`<div class="empty-state"><p class="empty-title">${title}</p><p class="muted">${detail}</p></div>`;
}

export interface PickerOption {
  value: string;
  label: string;
  detail?: string;
  /** Markup shown before the label (an avatar, priority bars); decorative. */
  lead?: SafeHtml;
}

/**
 * The property picker: a custom element <lw-picker> whose button and listbox live in an open shadow root
 * (declarative, so it renders without script); assets/app.js wires the behaviour. The chosen value sits in a
 * light-DOM hidden input, so the surrounding form posts it like any field. `autosubmit` saves on choice.
 */
export function picker(options: {
  name: string;
  label: string;
  value: string;
  choices: PickerOption[];
  autosubmit?: boolean;
  placeholder?: string;
}): SafeHtml {
  const current = options.choices.find((c) => c.value === options.value);
  const shown = current?.label ?? options.placeholder ?? 'None';
  return html`<lw-picker name="${options.name}" label="${options.label}" ${options.autosubmit ? 'autosubmit' : ''}>
<template shadowrootmode="open">
<style>
:host { display: block; position: relative; font: inherit; }
.trigger { display: flex; align-items: center; gap: 8px; width: 100%; min-height: 32px; padding: 4px 10px; border: 1px solid #d5d9e2; border-radius: 6px; background: #fff; color: #1d2433; font: inherit; cursor: pointer; text-align: left; }
.trigger:hover { border-color: #aab1c0; }
.trigger:focus-visible { outline: 2px solid #5b5bd6; outline-offset: 1px; }
.caret { margin-left: auto; color: #7a8194; }
.popover { position: absolute; z-index: 30; top: calc(100% + 4px); left: 0; min-width: 100%; width: max-content; max-width: 300px; padding: 6px; border: 1px solid #d5d9e2; border-radius: 8px; background: #fff; box-shadow: 0 12px 32px rgba(20, 24, 40, .18); }
.popover[hidden] { display: none; }
.filter { box-sizing: border-box; width: 100%; margin-bottom: 4px; padding: 6px 8px; border: 1px solid #d5d9e2; border-radius: 6px; font: inherit; }
ul { list-style: none; margin: 0; padding: 0; max-height: 260px; overflow: auto; }
li { display: flex; align-items: center; gap: 8px; padding: 6px 8px; border-radius: 6px; cursor: pointer; white-space: nowrap; }
li:hover, li.active { background: #eef0fb; }
li[aria-selected="true"] { font-weight: 600; }
li[hidden] { display: none; }
.detail { margin-left: auto; padding-left: 12px; color: #7a8194; font-size: 12px; font-weight: 400; }
.avatar { display: inline-grid; place-items: center; width: 20px; height: 20px; border-radius: 50%; color: #fff; font-size: 9px; font-weight: 700; }
.avatar-empty { border: 1px dashed #aab1c0; box-sizing: border-box; }
.bars { display: inline-flex; gap: 2px; align-items: flex-end; height: 12px; }
.bars i { display: block; width: 3px; background: #c6cbd6; border-radius: 1px; }
.bars i:nth-child(1) { height: 5px; } .bars i:nth-child(2) { height: 8px; } .bars i:nth-child(3) { height: 12px; }
.p-urgent .bars i, .p-high .bars i:nth-child(-n+3) { background: #e03131; }
.p-high .bars i { background: #f08c00; }
.p-medium .bars i:nth-child(-n+2) { background: #f08c00; }
.p-low .bars i:nth-child(1) { background: #f08c00; }
</style>
<button type="button" class="trigger" part="trigger" aria-haspopup="listbox" aria-expanded="false" aria-label="${options.label}: ${shown}">${current?.lead}<span class="value">${shown}</span><span class="caret" aria-hidden="true">▾</span></button>
<div class="popover" hidden>
  ${options.choices.length > 8 && html`<input class="filter" type="text" placeholder="Filter…" aria-label="Filter ${options.label.toLowerCase()} options">`}
  <ul role="listbox" aria-label="${options.label}">
    ${options.choices.map(
      (c) =>
        html`<li role="option" tabindex="-1" data-value="${c.value}" aria-label="${c.label}" aria-selected="${c.value === options.value ? 'true' : 'false'}">${c.lead}<span class="text">${c.label}</span>${c.detail && html`<span class="detail">${c.detail}</span>`}</li>`,
    )}
  </ul>
</div>
</template>
<input type="hidden" name="${options.name}" value="${options.value}">
</lw-picker>`;
}

export function priorityChoices(): PickerOption[] {
  return Object.entries(PRIORITIES).map(([value, label]) => ({
    value,
    label,
    lead: html`<span class="${classNames('bars-wrap', `p-${value}`)}" aria-hidden="true"><span class="bars"><i></i><i></i><i></i></span></span>`,
  }));
}

export function memberChoices(members: { id: number; name: string; team: string }[]): PickerOption[] {
  return [
    { value: '', label: 'Unassigned', lead: avatar(null, null) },
    ...members.map((m) => ({
      value: String(m.id),
      label: m.name,
      detail: m.team,
      lead: avatar(m.name, m.id),
    })),
  ];
}

/** Pager links keep every other query parameter. */
export function pager(options: {
  page: number;
  pages: number;
  total: number;
  shown: number;
  pageSize: number;
  link: (page: number) => string;
  noun: string;
}): SafeHtml {
  const { page, pages, total, pageSize, link, noun } = options;
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return html`<nav class="pager" aria-label="Pagination">
  <span class="muted">Showing ${from}–${to} of ${total} ${noun}</span>
  <span class="pager-links">
    ${page > 1 ? html`<a class="button small" href="${link(page - 1)}" rel="prev">Previous</a>` : html`<span class="button small disabled" aria-disabled="true">Previous</span>`}
    <span class="page-indicator">Page ${page} of ${pages}</span>
    ${page < pages ? html`<a class="button small" href="${link(page + 1)}" rel="next">Next</a>` : html`<span class="button small disabled" aria-disabled="true">Next</span>`}
  </span>
</nav>`;
}
