import { type AppBuilder, html, type SafeHtml, type SignInForm, signInRoutes } from '../../../kit';

const HOME = '/issues?assignee=me&status=open';

export const SIGN_IN_FORM: SignInForm = {
  emailPlaceholder: 'you@fernhill.io',
  submit: { className: 'button primary block' },
  alertClass: 'alert alert-error',
};

const signInPage = (
  form: SafeHtml,
) => html`<div class="auth-brand"><span class="brand-mark" aria-hidden="true"></span>Linework</div>
<h1>Sign in to Fernhill</h1>
<p class="muted">Use your work email to continue.</p>
${form}
<p class="auth-note muted">Single sign-on is not enabled for this workspace yet.</p>`;

export function authRoutes(app: AppBuilder): void {
  signInRoutes(app, {
    home: HOME,
    form: SIGN_IN_FORM,
    page: signInPage,
    mismatch: { at: 'form', message: 'That email and password do not match an account.' },
    signedOut: { to: '/login', message: 'You have been signed out.' },
  });
  app.get('/', (ctx) => ctx.redirect(HOME));
}
