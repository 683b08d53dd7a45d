import { type AppBuilder, html, type SafeHtml, type SignInForm, signInRoutes } from '../../../kit';

export const SIGN_IN_FORM: SignInForm = { submit: { className: 'btn primary' } };

const signInPage = (
  form: SafeHtml,
) => html`<div class="auth-logo"><span class="logo-mark" aria-hidden="true">◆</span>Dealflow</div>
<h1>Sign in to Brightlane</h1>
${form}`;

export function authRoutes(app: AppBuilder): void {
  signInRoutes(app, {
    home: '/pipeline/1',
    form: SIGN_IN_FORM,
    page: signInPage,
    mismatch: { at: 'form', message: 'Wrong email or password. Try again.' },
    signedOut: { to: '/login', message: 'Signed out of Dealflow.' },
  });
  app.get('/', (ctx) => ctx.redirect('/pipeline/1'));
}
