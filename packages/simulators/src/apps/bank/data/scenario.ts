/**
 * The hand-written records the test cases name. They are inserted first, so their ids are fixed; the seed
 * generates a year of believable activity around them.
 */

export const CUSTOMER = { name: 'Maya Chen', email: 'maya.chen@fastmail.com', password: 'larkspur-2026' };

/** Today in the app: Wednesday, April 15, 2026. */
export const TODAY = '2026-04-15';

export interface ScenarioAccount {
  id: number;
  name: string;
  kind: 'checking' | 'savings' | 'credit';
  mask: string;
  /** The posted ledger at TODAY, in cents (negative: owed on the card). */
  balance: number;
  creditLimit: number | null;
  apy: string | null;
  /** Money on hold that the available balance leaves out, in cents. */
  hold: number;
  holdNote: string | null;
  openedOn: string;
}

export const ACCOUNTS: readonly ScenarioAccount[] = [
  {
    id: 1,
    name: 'Everyday Checking',
    kind: 'checking',
    mask: '3309',
    balance: 648_219,
    creditLimit: null,
    apy: null,
    hold: 0,
    holdNote: null,
    openedOn: '2019-06-03',
  },
  {
    id: 2,
    name: 'High-Yield Savings',
    kind: 'savings',
    mask: '7781',
    balance: 1_284_000,
    creditLimit: null,
    apy: '4.10%',
    hold: 63_745,
    holdNote: '$637.45 from a mobile check deposit is on hold until Apr 17, 2026.',
    openedOn: '2019-06-03',
  },
  {
    id: 3,
    name: 'Larkspur Rewards Visa',
    kind: 'credit',
    mask: '4812',
    balance: -614_184,
    creditLimit: 1_200_000,
    apy: null,
    hold: 0,
    holdNote: null,
    openedOn: '2021-02-11',
  },
  {
    id: 4,
    name: 'Vacation Fund',
    kind: 'savings',
    mask: '2256',
    balance: 294_000,
    creditLimit: null,
    apy: '4.10%',
    hold: 0,
    holdNote: null,
    openedOn: '2023-09-18',
  },
];

export interface ScenarioTransaction {
  account: number;
  date: string;
  description: string;
  merchant: string;
  category: string;
  amount: number;
  status?: 'pending' | 'posted';
  type?: string;
  note?: string;
}

/** Ids 1.. in this order. */
export const TRANSACTIONS: readonly ScenarioTransaction[] = [
  // 1-8: Uber rides and Uber Eats orders around March.
  {
    account: 3,
    date: '2026-03-04',
    description: 'UBER *TRIP HELP.UBER.COM',
    merchant: 'Uber',
    category: 'Transportation',
    amount: -2318,
  },
  {
    account: 3,
    date: '2026-03-11',
    description: 'UBER *TRIP HELP.UBER.COM',
    merchant: 'Uber',
    category: 'Transportation',
    amount: -4165,
  },
  {
    account: 3,
    date: '2026-03-12',
    description: 'UBER *EATS PENDING.UBER',
    merchant: 'Uber Eats',
    category: 'Dining',
    amount: -3290,
  },
  {
    account: 1,
    date: '2026-03-19',
    description: 'UBER *TRIP HELP.UBER.COM',
    merchant: 'Uber',
    category: 'Transportation',
    amount: -1872,
  },
  {
    account: 3,
    date: '2026-03-27',
    description: 'UBER *TRIP HELP.UBER.COM',
    merchant: 'Uber',
    category: 'Transportation',
    amount: -5630,
  },
  {
    account: 3,
    date: '2026-02-26',
    description: 'UBER *TRIP HELP.UBER.COM',
    merchant: 'Uber',
    category: 'Transportation',
    amount: -2744,
  },
  {
    account: 3,
    date: '2026-04-02',
    description: 'UBER *TRIP HELP.UBER.COM',
    merchant: 'Uber',
    category: 'Transportation',
    amount: -1995,
  },
  {
    account: 3,
    date: '2026-03-22',
    description: 'UBER *EATS PENDING.UBER',
    merchant: 'Uber Eats',
    category: 'Dining',
    amount: -2715,
  },
  // 9-10: the March gym membership, charged twice.
  {
    account: 3,
    date: '2026-03-02',
    description: 'NORTHGATE FITNESS MEMBERSHIP',
    merchant: 'Northgate Fitness',
    category: 'Health & Fitness',
    amount: -4999,
  },
  {
    account: 3,
    date: '2026-03-03',
    description: 'NORTHGATE FITNESS MEMBERSHIP',
    merchant: 'Northgate Fitness',
    category: 'Health & Fitness',
    amount: -4999,
  },
  // 11: a lunch to annotate. 12: flowers filed under Shopping. 13: office supplies without a receipt.
  {
    account: 3,
    date: '2026-03-12',
    description: 'OLIVE AND THYME',
    merchant: 'Olive & Thyme',
    category: 'Dining',
    amount: -8640,
  },
  {
    account: 1,
    date: '2026-04-08',
    description: 'SQ *PETALS & STEMS',
    merchant: 'Petals & Stems',
    category: 'Shopping',
    amount: -6400,
  },
  {
    account: 3,
    date: '2026-03-20',
    description: 'STAPLES 00187',
    merchant: 'Staples',
    category: 'Shopping',
    amount: -14286,
  },
  // 14: the mobile check deposit on hold in savings.
  {
    account: 2,
    date: '2026-04-14',
    description: 'MOBILE CHECK DEPOSIT #1187',
    merchant: 'Mobile deposit',
    category: 'Income',
    amount: 63745,
    type: 'deposit',
  },
  // 15-23: this week's pending card and debit activity.
  {
    account: 3,
    date: '2026-04-14',
    description: 'WHOLEFDS OAK #10244',
    merchant: 'Whole Foods Market',
    category: 'Groceries',
    amount: -8731,
    status: 'pending',
  },
  {
    account: 3,
    date: '2026-04-14',
    description: 'SHELL OIL 5744',
    merchant: 'Shell',
    category: 'Transportation',
    amount: -5412,
    status: 'pending',
  },
  {
    account: 3,
    date: '2026-04-15',
    description: 'BLUE BOTTLE COFFEE',
    merchant: 'Blue Bottle Coffee',
    category: 'Coffee',
    amount: -675,
    status: 'pending',
  },
  {
    account: 3,
    date: '2026-04-15',
    description: 'AMAZON MKTPL*7Q2M4',
    merchant: 'Amazon',
    category: 'Shopping',
    amount: -3899,
    status: 'pending',
  },
  {
    account: 3,
    date: '2026-04-13',
    description: 'NOPALITO BERKELEY',
    merchant: 'Nopalito',
    category: 'Dining',
    amount: -6284,
    status: 'pending',
  },
  {
    account: 1,
    date: '2026-04-14',
    description: "TRADER JOE'S #217",
    merchant: "Trader Joe's",
    category: 'Groceries',
    amount: -4618,
    status: 'pending',
  },
  {
    account: 1,
    date: '2026-04-15',
    description: 'CHEVRON 0094116',
    merchant: 'Chevron',
    category: 'Transportation',
    amount: -4950,
    status: 'pending',
  },
  {
    account: 1,
    date: '2026-04-15',
    description: 'CLIPPER SERVICE CENTER',
    merchant: 'Clipper Card',
    category: 'Transportation',
    amount: -2000,
    status: 'pending',
  },
  {
    account: 3,
    date: '2026-04-15',
    description: 'VOLTAIRE ELECTRONICS',
    merchant: 'Voltaire Electronics',
    category: 'Shopping',
    amount: -8900,
    status: 'pending',
  },
];

export const DUPLICATE_GYM_CHARGE = 10;

/** Available balance: the ledger, minus pending debits and holds; for the card, the credit left. */
export function availableOf(account: ScenarioAccount): number {
  const pending = TRANSACTIONS.filter((t) => t.account === account.id && t.status === 'pending').reduce(
    (sum, t) => sum + t.amount,
    0,
  );
  const ledger = account.balance + pending - account.hold;
  return account.creditLimit === null ? ledger : account.creditLimit + ledger;
}

export function accountById(id: number): ScenarioAccount {
  const found = ACCOUNTS.find((a) => a.id === id);
  if (!found) throw new Error(`no account ${id}`);
  return found;
}

export interface ScenarioPayee {
  name: string;
  nickname: string | null;
  kind: 'business' | 'person';
  bank: string;
  /** Eight digits: the seed adds the check digit. */
  routing8: string;
  account: string;
}

/** Ids 1.. in this order; the seed adds the people after them. */
export const PAYEES: readonly ScenarioPayee[] = [
  {
    name: 'Halcyon Residential',
    nickname: 'Rent',
    kind: 'business',
    bank: 'Wells Fargo',
    routing8: '12100024',
    account: '9912004417',
  },
  {
    name: 'Riverside Electric',
    nickname: 'Apartment power',
    kind: 'business',
    bank: 'Bank of America',
    routing8: '12100035',
    account: '40021187730',
  },
  {
    name: 'Riverside Electric Co-op',
    nickname: 'Cabin power',
    kind: 'business',
    bank: 'US Bank',
    routing8: '12200023',
    account: '88130410418',
  },
  {
    name: 'Brightwave Internet',
    nickname: null,
    kind: 'business',
    bank: 'Citibank',
    routing8: '32227161',
    account: '5503981126',
  },
  {
    name: 'Verity Mobile',
    nickname: 'Phones',
    kind: 'business',
    bank: 'Chase',
    routing8: '32227162',
    account: '7730019982',
  },
  {
    name: 'City of Oakridge Water',
    nickname: null,
    kind: 'business',
    bank: 'Wells Fargo',
    routing8: '12100024',
    account: '300127745',
  },
  {
    name: 'Bluestone Insurance',
    nickname: 'Renters + auto',
    kind: 'business',
    bank: 'Chase',
    routing8: '02100002',
    account: '6620183390',
  },
  {
    name: 'Sunny Days Childcare',
    nickname: 'Leo’s daycare',
    kind: 'business',
    bank: 'Patelco Credit Union',
    routing8: '32107923',
    account: '1100452281',
  },
  {
    name: 'Dr. Priya Raman DDS',
    nickname: 'Dentist',
    kind: 'business',
    bank: 'Bank of America',
    routing8: '12100035',
    account: '44019283',
  },
  {
    name: 'Comcast Xfinity',
    nickname: 'Old internet',
    kind: 'business',
    bank: 'Bank of America',
    routing8: '02600959',
    account: '8155300211',
  },
];

export const NEW_PAYEE = {
  name: 'Greenway Property Management',
  routing: '121000358',
  account: '3345098812',
};

export interface ScenarioSchedule {
  from: number;
  payee?: number;
  to?: number;
  amount: number;
  frequency: 'once' | 'weekly' | 'biweekly' | 'monthly';
  next: string;
  memo: string | null;
  status: 'active' | 'cancelled';
}

export const SCHEDULES: readonly ScenarioSchedule[] = [
  {
    from: 1,
    payee: 1,
    amount: 235_000,
    frequency: 'monthly',
    next: '2026-05-01',
    memo: 'Rent – Unit 4B',
    status: 'active',
  },
  {
    from: 1,
    payee: 8,
    amount: 31_000,
    frequency: 'weekly',
    next: '2026-04-17',
    memo: 'Weekly tuition',
    status: 'active',
  },
  {
    from: 1,
    payee: 8,
    amount: 9_500,
    frequency: 'monthly',
    next: '2026-05-03',
    memo: 'Activity fee',
    status: 'active',
  },
  {
    from: 1,
    payee: 4,
    amount: 7_999,
    frequency: 'monthly',
    next: '2026-04-22',
    memo: null,
    status: 'active',
  },
  {
    from: 1,
    payee: 7,
    amount: 14_320,
    frequency: 'monthly',
    next: '2026-04-28',
    memo: 'Policy BI-220914',
    status: 'active',
  },
  {
    from: 1,
    to: 2,
    amount: 40_000,
    frequency: 'monthly',
    next: '2026-04-16',
    memo: 'Pay yourself first',
    status: 'active',
  },
  { from: 1, to: 4, amount: 15_000, frequency: 'monthly', next: '2026-04-25', memo: null, status: 'active' },
  {
    from: 1,
    payee: 10,
    amount: 8_999,
    frequency: 'monthly',
    next: '2026-02-12',
    memo: null,
    status: 'cancelled',
  },
  {
    from: 1,
    payee: 9,
    amount: 18_500,
    frequency: 'once',
    next: '2026-05-12',
    memo: 'Cleaning + x-rays',
    status: 'active',
  },
];

export interface ScenarioCard {
  id: number;
  account: number;
  label: string;
  kind: 'debit' | 'credit' | 'virtual';
  last4: string;
  network: string;
  expires: string;
  status: 'active' | 'frozen';
  dailyLimit: number;
  online: number;
  international: number;
}

export const CARDS: readonly ScenarioCard[] = [
  {
    id: 1,
    account: 1,
    label: 'Everyday Debit',
    kind: 'debit',
    last4: '4821',
    network: 'Visa',
    expires: '09/28',
    status: 'active',
    dailyLimit: 150_000,
    online: 1,
    international: 0,
  },
  {
    id: 2,
    account: 3,
    label: 'Rewards Visa',
    kind: 'credit',
    last4: '4812',
    network: 'Visa',
    expires: '02/29',
    status: 'active',
    dailyLimit: 500_000,
    online: 1,
    international: 1,
  },
  {
    id: 3,
    account: 3,
    label: 'Online shopping (virtual)',
    kind: 'virtual',
    last4: '9047',
    network: 'Visa',
    expires: '11/27',
    status: 'frozen',
    dailyLimit: 50_000,
    online: 1,
    international: 1,
  },
  {
    id: 4,
    account: 1,
    label: 'Everyday Debit (replaced)',
    kind: 'debit',
    last4: '1284',
    network: 'Visa',
    expires: '09/25',
    status: 'frozen',
    dailyLimit: 100_000,
    online: 0,
    international: 0,
  },
];

export interface ScenarioLine {
  date: string;
  merchant: string;
  category: string;
  amount: number;
  receipt: boolean;
}

export interface ScenarioReport {
  id: number;
  title: string;
  purpose: string;
  status: 'draft' | 'submitted' | 'approved' | 'reimbursed';
  created: string;
  submitted: string | null;
  lines: ScenarioLine[];
}

export const REPORTS: readonly ScenarioReport[] = [
  {
    id: 1,
    title: 'Chicago client visit',
    purpose: 'Quarterly review with Hartwell Foods, Mar 9–11',
    status: 'draft',
    created: '2026-03-12',
    submitted: null,
    lines: [
      { date: '2026-03-09', merchant: 'Delta Air Lines', category: 'Airfare', amount: 41_260, receipt: true },
      {
        date: '2026-03-09',
        merchant: 'Hotel Palomar Chicago',
        category: 'Lodging',
        amount: 68_922,
        receipt: false,
      },
      { date: '2026-03-10', merchant: 'Girl & the Goat', category: 'Meals', amount: 12_840, receipt: true },
      {
        date: '2026-03-10',
        merchant: 'Yellow Cab Chicago',
        category: 'Ground transport',
        amount: 4_610,
        receipt: false,
      },
      {
        date: '2026-03-11',
        merchant: 'Hudson News O’Hare',
        category: 'Meals',
        amount: 1_289,
        receipt: false,
      },
    ],
  },
  {
    id: 2,
    title: 'Portland design workshop',
    purpose: 'Two-day workshop with the Portland studio',
    status: 'draft',
    created: '2026-04-06',
    submitted: null,
    lines: [
      { date: '2026-04-02', merchant: 'Alaska Airlines', category: 'Airfare', amount: 28_940, receipt: true },
      {
        date: '2026-04-02',
        merchant: 'The Hoxton Portland',
        category: 'Lodging',
        amount: 41_600,
        receipt: false,
      },
      { date: '2026-04-03', merchant: 'Lardo', category: 'Meals', amount: 3_870, receipt: false },
    ],
  },
  {
    id: 3,
    title: 'Q1 software subscriptions',
    purpose: 'Design tools for January to March',
    status: 'submitted',
    created: '2026-04-01',
    submitted: '2026-04-01T17:20:00.000Z',
    lines: [
      { date: '2026-01-05', merchant: 'Figma', category: 'Software', amount: 4_500, receipt: true },
      { date: '2026-02-05', merchant: 'Figma', category: 'Software', amount: 4_500, receipt: true },
      { date: '2026-03-05', merchant: 'Figma', category: 'Software', amount: 4_500, receipt: true },
      { date: '2026-03-14', merchant: 'Adobe', category: 'Software', amount: 5_999, receipt: true },
    ],
  },
];
