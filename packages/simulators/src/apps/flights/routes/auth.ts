import { type AppBuilder, fieldError, html, type SignInView, signInRoutes } from '../../../kit';

export const HOME = '/';

function signInPage({ next, email, errors }: SignInView) {
  return html`<h1>Sign in to Skyway</h1>
<p class="muted">Book flights, manage trips and check in with your Skyway Rewards account.</p>
${errors.form && html`<div class="alert alert-error" role="alert">${errors.form}</div>`}
<form method="post" action="/login" class="stack" novalidate>
  <input type="hidden" name="next" value="${next}">
  <label for="login-email">Email</label>
  <input id="login-email" name="email" type="email" autocomplete="username" value="${email}" placeholder="you@example.com">${fieldError(errors.email)}
  <label for="login-password">Password</label>
  <input id="login-password" name="password" type="password" autocomplete="current-password">${fieldError(errors.password)}
  <button class="btn btn-primary btn-block">Sign in</button>
</form>
<p class="muted small">Protected by Skyway Secure. Never share your password.</p>`;
}

export function authRoutes(app: AppBuilder): void {
  signInRoutes(app, {
    home: HOME,
    page: signInPage,
    mismatch: { at: 'form', message: 'We couldn’t sign you in with that email and password.' },
    signedOut: { to: '/login', message: 'You’re signed out. Safe travels!' },
  });
}
