import type { AppBuilder } from '../definition';
import type { RequestContext } from './context';
import { fieldError, fields, formSchema } from './forms';
import { html, type SafeHtml } from './html';

/**
 * The sign-in page and flow every simulator has (`/login`, `/logout`): the form drawn and checked, the
 * account's credentials compared (`ctx.credentialsMatch`), the visitor signed in and sent on to the page they
 * came for. Each app says its own words around the form and styles it through its classes; the form, the
 * flow and its guard against open redirects are the kit's.
 */

/** What the sign-in page shows under each field, or above the form (`form`). */
export interface SignInErrors {
  email?: string;
  password?: string;
  form?: string;
}

export interface SignInView {
  /** A local path of the app, kept in a hidden `next` field: where the visitor goes once signed in. */
  next: string;
  /** What the visitor typed, shown again after an error. */
  email: string;
  errors: SignInErrors;
}

/** How an app's sign-in form reads and looks; the reference solutions' sign-in step reads the same. */
export interface SignInForm {
  /** The email field's label: 'Email' unless given. */
  emailLabel?: string;
  emailPlaceholder?: string;
  /** The submit button's text ('Sign in' unless given) and its classes in the app's CSS. */
  submit: { label?: string; className: string };
  /** The classes of the box above the form that says why signing in failed ('alert' unless given). */
  alertClass?: string;
}

export interface SignInOptions {
  /** Where a visitor goes once signed in when they came for no page of the app (a local path). */
  home: string;
  form: SignInForm;
  /**
   * The body of the sign-in page around the kit's form (the error box above it included), titled "Sign in",
   * in the simulator's `auth` layout when it has one.
   */
  page: (form: SafeHtml) => SafeHtml;
  /** What the page says when the email and password match no account: under the password, or above the form. */
  mismatch: { at: 'password' | 'form'; message: string };
  /** Where signing out leads, and the toast it shows there. */
  signedOut: { to: string; message: string };
}

const SignIn = formSchema({ email: fields.email({ required: true }), password: fields.password() });

/** The error box and the form posting to `/login`, keeping `next` and what the visitor typed. */
export function signInForm(form: SignInForm, { next, email, errors }: SignInView): SafeHtml {
  const placeholder = form.emailPlaceholder ? html` placeholder="${form.emailPlaceholder}"` : '';
  return html`${errors.form && html`<div class="${form.alertClass ?? 'alert'}" role="alert">${errors.form}</div>`}
<form method="post" action="/login" class="stack" novalidate>
  <input type="hidden" name="next" value="${next}">
  <label for="email">${form.emailLabel ?? 'Email'}</label>
  <input id="email" name="email" type="email" autocomplete="username" value="${email}"${placeholder}>${fieldError(errors.email)}
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password">${fieldError(errors.password)}
  <button class="${form.submit.className}">${form.submit.label ?? 'Sign in'}</button>
</form>`;
}

/**
 * Registers `GET /login` (the form; a visitor already signed in goes on to `next`), `POST /login` and `POST
 * /logout`. A failed sign-in answers 422 with the page and its errors; the visitor is signed in as the
 * simulator's account (`auth.user`, however they cased the email).
 */
export function signInRoutes(app: AppBuilder, options: SignInOptions): void {
  const page = (ctx: RequestContext, view: SignInView, status = 200) =>
    ctx.render({
      title: 'Sign in',
      ...(ctx.simulator.layouts.auth ? { layout: 'auth' } : {}),
      status,
      body: options.page(signInForm(options.form, view)),
    });

  app.get('/login', (ctx) => {
    const next = ctx.localPath(ctx.query.get('next'), options.home);
    if (ctx.user) return ctx.redirect(next);
    return page(ctx, { next, email: '', errors: {} });
  });
  app.post('/login', (ctx) => {
    const next = ctx.localPath(ctx.form.get('next'), options.home);
    const result = SignIn.parse(ctx.form);
    if (!result.ok) return page(ctx, { next, email: result.values.email, errors: result.errors }, 422);
    if (!ctx.credentialsMatch(result.data.email, result.data.password)) {
      const errors = { [options.mismatch.at]: options.mismatch.message };
      return page(ctx, { next, email: result.values.email, errors }, 422);
    }
    ctx.signIn(ctx.simulator.auth.user);
    return ctx.redirect(next);
  });
  app.post('/logout', (ctx) => {
    ctx.signOut();
    return ctx.redirect(options.signedOut.to, { kind: 'info', message: options.signedOut.message });
  });
}
