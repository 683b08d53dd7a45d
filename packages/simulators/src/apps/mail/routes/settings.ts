import {
  type AppBuilder,
  fieldError,
  fields,
  formatDate,
  formSchema,
  html,
  type RequestContext,
} from '../../../kit';
import { settings } from '../mailbox';
import { forgetUndo } from '../undo';

const GeneralForm = formSchema({
  display_name: fields.text({ required: true, max: 80, label: 'Display name' }),
  signature: fields.text({ max: 500 }),
});

const VacationForm = formSchema({
  vacation_enabled: fields.checkbox(),
  vacation_start: fields.date({ label: 'First day' }),
  vacation_end: fields.date({ label: 'Last day' }),
  vacation_subject: fields.text({ max: 120, label: 'Subject' }),
  vacation_message: fields.text({ max: 2000, label: 'Message' }),
});

type Errors = Partial<Record<string, string>>;

/**
 * The rules a vacation responder must satisfy when it is on: both days, in order, not ending in the past,
 * and something to say. Pure, so it is tested without a browser.
 */
export function vacationProblems(
  input: { enabled: boolean; start: string | null; end: string | null; subject: string; message: string },
  today: string,
): Errors {
  const errors: Errors = {};
  if (!input.enabled) return errors;
  if (!input.start) errors.vacation_start = 'Choose the first day you are away';
  if (!input.end) errors.vacation_end = 'Choose the last day you are away';
  if (input.start && input.end && input.end < input.start)
    errors.vacation_end = 'Last day must be on or after the first day';
  else if (input.end && input.end < today) errors.vacation_end = 'Last day cannot be in the past';
  if (!input.subject) errors.vacation_subject = 'Subject is required when the responder is on';
  if (!input.message) errors.vacation_message = 'Message is required when the responder is on';
  return errors;
}

function settingsPage(
  ctx: RequestContext,
  general?: { values: Record<string, string>; errors: Errors },
  vacation?: { values: Record<string, string>; errors: Errors },
) {
  const s = settings(ctx);
  const g = general ?? { values: { display_name: s.display_name, signature: s.signature }, errors: {} };
  const v = vacation ?? {
    values: {
      vacation_enabled: s.vacation_enabled ? 'on' : '',
      vacation_start: s.vacation_start ?? '',
      vacation_end: s.vacation_end ?? '',
      vacation_subject: s.vacation_subject,
      vacation_message: s.vacation_message,
    },
    errors: {},
  };
  const status =
    s.vacation_enabled && s.vacation_start && s.vacation_end
      ? html`<p class="status-pill on">On · ${formatDate(`${s.vacation_start}T00:00:00Z`)} – ${formatDate(`${s.vacation_end}T00:00:00Z`)}</p>`
      : html`<p class="status-pill">Off</p>`;
  return ctx.render({
    title: 'Settings',
    section: 'settings',
    status: general || vacation ? 422 : 200,
    body: html`<h1>Settings</h1>
<section class="settings-card" aria-labelledby="general-heading">
  <h2 id="general-heading">General</h2>
  <form method="post" action="/settings/general" class="stack" novalidate>
    <label for="display_name">Display name</label><input id="display_name" name="display_name" value="${g.values.display_name}">${fieldError(g.errors.display_name)}
    <label>Email address</label><p class="readonly">${s.email}</p>
    <label for="signature">Signature</label><textarea id="signature" name="signature" rows="4">${g.values.signature}</textarea>${fieldError(g.errors.signature)}
    <p class="hint">Added below your messages when “Add my signature” is ticked.</p>
    <div class="actions"><button class="primary">Save changes</button></div>
  </form>
</section>
<section class="settings-card" aria-labelledby="vacation-heading">
  <div class="settings-card-head"><h2 id="vacation-heading">Vacation responder</h2>${status}</div>
  <p class="hint">Sends an automatic reply to people who email you while you are away.</p>
  <form method="post" action="/settings/vacation" class="stack" novalidate>
    <label class="check"><input type="checkbox" name="vacation_enabled" ${v.values.vacation_enabled ? 'checked' : ''}> Vacation responder on</label>
    <div class="row-2">
      <div><label for="vacation_start">First day</label><input id="vacation_start" name="vacation_start" type="date" value="${v.values.vacation_start}">${fieldError(v.errors.vacation_start)}</div>
      <div><label for="vacation_end">Last day</label><input id="vacation_end" name="vacation_end" type="date" value="${v.values.vacation_end}">${fieldError(v.errors.vacation_end)}</div>
    </div>
    <label for="vacation_subject">Subject</label><input id="vacation_subject" name="vacation_subject" value="${v.values.vacation_subject}">${fieldError(v.errors.vacation_subject)}
    <label for="vacation_message">Message</label><textarea id="vacation_message" name="vacation_message" rows="5">${v.values.vacation_message}</textarea>${fieldError(v.errors.vacation_message)}
    <div class="actions"><button class="primary">Save responder</button></div>
  </form>
</section>`,
  });
}

function saveGeneral(ctx: RequestContext) {
  const result = GeneralForm.parse(ctx.form);
  if (!result.ok) return settingsPage(ctx, result);
  forgetUndo(ctx);
  const signature = (ctx.form.get('signature') ?? '').replace(/\r\n/g, '\n').trim();
  ctx.db
    .prepare('UPDATE settings SET display_name = ?, signature = ? WHERE id = 1')
    .run(result.data.display_name, signature);
  return ctx.redirect('/settings', { kind: 'success', message: 'Settings saved' });
}

function saveVacation(ctx: RequestContext) {
  const result = VacationForm.parse(ctx.form);
  if (!result.ok) return settingsPage(ctx, undefined, result);
  const data = result.data;
  const errors = vacationProblems(
    {
      enabled: data.vacation_enabled,
      start: data.vacation_start,
      end: data.vacation_end,
      subject: data.vacation_subject,
      message: data.vacation_message,
    },
    ctx.now().toISOString().slice(0, 10),
  );
  if (Object.keys(errors).length > 0) return settingsPage(ctx, undefined, { values: result.values, errors });
  forgetUndo(ctx);
  ctx.db
    .prepare(
      'UPDATE settings SET vacation_enabled = ?, vacation_start = ?, vacation_end = ?, vacation_subject = ?, vacation_message = ? WHERE id = 1',
    )
    .run(
      data.vacation_enabled ? 1 : 0,
      data.vacation_start,
      data.vacation_end,
      data.vacation_subject,
      data.vacation_message,
    );
  return ctx.redirect('/settings', {
    kind: 'success',
    message: data.vacation_enabled ? 'Vacation responder is on' : 'Vacation responder saved',
  });
}

export function settingsRoutes(app: AppBuilder): void {
  app.get('/settings', (ctx) => settingsPage(ctx));
  app.post('/settings/general', saveGeneral);
  app.post('/settings/vacation', saveVacation);
}
