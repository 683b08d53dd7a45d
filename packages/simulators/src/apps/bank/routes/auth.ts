import { type AppBuilder, html, type SafeHtml, type SignInForm, signInRoutes } from '../../../kit';

export const SIGN_IN_FORM: SignInForm = { submit: { className: 'btn primary' } };

const signInPage = (
  form: SafeHtml,
) => html`<div class="auth-logo"><span class="brand-mark" aria-hidden="true">❦</span>Larkspur Bank</div>
<h1>Sign in to online banking</h1>
${form}
<p class="fine">Larkspur will never ask for your password or a one-time code by phone or email.</p>`;

export function authRoutes(app: AppBuilder): void {
  signInRoutes(app, {
    home: '/accounts',
    form: SIGN_IN_FORM,
    page: signInPage,
    mismatch: { at: 'form', message: 'That email and password don’t match our records.' },
    signedOut: { to: '/login', message: 'You have signed out of Larkspur Bank.' },
  });
  app.get('/', (ctx) => ctx.redirect('/accounts'));
}
