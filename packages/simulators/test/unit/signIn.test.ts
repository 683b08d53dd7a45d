import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { signInForm } from '../../src/index';

describe('the kit sign-in form', () => {
  const form = {
    emailLabel: 'Work email',
    emailPlaceholder: 'you@example.com',
    submit: { label: 'Log in', className: 'btn btn-primary' },
    alertClass: 'alert alert-error',
  };

  it("should read and look as the app says: its labels, its button, its error box's classes", () => {
    const doc = parse(
      signInForm(form, { next: '/trips', email: 'a@b.test', errors: { form: 'No match.' } }).toString(),
    );
    expect(doc.querySelector('label[for="email"]')?.text).toBe('Work email');
    expect(doc.querySelector('label[for="password"]')?.text).toBe('Password');
    expect(doc.querySelector('#email')?.getAttribute('placeholder')).toBe('you@example.com');
    expect(doc.querySelector('button')?.getAttribute('class')).toBe('btn btn-primary');
    expect(doc.querySelector('button')?.text).toBe('Log in');
    expect(doc.querySelector('[role="alert"]')?.getAttribute('class')).toBe('alert alert-error');
    expect(doc.querySelector('[role="alert"]')?.text).toBe('No match.');
  });

  it('should post to /login, keep where the visitor was going and what they typed, escaped', () => {
    const doc = parse(
      signInForm(form, {
        next: '/a?b=1&c=2',
        email: '"><script>',
        errors: { password: 'Enter it.' },
      }).toString(),
    );
    expect(doc.querySelector('form')?.getAttribute('action')).toBe('/login');
    expect(doc.querySelector('input[name="next"]')?.getAttribute('value')).toBe('/a?b=1&c=2');
    expect(doc.querySelector('#email')?.getAttribute('value')).toBe('"><script>');
    expect(doc.querySelector('script')).toBeNull();
    expect(doc.querySelector('.field-error')?.text).toBe('Enter it.');
    expect(doc.querySelector('.alert')).toBeNull();
  });

  it("should say 'Email' and 'Sign in', and box form errors as 'alert', unless told otherwise", () => {
    const doc = parse(
      signInForm(
        { submit: { className: 'primary' } },
        { next: '/', email: '', errors: { form: 'x' } },
      ).toString(),
    );
    expect(doc.querySelector('label[for="email"]')?.text).toBe('Email');
    expect(doc.querySelector('button')?.text).toBe('Sign in');
    expect(doc.querySelector('[role="alert"]')?.getAttribute('class')).toBe('alert');
    expect(doc.querySelector('#email')?.hasAttribute('placeholder')).toBe(false);
  });
});
