import { type AppBuilder, html, type SafeHtml } from '../../../kit';
import { SignInSchema } from '../forms';
import { fieldError } from '../views/components';

function signInForm(next: string, errors: { email?: string; password?: string }, email = ''): SafeHtml {
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

function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/calendar/week';
}

export function authRoutes(app: AppBuilder): void {
  app.get('/login', (ctx) =>
    ctx.render({ title: 'Sign in', layout: 'auth', body: signInForm(safeNext(ctx.query.get('next')), {}) }),
  );
  app.post('/login', (ctx) => {
    const next = safeNext(ctx.form.get('next'));
    const result = SignInSchema.parse(ctx.form);
    if (!result.ok) {
      return ctx.render({
        title: 'Sign in',
        layout: 'auth',
        status: 422,
        body: signInForm(
          next,
          { email: result.errors.email, password: result.errors.password },
          result.values.email,
        ),
      });
    }
    if (!ctx.credentialsMatch(result.data.email, result.data.password)) {
      return ctx.render({
        title: 'Sign in',
        layout: 'auth',
        status: 422,
        body: signInForm(next, { password: 'Incorrect email or password' }, result.values.email),
      });
    }
    ctx.signIn(result.data.email);
    return ctx.redirect(next);
  });
  app.post('/logout', (ctx) => {
    ctx.signOut();
    return ctx.redirect('/login', { kind: 'info', message: 'You have been signed out' });
  });
  app.get('/', (ctx) => ctx.redirect('/calendar/week'));
}
