import { type AppBuilder, html, type SafeHtml, type SignInForm, signInRoutes } from '../../../kit';

export const SIGN_IN_FORM: SignInForm = { emailLabel: 'Work email', submit: { className: 'btn primary' } };

const signInPage = (
  form: SafeHtml,
) => html`<div class="auth-logo"><span class="logo-mark" aria-hidden="true">◐</span>Hubbub</div>
<h1>Sign in to Fernwood</h1>
<p class="muted">fernwood.hubbub.chat</p>
${form}`;

export function authRoutes(app: AppBuilder): void {
  signInRoutes(app, {
    home: '/c/general',
    form: SIGN_IN_FORM,
    page: signInPage,
    mismatch: { at: 'form', message: 'That email and password don’t match. Check them and try again.' },
    signedOut: { to: '/login', message: 'You’re signed out of Fernwood.' },
  });
  app.get('/', (ctx) => ctx.redirect('/c/general'));
}
