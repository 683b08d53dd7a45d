/**
 * Larkspur Bank's tables. Money is in integer cents everywhere. An account's `balance` is its signed ledger:
 * positive for checking and savings, negative for what is owed on the credit card.
 */
export const schema = `
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('checking', 'savings', 'credit')),
  mask TEXT NOT NULL,
  balance INTEGER NOT NULL,
  available INTEGER NOT NULL,
  credit_limit INTEGER,
  apy TEXT,
  hold_note TEXT,
  opened_on TEXT NOT NULL
);
CREATE TABLE transactions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  posted_on TEXT NOT NULL,
  description TEXT NOT NULL,
  merchant TEXT NOT NULL,
  category TEXT NOT NULL,
  amount INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'posted')),
  type TEXT NOT NULL CHECK (type IN ('purchase', 'deposit', 'transfer', 'payment', 'fee', 'interest', 'refund', 'withdrawal')),
  reference TEXT NOT NULL,
  note TEXT
);
CREATE INDEX transactions_account ON transactions(account_id, posted_on);
CREATE TABLE disputes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  transaction_id INTEGER NOT NULL REFERENCES transactions(id),
  reason TEXT NOT NULL CHECK (reason IN ('duplicate', 'not_recognized', 'wrong_amount', 'not_received', 'cancelled')),
  details TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'resolved')),
  created_at TEXT NOT NULL
);
CREATE TABLE payees (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  nickname TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('business', 'person')),
  bank_name TEXT NOT NULL,
  routing TEXT NOT NULL,
  account_number TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE transfers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL UNIQUE,
  from_account_id INTEGER NOT NULL REFERENCES accounts(id),
  to_account_id INTEGER REFERENCES accounts(id),
  payee_id INTEGER REFERENCES payees(id) ON DELETE SET NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  memo TEXT,
  status TEXT NOT NULL CHECK (status IN ('awaiting_code', 'completed', 'cancelled')),
  code TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE TABLE scheduled_payments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  from_account_id INTEGER NOT NULL REFERENCES accounts(id),
  payee_id INTEGER REFERENCES payees(id) ON DELETE CASCADE,
  to_account_id INTEGER REFERENCES accounts(id),
  amount INTEGER NOT NULL CHECK (amount > 0),
  frequency TEXT NOT NULL CHECK (frequency IN ('once', 'weekly', 'biweekly', 'monthly')),
  next_date TEXT NOT NULL,
  memo TEXT,
  status TEXT NOT NULL CHECK (status IN ('active', 'cancelled')),
  created_at TEXT NOT NULL
);
CREATE TABLE cards (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  label TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('debit', 'credit', 'virtual')),
  last4 TEXT NOT NULL,
  network TEXT NOT NULL,
  expires TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('active', 'frozen')),
  daily_limit INTEGER NOT NULL,
  online_enabled INTEGER NOT NULL,
  international_enabled INTEGER NOT NULL
);
CREATE TABLE statements (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  period_start TEXT NOT NULL,
  period_end TEXT NOT NULL,
  opening_balance INTEGER NOT NULL,
  closing_balance INTEGER NOT NULL,
  total_in INTEGER NOT NULL,
  total_out INTEGER NOT NULL
);
CREATE TABLE messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('code', 'alert', 'notice')),
  created_at TEXT NOT NULL,
  read INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE expense_reports (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  purpose TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('draft', 'submitted', 'approved', 'reimbursed')),
  created_on TEXT NOT NULL,
  submitted_at TEXT
);
CREATE TABLE expense_lines (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  report_id INTEGER NOT NULL REFERENCES expense_reports(id) ON DELETE CASCADE,
  spent_on TEXT NOT NULL,
  merchant TEXT NOT NULL,
  category TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0)
);
CREATE TABLE receipts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  transaction_id INTEGER REFERENCES transactions(id),
  expense_line_id INTEGER REFERENCES expense_lines(id) ON DELETE CASCADE,
  filename TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  data TEXT NOT NULL,
  uploaded_at TEXT NOT NULL
);
`;
