import { type AppBuilder, fields, formSchema, html } from '../../../kit';
import { fieldError } from '../views/parts';

const SignIn = formSchema({
  email: fields.email({ required: true }),
  password: fields.password(),
});

function signInForm(
  next: string,
  email: string,
  errors: { email?: string; password?: string; form?: string },
) {
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

function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/mail/inbox';
}

export function authRoutes(app: AppBuilder): void {
  app.get('/login', (ctx) => {
    if (ctx.user) return ctx.redirect(safeNext(ctx.query.get('next')));
    return ctx.render({
      title: 'Sign in',
      layout: 'auth',
      body: signInForm(safeNext(ctx.query.get('next')), '', {}),
    });
  });
  app.post('/login', (ctx) => {
    const next = safeNext(ctx.form.get('next'));
    const result = SignIn.parse(ctx.form);
    if (!result.ok) {
      return ctx.render({
        title: 'Sign in',
        layout: 'auth',
        status: 422,
        body: signInForm(next, result.values.email, result.errors),
      });
    }
    if (!ctx.credentialsMatch(result.data.email, result.data.password)) {
      return ctx.render({
        title: 'Sign in',
        layout: 'auth',
        status: 422,
        body: signInForm(next, result.values.email, {
          form: 'That email and password don’t match. Try again.',
        }),
      });
    }
    ctx.signIn(result.data.email.toLowerCase());
    return ctx.redirect(next);
  });
  app.post('/logout', (ctx) => {
    ctx.signOut();
    return ctx.redirect('/login', { kind: 'info', message: 'You have been signed out' });
  });
}
