import { type AppBuilder, fieldError, html, type SignInView, signInRoutes } from '../../../kit';

function signInPage({ next, email, errors }: SignInView) {
  return html`<div class="auth-logo"><span class="logo-mark" aria-hidden="true">◆</span>Dealflow</div>
<h1>Sign in to Brightlane</h1>
${errors.form && html`<div class="alert" role="alert">${errors.form}</div>`}
<form method="post" action="/login" class="stack" novalidate>
  <input type="hidden" name="next" value="${next}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" value="${email}">${fieldError(errors.email)}
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password">${fieldError(errors.password)}
  <button class="btn primary">Sign in</button>
</form>`;
}

export function authRoutes(app: AppBuilder): void {
  signInRoutes(app, {
    home: '/pipeline/1',
    page: signInPage,
    mismatch: { at: 'form', message: 'Wrong email or password. Try again.' },
    signedOut: { to: '/login', message: 'Signed out of Dealflow.' },
  });
  app.get('/', (ctx) => ctx.redirect('/pipeline/1'));
}
