import { type AppBuilder, fieldError, html, type SignInView, signInRoutes } from '../../../kit';

function signInPage({ next, email, errors }: SignInView) {
  return html`<div class="auth-logo"><span class="brand-mark" aria-hidden="true">❦</span>Larkspur Bank</div>
<h1>Sign in to online banking</h1>
${errors.form && html`<div class="alert" role="alert">${errors.form}</div>`}
<form method="post" action="/login" class="stack" novalidate>
  <input type="hidden" name="next" value="${next}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" value="${email}">${fieldError(errors.email)}
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password">${fieldError(errors.password)}
  <button class="btn primary">Sign in</button>
</form>
<p class="fine">Larkspur will never ask for your password or a one-time code by phone or email.</p>`;
}

export function authRoutes(app: AppBuilder): void {
  signInRoutes(app, {
    home: '/accounts',
    page: signInPage,
    mismatch: { at: 'form', message: 'That email and password don’t match our records.' },
    signedOut: { to: '/login', message: 'You have signed out of Larkspur Bank.' },
  });
  app.get('/', (ctx) => ctx.redirect('/accounts'));
}
