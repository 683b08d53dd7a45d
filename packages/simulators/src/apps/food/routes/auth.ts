import { type AppBuilder, fieldError, html, type SignInView, signInRoutes } from '../../../kit';

function signInPage({ next, email, errors }: SignInView) {
  return html`<h1>Sign in to Forkful</h1>
<p class="muted">Dinner is a few taps away.</p>
${errors.form && html`<div class="alert alert-error" role="alert">${errors.form}</div>`}
<form method="post" action="/login" class="stack" novalidate>
  <input type="hidden" name="next" value="${next}">
  <label for="login-email">Email</label>
  <input id="login-email" name="email" type="email" autocomplete="username" value="${email}" placeholder="you@example.com">${fieldError(errors.email)}
  <label for="login-password">Password</label>
  <input id="login-password" name="password" type="password" autocomplete="current-password">${fieldError(errors.password)}
  <button class="btn btn-primary btn-block">Sign in</button>
</form>
<p class="muted small">New to Forkful? Download the app to create an account.</p>`;
}

export function authRoutes(app: AppBuilder): void {
  signInRoutes(app, {
    home: '/',
    page: signInPage,
    mismatch: { at: 'form', message: "That email and password don't match our records." },
    signedOut: { to: '/login', message: 'Signed out. Come back hungry.' },
  });
}
