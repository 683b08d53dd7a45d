import { type AppBuilder, fieldError, html, type SignInView, signInRoutes } from '../../../kit';

function signInPage({ next, email, errors }: SignInView) {
  return html`<div class="auth-logo"><span class="logo-mark" aria-hidden="true">◐</span>Hubbub</div>
<h1>Sign in to Fernwood</h1>
<p class="muted">fernwood.hubbub.chat</p>
${errors.form && html`<div class="alert" role="alert">${errors.form}</div>`}
<form method="post" action="/login" class="stack" novalidate>
  <input type="hidden" name="next" value="${next}">
  <label for="email">Work email</label>
  <input id="email" name="email" type="email" autocomplete="username" value="${email}">${fieldError(errors.email)}
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password">${fieldError(errors.password)}
  <button class="btn primary">Sign in</button>
</form>`;
}

export function authRoutes(app: AppBuilder): void {
  signInRoutes(app, {
    home: '/c/general',
    page: signInPage,
    mismatch: { at: 'form', message: 'That email and password don’t match. Check them and try again.' },
    signedOut: { to: '/login', message: 'You’re signed out of Fernwood.' },
  });
  app.get('/', (ctx) => ctx.redirect('/c/general'));
}
