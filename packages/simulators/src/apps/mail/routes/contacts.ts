import {
  type AppBuilder,
  fieldError,
  fields,
  formatDate,
  formSchema,
  HttpError,
  html,
  type RequestContext,
} from '../../../kit';
import { type ContactRow, PAGE_SIZE, pageNumber } from '../mailbox';
import { forgetUndo } from '../undo';
import { avatar, listDate, pager } from '../views/parts';

const ContactForm = formSchema({
  name: fields.text({ required: true, max: 80 }),
  email: fields.email({ required: true }),
  company: fields.text({ max: 80 }),
  job_title: fields.text({ max: 80, label: 'Job title' }),
  phone: fields.text({ max: 30, pattern: /^[+()\d\s.-]{7,}$/, patternMessage: 'Enter a valid phone number' }),
});
type ContactValues = { values: Record<string, string>; errors: Partial<Record<string, string>> };

const CONTACT_SORTS = {
  name: { label: 'Name', sql: 'name COLLATE NOCASE, id' },
  company: { label: 'Company', sql: 'company COLLATE NOCASE, name COLLATE NOCASE' },
  recent: { label: 'Recently added', sql: 'created_at DESC, id DESC' },
} as const;

function contactFields(prefix: string, form: ContactValues) {
  const input = (name: string, label: string, type = 'text') =>
    html`<label for="${prefix}-${name}">${label}</label><input id="${prefix}-${name}" name="${name}" type="${type}" value="${form.values[name] ?? ''}">${fieldError(form.errors[name])}`;
  return html`${input('name', 'Name')}${input('email', 'Email', 'email')}${input('company', 'Company')}${input('job_title', 'Job title')}${input('phone', 'Phone', 'tel')}`;
}

function contactsPage(ctx: RequestContext, create?: ContactValues) {
  const q = (ctx.query.get('q') ?? '').trim();
  const sortParam = ctx.query.get('sort') ?? 'name';
  const sort = sortParam in CONTACT_SORTS ? (sortParam as keyof typeof CONTACT_SORTS) : 'name';
  const page = pageNumber(ctx.query.get('page'));
  const where = q
    ? "WHERE name LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\' OR company LIKE ? ESCAPE '\\'"
    : '';
  const pattern = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
  const args = q ? [pattern, pattern, pattern] : [];
  const total =
    ctx.db.prepare<string[], { n: number }>(`SELECT count(*) AS n FROM contacts ${where}`).get(...args)?.n ??
    0;
  const rows = ctx.db
    .prepare<string[], ContactRow>(
      `SELECT * FROM contacts ${where} ORDER BY ${CONTACT_SORTS[sort].sql} LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`,
    )
    .all(...args);
  const link = (p: number) =>
    ctx.link('/contacts', { q, sort: sort === 'name' ? '' : sort, page: p > 1 ? p : '' });
  const form = create ?? { values: ContactForm.empty(), errors: {} };
  return ctx.render({
    title: 'Contacts',
    section: 'contacts',
    status: create ? 422 : 200,
    body: html`<div class="list-header"><h1>Contacts</h1>
  <form method="get" action="/contacts" class="inline-search" role="search">
    <input type="search" name="q" value="${q}" placeholder="Search contacts" aria-label="Search contacts">
    <select name="sort" aria-label="Sort contacts" data-autosubmit>${Object.entries(CONTACT_SORTS).map(
      ([key, s]) => html`<option value="${key}" ${key === sort ? 'selected' : ''}>${s.label}</option>`,
    )}</select>
    <button class="secondary">Search</button>
  </form>
  <button type="button" class="primary" data-modal-open="new-contact">New contact</button>
</div>
<table class="data-table contacts-table">
  <thead><tr><th>Name</th><th>Email</th><th>Company</th><th>Phone</th></tr></thead>
  <tbody>${
    rows.length === 0
      ? html`<tr><td colspan="4" class="empty-cell">No contacts match “${q}”.</td></tr>`
      : rows.map(
          (c) =>
            html`<tr><td class="contact-name">${avatar(c.name, 'sm')}<a href="/contacts/${c.id}">${c.name}</a></td><td>${c.email}</td><td>${c.company}</td><td>${c.phone}</td></tr>`,
        )
  }</tbody>
</table>
${pager({ page, total, pageSize: PAGE_SIZE, link, noun: 'contacts' })}
<dialog id="new-contact" class="kit-modal" ${create ? 'data-open' : ''}><div class="kit-modal-body">
  <h2>New contact</h2>
  <form method="post" action="/contacts" class="stack" novalidate>${contactFields('new', form)}
  <div class="kit-modal-actions"><button type="button" class="secondary" data-modal-close>Cancel</button><button class="primary">Save contact</button></div></form>
</div></dialog>`,
  });
}

function findContact(ctx: RequestContext): ContactRow {
  const contact = ctx.db
    .prepare<[string], ContactRow>('SELECT * FROM contacts WHERE id = ?')
    .get(ctx.params.id ?? '');
  if (!contact) throw new HttpError(404);
  return contact;
}

function contactPage(ctx: RequestContext, edit?: ContactValues) {
  const contact = findContact(ctx);
  const threads = ctx.db
    .prepare<[string, string], { id: number; subject: string; last_message_at: string }>(
      `SELECT DISTINCT t.id, t.subject, t.last_message_at FROM threads t JOIN messages m ON m.thread_id = t.id
       WHERE (m.from_email = ? OR m.to_addrs LIKE ?) AND t.folder NOT IN ('spam', 'trash') ORDER BY t.last_message_at DESC LIMIT 8`,
    )
    .all(contact.email, `%${contact.email}%`);
  const form = edit ?? {
    values: {
      name: contact.name,
      email: contact.email,
      company: contact.company,
      job_title: contact.job_title,
      phone: contact.phone,
    },
    errors: {},
  };
  const now = ctx.now();
  return ctx.render({
    title: contact.name,
    section: 'contacts',
    status: edit ? 422 : 200,
    body: html`<p><a href="/contacts" class="subtle-link">← All contacts</a></p>
<section class="contact-card">
  ${avatar(contact.name)}
  <div class="contact-main"><h1>${contact.name}</h1><p class="muted">${[contact.job_title, contact.company].filter(Boolean).join(' · ')}</p></div>
  <div class="contact-actions"><a class="button primary" href="${ctx.link('/compose', { to: contact.email })}">Send email</a>
  <button type="button" class="secondary" data-modal-open="edit-contact">Edit</button>
  <form method="post" action="/contacts/${contact.id}/delete" data-confirm="Delete ${contact.name} from your contacts?" data-confirm-label="Delete contact"><button class="link danger-text">Delete</button></form></div>
</section>
<dl class="details">
  <dt>Email</dt><dd class="contact-email">${contact.email}</dd>
  <dt>Phone</dt><dd class="contact-phone">${contact.phone || '—'}</dd>
  <dt>Company</dt><dd>${contact.company || '—'}</dd>
  <dt>Job title</dt><dd class="contact-title">${contact.job_title || '—'}</dd>
  <dt>Added</dt><dd>${formatDate(contact.created_at)}</dd>
</dl>
<h2>Recent conversations</h2>
${threads.length === 0 ? html`<p class="muted">No conversations yet.</p>` : html`<ul class="recent-threads">${threads.map((t) => html`<li><a href="/thread/${t.id}">${t.subject || '(no subject)'}</a><time>${listDate(t.last_message_at, now)}</time></li>`)}</ul>`}
<dialog id="edit-contact" class="kit-modal" ${edit ? 'data-open' : ''}><div class="kit-modal-body">
  <h2>Edit contact</h2>
  <form method="post" action="/contacts/${contact.id}" class="stack" novalidate>${contactFields('edit', form)}
  <div class="kit-modal-actions"><button type="button" class="secondary" data-modal-close>Cancel</button><button class="primary">Save changes</button></div></form>
</div></dialog>`,
  });
}

function emailTaken(ctx: RequestContext, email: string, except: number): boolean {
  return (
    ctx.db
      .prepare<[string, number], { id: number }>(
        'SELECT id FROM contacts WHERE email = ? COLLATE NOCASE AND id <> ?',
      )
      .get(email, except) !== undefined
  );
}

function createContact(ctx: RequestContext) {
  const result = ContactForm.parse(ctx.form);
  if (!result.ok) return contactsPage(ctx, result);
  if (emailTaken(ctx, result.data.email, 0)) {
    return contactsPage(ctx, {
      values: result.values,
      errors: { email: 'A contact with this email already exists' },
    });
  }
  forgetUndo(ctx);
  const { name, email, company, job_title, phone } = result.data;
  const id = ctx.db
    .prepare(
      'INSERT INTO contacts (name, email, company, job_title, phone, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(name, email.toLowerCase(), company, job_title, phone, ctx.now().toISOString()).lastInsertRowid;
  return ctx.redirect(`/contacts/${id}`, { kind: 'success', message: `${name} added to contacts` });
}

function updateContact(ctx: RequestContext) {
  const contact = findContact(ctx);
  const result = ContactForm.parse(ctx.form);
  if (!result.ok) return contactPage(ctx, result);
  if (emailTaken(ctx, result.data.email, contact.id)) {
    return contactPage(ctx, {
      values: result.values,
      errors: { email: 'A contact with this email already exists' },
    });
  }
  forgetUndo(ctx);
  const { name, email, company, job_title, phone } = result.data;
  ctx.db
    .prepare('UPDATE contacts SET name = ?, email = ?, company = ?, job_title = ?, phone = ? WHERE id = ?')
    .run(name, email.toLowerCase(), company, job_title, phone, contact.id);
  return ctx.redirect(`/contacts/${contact.id}`, { kind: 'success', message: 'Contact saved' });
}

function deleteContact(ctx: RequestContext) {
  const contact = findContact(ctx);
  forgetUndo(ctx);
  ctx.db.prepare('DELETE FROM contacts WHERE id = ?').run(contact.id);
  return ctx.redirect('/contacts', { kind: 'success', message: `${contact.name} deleted` });
}

export function contactRoutes(app: AppBuilder): void {
  app.get('/contacts', (ctx) => contactsPage(ctx));
  app.post('/contacts', createContact);
  app.get('/contacts/:id', (ctx) => contactPage(ctx));
  app.post('/contacts/:id', updateContact);
  app.post('/contacts/:id/delete', deleteContact);
}
