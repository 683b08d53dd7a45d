import { type AppBuilder, html, type SafeHtml, type SignInForm, signInRoutes } from '../../../kit';

export const SIGN_IN_FORM: SignInForm = {
  emailPlaceholder: 'you@example.com',
  submit: { className: 'btn btn-primary btn-block' },
  alertClass: 'alert alert-error',
};

const signInPage = (form: SafeHtml) => html`<h1>Sign in to Forkful</h1>
<p class="muted">Dinner is a few taps away.</p>
${form}
<p class="muted small">New to Forkful? Download the app to create an account.</p>`;

export function authRoutes(app: AppBuilder): void {
  signInRoutes(app, {
    home: '/',
    form: SIGN_IN_FORM,
    page: signInPage,
    mismatch: { at: 'form', message: "That email and password don't match our records." },
    signedOut: { to: '/login', message: 'Signed out. Come back hungry.' },
  });
}
