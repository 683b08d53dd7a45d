import { formatDate, formatMoney, type RequestContext, type SqliteDatabase } from '../../kit';

/** Rules and helpers shared by Larkspur's routes: money in cents, routing numbers, dates, transfers. */

export const DAY_MS = 86_400_000;
export const PAGE_SIZE = 25;

/** '$1,234.56', '-$12.50' from cents. */
export function money(cents: number): string {
  return formatMoney(cents / 100);
}

/** Cents from what a person types: '1,850', '$1850.00', '42.5'. Null when it is not an amount. */
export function parseDollars(text: string | null | undefined): number | null {
  const clean = (text ?? '').replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/** The ABA checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
export function routingValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const at = (i: number) => d[i] ?? 0;
  const sum = 3 * (at(0) + at(3) + at(6)) + 7 * (at(1) + at(4) + at(7)) + (at(2) + at(5) + at(8));
  return sum % 10 === 0;
}

/** The ninth digit that makes eight digits a valid routing number. */
export function routingWithCheckDigit(first8: string): string {
  for (let digit = 0; digit < 10; digit++) {
    if (routingValid(`${first8}${digit}`)) return `${first8}${digit}`;
  }
  throw new Error(`no check digit for ${first8}`);
}

export function today(ctx: RequestContext): string {
  return ctx.now().toISOString().slice(0, 10);
}

/** 'Mar 2, 2026' from '2026-03-02'. */
export function day(iso: string): string {
  return formatDate(`${iso.slice(0, 10)}T12:00:00Z`);
}

export function maskNumber(number: string): string {
  return `••••${number.slice(-4)}`;
}

export interface Account {
  id: number;
  name: string;
  kind: 'checking' | 'savings' | 'credit';
  mask: string;
  balance: number;
  available: number;
  credit_limit: number | null;
  apy: string | null;
  hold_note: string | null;
  opened_on: string;
}

export interface Payee {
  id: number;
  name: string;
  nickname: string | null;
  kind: string;
  bank_name: string;
  routing: string;
  account_number: string;
  created_at: string;
}

export function allAccounts(db: SqliteDatabase): Account[] {
  return db.prepare<[], Account>('SELECT * FROM accounts ORDER BY id').all();
}

export function findAccount(db: SqliteDatabase, id: number | string): Account | undefined {
  return db.prepare<[number], Account>('SELECT * FROM accounts WHERE id = ?').get(Number(id));
}

export function allPayees(db: SqliteDatabase): Payee[] {
  return db.prepare<[], Payee>('SELECT * FROM payees ORDER BY name, id').all();
}

export function accountLabel(account: Account): string {
  return `${account.name} ••${account.mask}`;
}

export function payeeLabel(payee: Payee): string {
  return `${payee.name}${payee.nickname ? ` (${payee.nickname})` : ''} ••${payee.account_number.slice(-4)}`;
}

/** Money the account can send now: the available balance for deposit accounts, none for the credit card. */
export function spendable(account: Account): number {
  return account.kind === 'credit' ? 0 : account.available;
}

export interface Transfer {
  id: number;
  reference: string;
  from_account_id: number;
  to_account_id: number | null;
  payee_id: number | null;
  amount: number;
  memo: string | null;
  status: 'awaiting_code' | 'completed' | 'cancelled';
  code: string;
  attempts: number;
  created_at: string;
  completed_at: string | null;
}

export const MAX_CODE_ATTEMPTS = 3;

/** Moves the money of a confirmed transfer: both ledgers and their activity lines. */
export function postTransfer(ctx: RequestContext, transfer: Transfer): void {
  const db = ctx.db;
  const from = findAccount(db, transfer.from_account_id);
  if (!from) throw new Error('transfer without a source account');
  const to = transfer.to_account_id ? findAccount(db, transfer.to_account_id) : undefined;
  const payee = transfer.payee_id
    ? db.prepare<[number], Payee>('SELECT * FROM payees WHERE id = ?').get(transfer.payee_id)
    : undefined;
  const date = today(ctx);
  const move = db.prepare(
    'UPDATE accounts SET balance = balance + ?, available = available + ? WHERE id = ?',
  );
  const line = db.prepare(
    `INSERT INTO transactions (account_id, posted_on, description, merchant, category, amount, status, type, reference)
     VALUES (?, ?, ?, ?, 'Transfers', ?, 'posted', ?, ?)`,
  );
  move.run(-transfer.amount, -transfer.amount, from.id);
  if (to) {
    move.run(transfer.amount, transfer.amount, to.id);
    line.run(
      from.id,
      date,
      `Online transfer to ${to.name} ••${to.mask}`,
      'Larkspur transfer',
      -transfer.amount,
      'transfer',
      transfer.reference,
    );
    line.run(
      to.id,
      date,
      `Online transfer from ${from.name} ••${from.mask}`,
      'Larkspur transfer',
      transfer.amount,
      to.kind === 'credit' ? 'payment' : 'transfer',
      transfer.reference,
    );
  } else if (payee) {
    line.run(
      from.id,
      date,
      `Bill pay to ${payee.name}`,
      payee.name,
      -transfer.amount,
      'payment',
      transfer.reference,
    );
  }
}

/** The activity filters of the address, normalised. */
export interface ActivityFilters {
  account: string;
  q: string;
  from: string;
  to: string;
  category: string;
  min: string;
  max: string;
  type: string;
  status: string;
  sort: string;
}

export const SORTS: Record<string, { label: string; sql: string }> = {
  date_desc: { label: 'Newest first', sql: 't.posted_on DESC, t.id DESC' },
  date_asc: { label: 'Oldest first', sql: 't.posted_on ASC, t.id ASC' },
  amount_desc: { label: 'Largest amount', sql: 'ABS(t.amount) DESC, t.posted_on DESC, t.id DESC' },
  amount_asc: { label: 'Smallest amount', sql: 'ABS(t.amount) ASC, t.posted_on DESC, t.id DESC' },
};

export function readFilters(query: URLSearchParams): ActivityFilters {
  const get = (key: string) => (query.get(key) ?? '').trim();
  const date = (key: string) => (/^\d{4}-\d{2}-\d{2}$/.test(get(key)) ? get(key) : '');
  const sort = get('sort');
  return {
    account: /^\d+$/.test(get('account')) ? get('account') : '',
    q: get('q'),
    from: date('from'),
    to: date('to'),
    category: get('category'),
    min: parseDollars(get('min')) === null ? '' : get('min'),
    max: parseDollars(get('max')) === null ? '' : get('max'),
    type: ['debits', 'credits'].includes(get('type')) ? get('type') : '',
    status: ['pending', 'posted'].includes(get('status')) ? get('status') : '',
    sort: sort in SORTS ? sort : 'date_desc',
  };
}

/** The WHERE clause and arguments of the filters. */
export function filterSql(f: ActivityFilters): { where: string; args: (string | number)[] } {
  const parts: string[] = [];
  const args: (string | number)[] = [];
  if (f.account) {
    parts.push('t.account_id = ?');
    args.push(Number(f.account));
  }
  if (f.q) {
    parts.push('(t.description LIKE ? OR t.merchant LIKE ? OR t.note LIKE ?)');
    const like = `%${f.q}%`;
    args.push(like, like, like);
  }
  if (f.from) {
    parts.push('t.posted_on >= ?');
    args.push(f.from);
  }
  if (f.to) {
    parts.push('t.posted_on <= ?');
    args.push(f.to);
  }
  if (f.category) {
    parts.push('t.category = ?');
    args.push(f.category);
  }
  const min = parseDollars(f.min);
  if (min !== null) {
    parts.push('ABS(t.amount) >= ?');
    args.push(min);
  }
  const max = parseDollars(f.max);
  if (max !== null) {
    parts.push('ABS(t.amount) <= ?');
    args.push(max);
  }
  if (f.type === 'debits') parts.push('t.amount < 0');
  if (f.type === 'credits') parts.push('t.amount > 0');
  if (f.status) {
    parts.push('t.status = ?');
    args.push(f.status);
  }
  return { where: parts.length ? `WHERE ${parts.join(' AND ')}` : '', args };
}

export interface TransactionRow {
  id: number;
  account_id: number;
  account_name: string;
  account_mask: string;
  posted_on: string;
  description: string;
  merchant: string;
  category: string;
  amount: number;
  status: string;
  type: string;
  reference: string;
  note: string | null;
}

export const TRANSACTION_FROM = 'FROM transactions t JOIN accounts a ON a.id = t.account_id';
export const TRANSACTION_COLUMNS = 't.*, a.name AS account_name, a.mask AS account_mask';

/** A CSV field, quoted when it needs to be. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** '-12.50' from cents, as the exports write amounts. */
export function csvAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

export const RECEIPT_TYPES = ['image/png', 'image/jpeg', 'application/pdf'];
export const MAX_RECEIPT_BYTES = 600_000;
export const RECEIPT_REQUIRED_FROM = 7500;

export const EXPENSE_CATEGORIES = [
  'Airfare',
  'Lodging',
  'Meals',
  'Ground transport',
  'Software',
  'Supplies',
  'Other',
];
