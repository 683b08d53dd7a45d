import { type AppBuilder, html, type SafeHtml, type SignInForm, signInRoutes } from '../../../kit';

export const HOME = '/';

export const SIGN_IN_FORM: SignInForm = {
  emailPlaceholder: 'you@example.com',
  submit: { label: 'Log in', className: 'btn btn-primary btn-block' },
  alertClass: 'alert alert-error',
};

const signInPage = (form: SafeHtml) => html`<h1>Log in to Roamly</h1>
<p class="muted">Welcome back. Your trips and wishlists are waiting.</p>
${form}
<p class="muted small">By continuing you agree to Roamly's Terms of Service and Privacy Policy.</p>`;

export function authRoutes(app: AppBuilder): void {
  signInRoutes(app, {
    home: HOME,
    form: SIGN_IN_FORM,
    page: signInPage,
    mismatch: { at: 'form', message: "That email and password don't match. Try again." },
    signedOut: { to: '/login', message: "You're logged out. See you on your next trip." },
  });
}
