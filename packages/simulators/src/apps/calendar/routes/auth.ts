import { type AppBuilder, html, type SafeHtml, type SignInForm, signInRoutes } from '../../../kit';

const HOME = '/calendar/week';

export const SIGN_IN_FORM: SignInForm = {
  emailLabel: 'Work email',
  submit: { className: 'btn btn-primary btn-block' },
};

const signInPage = (form: SafeHtml) => html`<h1>Sign in to your calendar</h1>
<p class="muted">Use your Harborline work account.</p>
${form}
<p class="muted small">Trouble signing in? Contact IT at it-help@harborline.co.</p>`;

export function authRoutes(app: AppBuilder): void {
  signInRoutes(app, {
    home: HOME,
    form: SIGN_IN_FORM,
    page: signInPage,
    mismatch: { at: 'password', message: 'Incorrect email or password' },
    signedOut: { to: '/login', message: 'You have been signed out' },
  });
  app.get('/', (ctx) => ctx.redirect(HOME));
}
