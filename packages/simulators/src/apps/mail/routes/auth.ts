import { type AppBuilder, html, type SafeHtml, type SignInForm, signInRoutes } from '../../../kit';

export const SIGN_IN_FORM: SignInForm = { submit: { className: 'primary wide' }, alertClass: 'form-alert' };

const signInPage = (form: SafeHtml) => html`<h1>Sign in</h1>
<p class="auth-lead">to continue to Parcel Mail</p>
${form}
<p class="auth-help">Forgot your password? Ask your workspace administrator.</p>`;

export function authRoutes(app: AppBuilder): void {
  signInRoutes(app, {
    home: '/mail/inbox',
    form: SIGN_IN_FORM,
    page: signInPage,
    mismatch: { at: 'form', message: 'That email and password don’t match. Try again.' },
    signedOut: { to: '/login', message: 'You have been signed out' },
  });
}
