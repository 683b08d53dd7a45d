import { type AppBuilder, fieldError, html, type SignInView, signInRoutes } from '../../../kit';

const HOME = '/calendar/week';

function signInPage({ next, email, errors }: SignInView) {
  return html`<h1>Sign in to your calendar</h1>
<p class="muted">Use your Harborline work account.</p>
<form method="post" action="/login" class="stack" novalidate>
  <input type="hidden" name="next" value="${next}">
  <label for="email">Work email</label>
  <input id="email" name="email" type="email" autocomplete="username" value="${email}">${fieldError(errors.email)}
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password">${fieldError(errors.password)}
  <button class="btn btn-primary btn-block">Sign in</button>
</form>
<p class="muted small">Trouble signing in? Contact IT at it-help@harborline.co.</p>`;
}

export function authRoutes(app: AppBuilder): void {
  signInRoutes(app, {
    home: HOME,
    page: signInPage,
    mismatch: { at: 'password', message: 'Incorrect email or password' },
    signedOut: { to: '/login', message: 'You have been signed out' },
  });
  app.get('/', (ctx) => ctx.redirect(HOME));
}
