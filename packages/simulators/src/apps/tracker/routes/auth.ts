import { type AppBuilder, fields, formSchema, html, type SafeHtml } from '../../../kit';
import { fieldError } from '../views/components';

const SignIn = formSchema({
  email: fields.email({ required: true, label: 'Email' }),
  password: fields.password({ label: 'Password' }),
});

const HOME = '/issues?assignee=me&status=open';

function signInPage(
  next: string,
  email: string,
  errors: { email?: string; password?: string; form?: string },
): SafeHtml {
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
  app.get('/login', (ctx) => {
    if (ctx.user) return ctx.redirect(HOME);
    return ctx.render({
      title: 'Sign in',
      layout: 'auth',
      body: signInPage(ctx.query.get('next') ?? HOME, '', {}),
    });
  });
  app.post('/login', (ctx) => {
    const next = ctx.form.get('next') ?? HOME;
    const result = SignIn.parse(ctx.form);
    if (!result.ok) {
      return ctx.render({
        title: 'Sign in',
        layout: 'auth',
        status: 422,
        body: signInPage(next, result.values.email, result.errors),
      });
    }
    if (!ctx.credentialsMatch(result.data.email, result.data.password)) {
      return ctx.render({
        title: 'Sign in',
        layout: 'auth',
        status: 422,
        body: signInPage(next, result.values.email, {
          form: 'That email and password do not match an account.',
        }),
      });
    }
    ctx.signIn(result.data.email);
    return ctx.redirect(next.startsWith('/') && !next.startsWith('//') ? next : HOME);
  });
  app.post('/logout', (ctx) => {
    ctx.signOut();
    return ctx.redirect('/login', { kind: 'info', message: 'You have been signed out.' });
  });
  app.get('/', (ctx) => ctx.redirect(HOME));
}
