import type { Rng, SeedContext, SqliteDatabase } from '../../kit';
import { BANKS, PERSON_PAYEES, SPENDING } from './data/merchants';
import {
  ACCOUNTS,
  availableOf,
  CARDS,
  PAYEES,
  REPORTS,
  SCHEDULES,
  type ScenarioTransaction,
  TODAY,
  TRANSACTIONS,
} from './data/scenario';
import { routingWithCheckDigit } from './domain';

const DAY = 86_400_000;
/** The first day of generated activity: a year before today. */
export const FIRST_DAY = '2025-04-15';
/** Generated activity stops here; the last days hold the hand-written pending rows. */
const LAST_GENERATED_DAY = '2026-04-12';

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function cents(rng: Rng, min: number, max: number): number {
  return Math.round(rng.float(min, max) * 100);
}

const PDF_RECEIPT = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
).toString('base64');

interface Row extends ScenarioTransaction {
  type: string;
  status: 'pending' | 'posted';
}

/** A year of Maya's money: paychecks, rent and bills, card spending, transfers; statements computed from it. */
function generateActivity(rng: Rng): Row[] {
  const rows: Row[] = [];
  const handWritten = new Set(TRANSACTIONS.map((t) => `${t.merchant}|${t.date}`));
  const add = (row: Omit<Row, 'status' | 'type'> & { type?: string }) => {
    if (handWritten.has(`${row.merchant}|${row.date}`)) return;
    rows.push({ ...row, type: row.type ?? (row.amount < 0 ? 'purchase' : 'deposit'), status: 'posted' });
  };
  const start = Date.parse(`${FIRST_DAY}T12:00:00Z`);
  const end = Date.parse(`${LAST_GENERATED_DAY}T12:00:00Z`);
  const cardSpendByMonth = new Map<string, number>();
  let electric = 0;
  for (let ms = start; ms <= end; ms += DAY) {
    const date = isoDay(ms);
    const month = date.slice(0, 7);
    const dom = Number(date.slice(8, 10));
    const weekday = new Date(ms).getUTCDay();
    const lastOfMonth = isoDay(ms + DAY).slice(8, 10) === '01';
    const card = (amount: number) => {
      cardSpendByMonth.set(month, (cardSpendByMonth.get(month) ?? 0) - amount);
    };

    if (dom === 1 || dom === 15) {
      add({
        account: 1,
        date,
        description: 'CORBEL ANALYTICS PAYROLL PPD',
        merchant: 'Corbel Analytics',
        category: 'Income',
        amount: 486_214,
        type: 'deposit',
      });
    }
    if (dom === 1) {
      add({
        account: 1,
        date,
        description: 'BILL PAY HALCYON RESIDENTIAL',
        merchant: 'Halcyon Residential',
        category: 'Housing',
        amount: -235_000,
        type: 'payment',
      });
    }
    if (dom === 2 && month !== '2026-03') {
      const amount = -4999;
      card(amount);
      add({
        account: 3,
        date,
        description: 'NORTHGATE FITNESS MEMBERSHIP',
        merchant: 'Northgate Fitness',
        category: 'Health & Fitness',
        amount,
      });
    }
    if (dom === 3) {
      add({
        account: 1,
        date,
        description: 'BILL PAY SUNNY DAYS CHILDCARE',
        merchant: 'Sunny Days Childcare',
        category: 'Education',
        amount: -9_500,
        type: 'payment',
      });
    }
    if (dom === 6) {
      electric = -cents(rng, 72, 168);
      add({
        account: 1,
        date,
        description: 'BILL PAY RIVERSIDE ELECTRIC',
        merchant: 'Riverside Electric',
        category: 'Utilities',
        amount: electric,
        type: 'payment',
      });
      if (rng.bool(0.5)) {
        add({
          account: 1,
          date,
          description: 'BILL PAY RIVERSIDE ELECTRIC CO-OP',
          merchant: 'Riverside Electric Co-op',
          category: 'Utilities',
          amount: -cents(rng, 28, 64),
          type: 'payment',
        });
      }
    }
    if (dom === 8) {
      card(-1549);
      add({
        account: 3,
        date,
        description: 'NETFLIX.COM',
        merchant: 'Netflix',
        category: 'Subscriptions',
        amount: -1549,
      });
    }
    if (dom === 9) {
      add({
        account: 1,
        date,
        description: 'VERITY MOBILE AUTOPAY',
        merchant: 'Verity Mobile',
        category: 'Utilities',
        amount: -6540,
        type: 'payment',
      });
    }
    if (dom === 12 && Number(month.slice(5)) % 2 === 0) {
      add({
        account: 1,
        date,
        description: 'CITY OF OAKRIDGE WATER',
        merchant: 'City of Oakridge Water',
        category: 'Utilities',
        amount: -cents(rng, 54, 97),
        type: 'payment',
      });
    }
    if (dom === 14) {
      card(-1199);
      add({
        account: 3,
        date,
        description: 'SPOTIFY USA',
        merchant: 'Spotify',
        category: 'Subscriptions',
        amount: -1199,
      });
    }
    if (dom === 16) {
      add({
        account: 1,
        date,
        description: 'ONLINE TRANSFER TO HIGH-YIELD SAVINGS ••7781',
        merchant: 'Larkspur transfer',
        category: 'Transfers',
        amount: -40_000,
        type: 'transfer',
      });
      add({
        account: 2,
        date,
        description: 'ONLINE TRANSFER FROM EVERYDAY CHECKING ••3309',
        merchant: 'Larkspur transfer',
        category: 'Transfers',
        amount: 40_000,
        type: 'transfer',
      });
    }
    if (dom === 18) {
      const previous = isoDay(Date.parse(`${month}-01T12:00:00Z`) - DAY).slice(0, 7);
      const due = cardSpendByMonth.get(previous) ?? 150_000;
      add({
        account: 1,
        date,
        description: 'LARKSPUR VISA ONLINE PAYMENT',
        merchant: 'Larkspur Rewards Visa',
        category: 'Transfers',
        amount: -due,
        type: 'payment',
      });
      add({
        account: 3,
        date,
        description: 'PAYMENT – THANK YOU',
        merchant: 'Larkspur Rewards Visa',
        category: 'Transfers',
        amount: due,
        type: 'payment',
      });
    }
    if (dom === 20) {
      card(-299);
      add({
        account: 3,
        date,
        description: 'APPLE.COM/BILL',
        merchant: 'Apple iCloud',
        category: 'Subscriptions',
        amount: -299,
      });
    }
    if (dom === 22) {
      add({
        account: 1,
        date,
        description: 'BILL PAY BRIGHTWAVE INTERNET',
        merchant: 'Brightwave Internet',
        category: 'Utilities',
        amount: -7_999,
        type: 'payment',
      });
    }
    if (dom === 25) {
      add({
        account: 1,
        date,
        description: 'ONLINE TRANSFER TO VACATION FUND ••2256',
        merchant: 'Larkspur transfer',
        category: 'Transfers',
        amount: -15_000,
        type: 'transfer',
      });
      add({
        account: 4,
        date,
        description: 'ONLINE TRANSFER FROM EVERYDAY CHECKING ••3309',
        merchant: 'Larkspur transfer',
        category: 'Transfers',
        amount: 15_000,
        type: 'transfer',
      });
    }
    if (dom === 28) {
      add({
        account: 1,
        date,
        description: 'BLUESTONE INS PREM',
        merchant: 'Bluestone Insurance',
        category: 'Utilities',
        amount: -14_320,
        type: 'payment',
      });
    }
    if (weekday === 5) {
      add({
        account: 1,
        date,
        description: 'BILL PAY SUNNY DAYS CHILDCARE',
        merchant: 'Sunny Days Childcare',
        category: 'Education',
        amount: -31_000,
        type: 'payment',
      });
    }
    if (lastOfMonth) {
      add({
        account: 2,
        date,
        description: 'INTEREST PAYMENT',
        merchant: 'Larkspur Bank',
        category: 'Fees & Interest',
        amount: cents(rng, 11, 16),
        type: 'interest',
      });
      add({
        account: 4,
        date,
        description: 'INTEREST PAYMENT',
        merchant: 'Larkspur Bank',
        category: 'Fees & Interest',
        amount: cents(rng, 6, 10),
        type: 'interest',
      });
    }
    if (dom === 11 && rng.bool(0.5)) {
      const amount = -cents(rng, 60, 200);
      add({
        account: 1,
        date,
        description: 'ATM WITHDRAWAL 2201 SHATTUCK AVE',
        merchant: 'ATM',
        category: 'Transfers',
        amount,
        type: 'withdrawal',
      });
    }
    if (rng.bool(0.04)) {
      const trip = rng.pick([
        { merchant: 'Alaska Airlines', descriptor: 'ALASKA AIR 0272', min: 140, max: 520 },
        { merchant: 'Airbnb', descriptor: 'AIRBNB * HMQ2R8', min: 180, max: 760 },
        { merchant: 'Marriott', descriptor: 'MARRIOTT PORTLAND DT', min: 160, max: 480 },
        { merchant: 'Amtrak', descriptor: 'AMTRAK .COM 2710', min: 45, max: 160 },
      ]);
      const amount = -cents(rng, trip.min, trip.max);
      card(amount);
      add({
        account: 3,
        date,
        description: trip.descriptor,
        merchant: trip.merchant,
        category: 'Travel',
        amount,
      });
    }
    for (const kind of SPENDING) {
      let chance = kind.perDay;
      while (chance > 0) {
        if (rng.next() < Math.min(chance, 1)) {
          const pick = rng.pick(kind.names);
          const onCredit = rng.bool(kind.onCredit);
          const amount = -cents(rng, kind.min, kind.max);
          if (onCredit) card(amount);
          add({
            account: onCredit ? 3 : 1,
            date,
            description: pick.descriptor,
            merchant: pick.merchant,
            category: kind.category,
            amount,
          });
        }
        chance -= 1;
      }
    }
    if (rng.bool(0.02)) {
      const amount = cents(rng, 12, 90);
      card(amount);
      add({
        account: 3,
        date,
        description: 'AMAZON MKTPL REFUND',
        merchant: 'Amazon',
        category: 'Shopping',
        amount,
        type: 'refund',
      });
    }
  }
  return rows;
}

function reference(rng: Rng): string {
  return rng.token(10, '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ');
}

function insertTransactions(db: SqliteDatabase, rng: Rng): void {
  const insert = db.prepare(
    `INSERT INTO transactions (account_id, posted_on, description, merchant, category, amount, status, type, reference, note)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const t of TRANSACTIONS) {
    insert.run(
      t.account,
      t.date,
      t.description,
      t.merchant,
      t.category,
      t.amount,
      t.status ?? 'posted',
      t.type ?? (t.amount < 0 ? 'purchase' : 'deposit'),
      reference(rng),
      t.note ?? null,
    );
  }
  for (const t of generateActivity(rng.fork('activity'))) {
    insert.run(
      t.account,
      t.date,
      t.description,
      t.merchant,
      t.category,
      t.amount,
      t.status,
      t.type,
      reference(rng),
      null,
    );
  }
}

function insertAccountsAndStatements(db: SqliteDatabase): void {
  const insert = db.prepare(
    `INSERT INTO accounts (id, name, kind, mask, balance, available, credit_limit, apy, hold_note, opened_on)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const a of ACCOUNTS) {
    insert.run(
      a.id,
      a.name,
      a.kind,
      a.mask,
      a.balance,
      availableOf(a),
      a.creditLimit,
      a.apy,
      a.holdNote,
      a.openedOn,
    );
  }
}

function insertStatements(db: SqliteDatabase): void {
  const insert = db.prepare(
    `INSERT INTO statements (id, account_id, period_start, period_end, opening_balance, closing_balance, total_in, total_out)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const sum = db.prepare<[number, string, string], { total_in: number; total_out: number }>(
    `SELECT COALESCE(SUM(CASE WHEN amount > 0 THEN amount END), 0) AS total_in,
            COALESCE(SUM(CASE WHEN amount < 0 THEN amount END), 0) AS total_out
     FROM transactions WHERE account_id = ? AND status = 'posted' AND posted_on >= ? AND posted_on <= ?`,
  );
  let id = 0;
  for (const a of ACCOUNTS) {
    const all = sum.get(a.id, '0000-00-00', TODAY) ?? { total_in: 0, total_out: 0 };
    let balance = a.balance - all.total_in - all.total_out;
    for (let m = 0; m < 12; m++) {
      const year = 2025 + Math.floor((3 + m) / 12);
      const month = ((3 + m) % 12) + 1;
      const startDate = `${year}-${String(month).padStart(2, '0')}-01`;
      const endDate = isoDay(
        Date.parse(
          `${month === 12 ? year + 1 : year}-${String((month % 12) + 1).padStart(2, '0')}-01T12:00:00Z`,
        ) - DAY,
      );
      const totals = sum.get(a.id, startDate, endDate) ?? { total_in: 0, total_out: 0 };
      const closing = balance + totals.total_in + totals.total_out;
      id += 1;
      insert.run(id, a.id, startDate, endDate, balance, closing, totals.total_in, totals.total_out);
      balance = closing;
    }
  }
}

function insertPayees(db: SqliteDatabase, rng: Rng): void {
  const insert = db.prepare(
    `INSERT INTO payees (name, nickname, kind, bank_name, routing, account_number, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  PAYEES.forEach((p, index) => {
    insert.run(
      p.name,
      p.nickname,
      p.kind,
      p.bank,
      routingWithCheckDigit(p.routing8),
      p.account,
      `2024-0${1 + (index % 9)}-1${index % 10}T15:00:00.000Z`,
    );
  });
  for (const name of PERSON_PAYEES) {
    const routing = routingWithCheckDigit(`${rng.pick(['0', '1', '2', '3'])}${rng.token(7, '0123456789')}`);
    insert.run(
      name,
      null,
      'person',
      rng.pick(BANKS),
      routing,
      rng.token(rng.int(8, 12), '0123456789'),
      `2025-0${rng.int(1, 9)}-${String(rng.int(10, 28))}T18:00:00.000Z`,
    );
  }
}

function insertSchedulesAndCards(db: SqliteDatabase): void {
  const schedule = db.prepare(
    `INSERT INTO scheduled_payments (from_account_id, payee_id, to_account_id, amount, frequency, next_date, memo, status, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  SCHEDULES.forEach((s, index) => {
    schedule.run(
      s.from,
      s.payee ?? null,
      s.to ?? null,
      s.amount,
      s.frequency,
      s.next,
      s.memo,
      s.status,
      `2025-${String(1 + index).padStart(2, '0')}-04T16:00:00.000Z`,
    );
  });
  const card = db.prepare(
    `INSERT INTO cards (id, account_id, label, kind, last4, network, expires, status, daily_limit, online_enabled, international_enabled)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const c of CARDS) {
    card.run(
      c.id,
      c.account,
      c.label,
      c.kind,
      c.last4,
      c.network,
      c.expires,
      c.status,
      c.dailyLimit,
      c.online,
      c.international,
    );
  }
}

function insertTransfersAndMessages(db: SqliteDatabase, rng: Rng): void {
  const transfer = db.prepare(
    `INSERT INTO transfers (reference, from_account_id, to_account_id, payee_id, amount, memo, status, code, attempts, created_at, completed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const message = db.prepare(
    'INSERT INTO messages (subject, body, kind, created_at, read) VALUES (?, ?, ?, ?, ?)',
  );
  const people = db
    .prepare<[], { id: number; name: string }>(
      "SELECT id, name FROM payees WHERE kind = 'person' ORDER BY id",
    )
    .all();
  let number = 20_380;
  const start = Date.parse('2025-11-03T17:00:00Z');
  for (let i = 0; i < 26; i++) {
    number += rng.int(1, 3);
    const at = new Date(start + i * 5 * DAY + rng.int(0, 4) * 3_600_000).toISOString();
    const person = rng.pick(people);
    const status = rng.weighted([
      ['completed', 8],
      ['cancelled', 1],
    ] as const);
    transfer.run(
      `TR-${number}`,
      1,
      null,
      person.id,
      cents(rng, 15, 260),
      rng.pick([null, 'Dinner', 'Concert tickets', 'Rent share', 'Gift', 'Groceries']),
      status,
      rng.token(6, '0123456789'),
      status === 'cancelled' ? 3 : 0,
      at,
      status === 'completed' ? at : null,
    );
  }
  // The last code Maya received, for a transfer she finished two weeks ago: not the code of a new transfer.
  transfer.run(
    'TR-20471',
    1,
    2,
    null,
    50_000,
    null,
    'completed',
    '551902',
    0,
    '2026-04-02T16:40:00.000Z',
    '2026-04-02T16:41:00.000Z',
  );
  for (let m = 0; m < 12; m++) {
    const year = 2025 + Math.floor((4 + m) / 12);
    const month = ((4 + m) % 12) + 1;
    const at = `${year}-${String(month).padStart(2, '0')}-02T13:00:00.000Z`;
    message.run(
      'Your statements are ready',
      'Statements for Everyday Checking, High-Yield Savings, Larkspur Rewards Visa and Vacation Fund are ready to view under Statements.',
      'notice',
      at,
      1,
    );
  }
  message.run(
    'New sign-in to your account',
    'We noticed a new sign-in from Chrome on macOS near Oakland, CA. If this was you, there is nothing to do.',
    'alert',
    '2026-03-29T19:12:00.000Z',
    1,
  );
  message.run(
    'Your one-time code',
    'Use 551902 to confirm transfer TR-20471 of $500.00 to High-Yield Savings. Larkspur will never call you to ask for this code.',
    'code',
    '2026-04-02T16:40:00.000Z',
    1,
  );
  message.run(
    'Payment received',
    'We received your payment to Larkspur Rewards Visa ••4812. Thank you.',
    'notice',
    '2026-03-18T15:05:00.000Z',
    1,
  );
  message.run(
    'Mobile deposit on hold',
    'Your mobile check deposit of $637.45 to High-Yield Savings is on hold until Apr 17, 2026. The hold lowers your available balance until then.',
    'alert',
    '2026-04-14T18:30:00.000Z',
    0,
  );
}

function insertExpenses(db: SqliteDatabase, rng: Rng): void {
  const report = db.prepare(
    'INSERT INTO expense_reports (id, title, purpose, status, created_on, submitted_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const line = db.prepare(
    'INSERT INTO expense_lines (report_id, spent_on, merchant, category, amount) VALUES (?, ?, ?, ?, ?)',
  );
  const receipt = db.prepare(
    `INSERT INTO receipts (transaction_id, expense_line_id, filename, content_type, size, data, uploaded_at)
     VALUES (?, ?, ?, 'application/pdf', ?, ?, ?)`,
  );
  const size = Buffer.from(PDF_RECEIPT, 'base64').length;
  const slug = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  for (const r of REPORTS) {
    report.run(r.id, r.title, r.purpose, r.status, r.created, r.submitted);
    for (const l of r.lines) {
      const { lastInsertRowid } = line.run(r.id, l.date, l.merchant, l.category, l.amount);
      if (l.receipt)
        receipt.run(
          null,
          Number(lastInsertRowid),
          `${slug(l.merchant)}-${l.date}.pdf`,
          size,
          PDF_RECEIPT,
          `${r.created}T20:00:00.000Z`,
        );
    }
  }
  const trips = [
    'Seattle partner summit',
    'Denver customer onsite',
    'New York research week',
    'Austin offsite',
    'Los Angeles shoot',
    'Boston conference',
    'February team lunch',
    'Sacramento permit review',
  ];
  const vendors: Record<string, string[]> = {
    Airfare: ['United Airlines', 'Alaska Airlines', 'Southwest Airlines', 'JetBlue'],
    Lodging: ['Hyatt Regency', 'Kimpton Hotel', 'Ace Hotel', 'Hilton Garden Inn'],
    Meals: ['Tartine', 'Joe’s Pizza', 'Shake Shack', 'Local diner', 'Blue Bottle Coffee'],
    'Ground transport': ['Lyft', 'Yellow Cab', 'Hertz'],
    Supplies: ['Staples', 'Office Depot'],
  };
  trips.forEach((title, index) => {
    const id = REPORTS.length + 1 + index;
    const month = 4 + index;
    const date = `2025-${String(month).padStart(2, '0')}-1${index % 9}`;
    const status = index < 6 ? 'reimbursed' : 'approved';
    report.run(id, title, `${title} – travel and meals`, status, date, `${date}T21:00:00.000Z`);
    const count = rng.int(3, 7);
    for (let i = 0; i < count; i++) {
      const category = rng.pick(Object.keys(vendors));
      const merchant = rng.pick(vendors[category] ?? ['Other']);
      const amount =
        category === 'Lodging'
          ? cents(rng, 180, 690)
          : category === 'Airfare'
            ? cents(rng, 160, 540)
            : cents(rng, 9, 120);
      const { lastInsertRowid } = line.run(id, date, merchant, category, amount);
      receipt.run(
        null,
        Number(lastInsertRowid),
        `${slug(merchant)}-${date}.pdf`,
        size,
        PDF_RECEIPT,
        `${date}T20:00:00.000Z`,
      );
    }
  });
  // A few card purchases already carry their receipt.
  const purchases = db
    .prepare<[], { id: number; merchant: string; posted_on: string }>(
      "SELECT id, merchant, posted_on FROM transactions WHERE category IN ('Shopping', 'Travel') AND amount < -10000 AND id > 23 ORDER BY id LIMIT 40",
    )
    .all();
  for (const p of purchases.filter((_, i) => i % 3 === 0)) {
    receipt.run(
      p.id,
      null,
      `${slug(p.merchant)}-${p.posted_on}.pdf`,
      size,
      PDF_RECEIPT,
      `${p.posted_on}T22:00:00.000Z`,
    );
  }
}

export function seed({ db, rng }: SeedContext): void {
  insertAccountsAndStatements(db);
  insertTransactions(db, rng.fork('transactions'));
  insertStatements(db);
  insertPayees(db, rng.fork('payees'));
  insertSchedulesAndCards(db);
  insertTransfersAndMessages(db, rng.fork('transfers'));
  insertExpenses(db, rng.fork('expenses'));
}
