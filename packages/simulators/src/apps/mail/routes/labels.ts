import { type AppBuilder, fieldError, fields, formSchema, html, type RequestContext } from '../../../kit';
import { allLabels, findLabel, type LabelRow } from '../mailbox';
import { LABEL_COLORS } from '../schema';
import { forgetUndo } from '../undo';

const LabelForm = formSchema({
  name: fields.text({ required: true, max: 40, label: 'Label name' }),
  color: fields.choice(LABEL_COLORS, { required: true, label: 'Colour' }),
});

type LabelValues = {
  values: Record<'name' | 'color', string>;
  errors: Partial<Record<'name' | 'color', string>>;
};

function colorPicker(prefix: string, selected: string) {
  return html`<fieldset class="color-picker"><legend>Colour</legend>${LABEL_COLORS.map(
    (color) =>
      html`<label class="swatch-option"><input type="radio" name="color" value="${color}" ${selected === color ? 'checked' : ''} id="${prefix}-${color}"><span class="swatch dot-${color}"></span><span class="swatch-name">${color.charAt(0).toUpperCase()}${color.slice(1)}</span></label>`,
  )}</fieldset>`;
}

function labelsPage(ctx: RequestContext, create?: LabelValues, edit?: { label: LabelRow } & LabelValues) {
  const labels = allLabels(ctx);
  const counts = new Map(
    ctx.db
      .prepare<[], { label_id: number; n: number }>(
        "SELECT tl.label_id, count(*) AS n FROM thread_labels tl JOIN threads t ON t.id = tl.thread_id WHERE t.folder NOT IN ('spam', 'trash') GROUP BY tl.label_id",
      )
      .all()
      .map((r) => [r.label_id, r.n]),
  );
  const newForm = create ?? { values: { name: '', color: 'blue' }, errors: {} };
  return ctx.render({
    title: 'Labels',
    section: 'labels',
    status: create || edit ? 422 : 200,
    body: html`<div class="list-header"><h1>Labels</h1><button type="button" class="primary" data-modal-open="new-label">New label</button></div>
<p class="notice">Labels group conversations across folders. A conversation can have several.</p>
<table class="data-table labels-table">
  <thead><tr><th>Label</th><th>Conversations</th><th><span class="visually-hidden">Actions</span></th></tr></thead>
  <tbody>${labels.map(
    (
      l,
    ) => html`<tr><td><span class="dot dot-${l.color}"></span> <a href="/label/${l.id}">${l.name}</a></td><td>${counts.get(l.id) ?? 0}</td>
    <td><div class="row-actions"><button type="button" class="link" data-modal-open="edit-label-${l.id}" aria-label="Edit ${l.name}">Edit</button>
    <form method="post" action="/labels/${l.id}/delete" data-confirm="Delete the label “${l.name}”? Conversations keep their other labels and stay where they are." data-confirm-label="Delete label"><button class="link danger-text" aria-label="Delete ${l.name}">Delete</button></form></div></td></tr>`,
  )}</tbody>
</table>
${labels.map(
  (
    l,
  ) => html`<dialog id="edit-label-${l.id}" class="kit-modal" ${edit?.label.id === l.id ? 'data-open' : ''}><div class="kit-modal-body">
      <h2>Edit label</h2>
      <form method="post" action="/labels/${l.id}" class="stack" novalidate>
        <label for="edit-${l.id}-name">Label name</label><input id="edit-${l.id}-name" name="name" value="${edit?.label.id === l.id ? edit.values.name : l.name}" maxlength="40">
        ${edit?.label.id === l.id && fieldError(edit.errors.name)}
        ${colorPicker(`edit-${l.id}`, edit?.label.id === l.id ? edit.values.color : l.color)}
        <div class="kit-modal-actions"><button type="button" class="secondary" data-modal-close>Cancel</button><button class="primary">Save</button></div>
      </form></div></dialog>`,
)}
<dialog id="new-label" class="kit-modal" ${create ? 'data-open' : ''}><div class="kit-modal-body">
  <h2>New label</h2>
  <form method="post" action="/labels" class="stack" novalidate>
    <label for="new-label-name">Label name</label><input id="new-label-name" name="name" value="${newForm.values.name}" maxlength="40">
    ${fieldError(newForm.errors.name)}
    ${colorPicker('new', newForm.values.color)}${fieldError(newForm.errors.color)}
    <div class="kit-modal-actions"><button type="button" class="secondary" data-modal-close>Cancel</button><button class="primary">Create label</button></div>
  </form>
</div></dialog>`,
  });
}

function nameTaken(ctx: RequestContext, name: string, except: number | null): boolean {
  return (
    ctx.db
      .prepare<[string, number], { id: number }>(
        'SELECT id FROM labels WHERE name = ? COLLATE NOCASE AND id <> ?',
      )
      .get(name, except ?? 0) !== undefined
  );
}

function createLabel(ctx: RequestContext) {
  const result = LabelForm.parse(ctx.form);
  if (!result.ok) return labelsPage(ctx, { values: result.values, errors: result.errors });
  if (nameTaken(ctx, result.data.name, null)) {
    return labelsPage(ctx, {
      values: result.values,
      errors: { name: `A label named “${result.data.name}” already exists` },
    });
  }
  forgetUndo(ctx);
  ctx.db.prepare('INSERT INTO labels (name, color) VALUES (?, ?)').run(result.data.name, result.data.color);
  return ctx.redirect('/labels', { kind: 'success', message: `Label “${result.data.name}” created` });
}

function updateLabel(ctx: RequestContext) {
  const label = findLabel(ctx, ctx.params.id);
  const result = LabelForm.parse(ctx.form);
  if (!result.ok) return labelsPage(ctx, undefined, { label, values: result.values, errors: result.errors });
  if (nameTaken(ctx, result.data.name, label.id)) {
    return labelsPage(ctx, undefined, {
      label,
      values: result.values,
      errors: { name: `A label named “${result.data.name}” already exists` },
    });
  }
  forgetUndo(ctx);
  ctx.db
    .prepare('UPDATE labels SET name = ?, color = ? WHERE id = ?')
    .run(result.data.name, result.data.color, label.id);
  return ctx.redirect('/labels', { kind: 'success', message: 'Label saved' });
}

function deleteLabel(ctx: RequestContext) {
  const label = findLabel(ctx, ctx.params.id);
  forgetUndo(ctx);
  ctx.db.prepare('DELETE FROM labels WHERE id = ?').run(label.id);
  return ctx.redirect('/labels', { kind: 'success', message: `Label “${label.name}” deleted` });
}

export function labelRoutes(app: AppBuilder): void {
  app.get('/labels', (ctx) => labelsPage(ctx));
  app.post('/labels', createLabel);
  app.post('/labels/:id', updateLabel);
  app.post('/labels/:id/delete', deleteLabel);
}
