import { describe, expect, it } from 'vitest';
import { fields, formSchema, humanize } from '../../src/index';

const Issue = formSchema({
  title: fields.text({ required: true, max: 10 }),
  email: fields.email(),
  estimate: fields.integer({ min: 0, max: 40 }),
  price: fields.decimal({ required: true, min: 0 }),
  priority: fields.choice(['low', 'high'], { required: true }),
  labels: fields.choices(['bug', 'ui'], { min: 1 }),
  urgent: fields.checkbox(),
  due_date: fields.date(),
  starts_at: fields.dateTime(),
  time: fields.time(),
});

describe('formSchema', () => {
  it('should parse a valid form into typed values', () => {
    const form = new URLSearchParams(
      'title=Crash&email=Dana@Acme.test&estimate=3&price=9.5&priority=high&labels=bug&labels=ui&urgent=on&due_date=2026-02-28&starts_at=2026-03-01T09:30&time=23:59',
    );
    const result = Issue.parse(form);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toEqual({
      title: 'Crash',
      email: 'dana@acme.test',
      estimate: 3,
      price: 9.5,
      priority: 'high',
      labels: ['bug', 'ui'],
      urgent: true,
      due_date: '2026-02-28',
      starts_at: '2026-03-01T09:30',
      time: '23:59',
    });
  });

  it('should give one message per invalid field and keep what was typed', () => {
    const form = new URLSearchParams(
      'title=  &email=nope&estimate=2.5&price=-1&priority=urgent&due_date=2026-02-30&starts_at=2026-03-01 09:30&time=24:00',
    );
    const result = Issue.parse(form);
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual({
      title: 'Title is required',
      email: 'Enter a valid email address',
      estimate: 'Estimate must be a whole number',
      price: 'Price must be at least 0',
      priority: 'Choose a valid priority',
      labels: 'Labels: choose at least 1',
      due_date: 'Due date must be a valid date',
      starts_at: 'Starts at must be a valid date and time',
      time: 'Time must be a valid time',
    });
    expect(result.values.email).toBe('nope');
    expect(result.values.urgent).toBe('');
  });

  it('should treat empty optional fields as absent and enforce lengths', () => {
    const result = Issue.parse(
      new URLSearchParams('title=far too long a title&price=1&priority=low&labels=ui'),
    );
    expect(result.errors).toEqual({ title: 'Title must be at most 10 characters' });
    const ok = Issue.parse(new URLSearchParams('title=ok&price=1&priority=low&labels=ui'));
    expect(ok.ok && ok.data).toMatchObject({ email: '', estimate: null, urgent: false, due_date: null });
  });

  it('should humanize field names for messages', () => {
    expect(humanize('due_date')).toBe('Due date');
    expect(humanize('projectId')).toBe('Project id');
    expect(Issue.empty({ priority: 'low' }).priority).toBe('low');
  });
});

describe('fields.password', () => {
  it('should keep spaces, require a value and never echo it back', () => {
    const SignIn = formSchema({ password: fields.password() });
    const result = SignIn.parse(new URLSearchParams('password=%20secret%20'));
    expect(result.ok && result.data.password).toBe(' secret ');
    expect(result.values.password).toBe('');
    expect(SignIn.parse(new URLSearchParams('password=')).errors).toEqual({
      password: 'Password is required',
    });
  });
});
