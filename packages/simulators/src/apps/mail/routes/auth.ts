import { type AppBuilder, fieldError, html, type SignInView, signInRoutes } from '../../../kit';

function signInPage({ next, email, errors }: SignInView) {
  return html`<h1>Sign in</h1>
<p class="auth-lead">to continue to Parcel Mail</p>
${errors.form && html`<div class="form-alert" role="alert">${errors.form}</div>`}
<form method="post" action="/login" class="stack" novalidate>
  <input type="hidden" name="next" value="${next}">
  <label for="email">Email</label><input id="email" name="email" type="email" value="${email}" autocomplete="username">${fieldError(errors.email)}
  <label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password">${fieldError(errors.password)}
  <button class="primary wide">Sign in</button>
</form>
<p class="auth-help">Forgot your password? Ask your workspace administrator.</p>`;
}

export function authRoutes(app: AppBuilder): void {
  signInRoutes(app, {
    home: '/mail/inbox',
    page: signInPage,
    mismatch: { at: 'form', message: 'That email and password don’t match. Try again.' },
    signedOut: { to: '/login', message: 'You have been signed out' },
  });
}
