import { type AppBuilder, html, type SafeHtml, type SignInForm, signInRoutes } from '../../../kit';

export const HOME = '/';

export const SIGN_IN_FORM: SignInForm = {
  emailPlaceholder: 'you@example.com',
  submit: { className: 'btn btn-primary btn-block' },
  alertClass: 'alert alert-error',
};

const signInPage = (form: SafeHtml) => html`<h1>Sign in to Skyway</h1>
<p class="muted">Book flights, manage trips and check in with your Skyway Rewards account.</p>
${form}
<p class="muted small">Protected by Skyway Secure. Never share your password.</p>`;

export function authRoutes(app: AppBuilder): void {
  signInRoutes(app, {
    home: HOME,
    form: SIGN_IN_FORM,
    page: signInPage,
    mismatch: { at: 'form', message: 'We couldn’t sign you in with that email and password.' },
    signedOut: { to: '/login', message: 'You’re signed out. Safe travels!' },
  });
}
