import { type AppBuilder, fieldError, html, type SignInView, signInRoutes } from '../../../kit';

const HOME = '/issues?assignee=me&status=open';

function signInPage({ next, email, errors }: SignInView) {
  return html`<div class="auth-brand"><span class="brand-mark" aria-hidden="true"></span>Linework</div>
<h1>Sign in to Fernhill</h1>
<p class="muted">Use your work email to continue.</p>
${errors.form && html`<div class="alert alert-error" role="alert">${errors.form}</div>`}
<form method="post" action="/login" class="stack" novalidate>
  <input type="hidden" name="next" value="${next}">
  <label for="login-email">Email</label>
  <input id="login-email" name="email" type="email" autocomplete="username" value="${email}" placeholder="you@fernhill.io">${fieldError(errors.email)}
  <label for="login-password">Password</label>
  <input id="login-password" name="password" type="password" autocomplete="current-password">${fieldError(errors.password)}
  <button class="button primary block">Sign in</button>
</form>
<p class="auth-note muted">Single sign-on is not enabled for this workspace yet.</p>`;
}

export function authRoutes(app: AppBuilder): void {
  signInRoutes(app, {
    home: HOME,
    page: signInPage,
    mismatch: { at: 'form', message: 'That email and password do not match an account.' },
    signedOut: { to: '/login', message: 'You have been signed out.' },
  });
  app.get('/', (ctx) => ctx.redirect(HOME));
}
