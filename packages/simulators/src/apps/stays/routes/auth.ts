import { type AppBuilder, fieldError, html, type SignInView, signInRoutes } from '../../../kit';

export const HOME = '/';

function signInPage({ next, email, errors }: SignInView) {
  return html`<h1>Log in to Roamly</h1>
<p class="muted">Welcome back. Your trips and wishlists are waiting.</p>
${errors.form && html`<div class="alert alert-error" role="alert">${errors.form}</div>`}
<form method="post" action="/login" class="stack" novalidate>
  <input type="hidden" name="next" value="${next}">
  <label for="login-email">Email</label>
  <input id="login-email" name="email" type="email" autocomplete="username" value="${email}" placeholder="you@example.com">${fieldError(errors.email)}
  <label for="login-password">Password</label>
  <input id="login-password" name="password" type="password" autocomplete="current-password">${fieldError(errors.password)}
  <button class="btn btn-primary btn-block">Log in</button>
</form>
<p class="muted small">By continuing you agree to Roamly's Terms of Service and Privacy Policy.</p>`;
}

export function authRoutes(app: AppBuilder): void {
  signInRoutes(app, {
    home: HOME,
    page: signInPage,
    mismatch: { at: 'form', message: "That email and password don't match. Try again." },
    signedOut: { to: '/login', message: "You're logged out. See you on your next trip." },
  });
}
