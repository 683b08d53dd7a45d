/** The word lists the seed draws everyday spending from. */

export const CATEGORIES = [
  'Groceries',
  'Dining',
  'Coffee',
  'Transportation',
  'Travel',
  'Shopping',
  'Utilities',
  'Housing',
  'Health & Fitness',
  'Entertainment',
  'Subscriptions',
  'Personal care',
  'Gifts & Donations',
  'Education',
  'Income',
  'Transfers',
  'Fees & Interest',
] as const;

export interface MerchantKind {
  category: string;
  /** Chance per day that one such purchase happens. */
  perDay: number;
  /** Dollars. */
  min: number;
  max: number;
  /** Share of these purchases made on the credit card rather than the debit card. */
  onCredit: number;
  names: readonly { merchant: string; descriptor: string }[];
}

const m = (merchant: string, descriptor: string) => ({ merchant, descriptor });

export const SPENDING: readonly MerchantKind[] = [
  {
    category: 'Groceries',
    perDay: 0.6,
    min: 18,
    max: 164,
    onCredit: 0.55,
    names: [
      m('Whole Foods Market', 'WHOLEFDS OAK #10244'),
      m("Trader Joe's", "TRADER JOE'S #217"),
      m('Safeway', 'SAFEWAY #1672'),
      m('Fresh Harvest Market', 'FRESH HARVEST MKT'),
      m('Costco Wholesale', 'COSTCO WHSE #0482'),
      m('Berkeley Bowl', 'BERKELEY BOWL WEST'),
    ],
  },
  {
    category: 'Dining',
    perDay: 0.9,
    min: 11,
    max: 72,
    onCredit: 0.8,
    names: [
      m('Chipotle', 'CHIPOTLE 2231'),
      m('Sweetgreen', 'SWEETGREEN OAKLAND'),
      m('Olive & Thyme', 'OLIVE AND THYME'),
      m('Pho Saigon Noodle House', 'PHO SAIGON NOODLE'),
      m('Zachary’s Chicago Pizza', 'ZACHARYS PIZZA'),
      m('Shake Shack', 'SHAKE SHACK #1190'),
      m('Nopalito', 'NOPALITO BERKELEY'),
      m('Burma Superstar', 'BURMA SUPERSTAR'),
      m('Tacos El Gordo', 'TACOS EL GORDO'),
      m('The Kebab Shop', 'KEBAB SHOP SF'),
    ],
  },
  {
    category: 'Coffee',
    perDay: 0.75,
    min: 4,
    max: 14,
    onCredit: 0.4,
    names: [
      m('Blue Bottle Coffee', 'BLUE BOTTLE COFFEE'),
      m('Starbucks', 'STARBUCKS STORE 09912'),
      m('Peet’s Coffee', 'PEETS 00241'),
      m('Bluebird Coffee Roasters', 'BLUEBIRD COFFEE RSTRS'),
    ],
  },
  {
    category: 'Transportation',
    perDay: 0.3,
    min: 3,
    max: 68,
    onCredit: 0.6,
    names: [
      m('Chevron', 'CHEVRON 0094116'),
      m('Shell', 'SHELL OIL 5744'),
      m('Clipper Card', 'CLIPPER SERVICE CENTER'),
      m('Lyft', 'LYFT *RIDE'),
      m('SpotHero Parking', 'SPOTHERO 8553'),
    ],
  },
  {
    category: 'Shopping',
    perDay: 0.45,
    min: 9,
    max: 180,
    onCredit: 0.85,
    names: [
      m('Amazon', 'AMAZON MKTPL*2K8L1'),
      m('Target', 'TARGET 00027'),
      m('REI', 'REI #0124 BERKELEY'),
      m('IKEA', 'IKEA EAST PALO ALTO'),
      m('Uniqlo', 'UNIQLO SF UNION SQ'),
      m('Best Buy', 'BEST BUY 00001490'),
      m('Walgreens', 'WALGREENS #3121'),
      m('Staples', 'STAPLES 00187'),
    ],
  },
  {
    category: 'Entertainment',
    perDay: 0.12,
    min: 12,
    max: 140,
    onCredit: 0.9,
    names: [
      m('AMC Theatres', 'AMC METREON 16'),
      m('Ticketmaster', 'TICKETMASTER*EVENT'),
      m('Alamo Drafthouse', 'ALAMO DRAFTHOUSE SF'),
      m('Steam', 'STEAM GAMES'),
    ],
  },
  {
    category: 'Personal care',
    perDay: 0.07,
    min: 20,
    max: 95,
    onCredit: 0.5,
    names: [m('Supercuts', 'SUPERCUTS #4418'), m('Sephora', 'SEPHORA #221'), m('Great Clips', 'GREAT CLIPS')],
  },
  {
    category: 'Gifts & Donations',
    perDay: 0.03,
    min: 25,
    max: 150,
    onCredit: 0.7,
    names: [m('Etsy', 'ETSY.COM*SELLER'), m('KQED', 'KQED PUBLIC MEDIA'), m('GoFundMe', 'GOFUNDME *HELP')],
  },
];

/** The generated payees around the hand-written ones. */
export const PERSON_PAYEES = [
  'Aisha Rahman',
  'Ben Okafor',
  'Carla Mendes',
  'Daniel Weiss',
  'Elena Popescu',
  'Farid Haddad',
  'Grace Liu',
  'Hiro Tanaka',
  'Isabel Ortiz',
  'Jonah Feldman',
  'Kemi Adeyemi',
  'Lucas Brandt',
  'Mei Lin Chen',
  'Noah Goldberg',
];

export const BANKS = [
  'Chase',
  'Bank of America',
  'Wells Fargo',
  'Citibank',
  'US Bank',
  'Ally Bank',
  'Capital One',
  'First Republic',
  'Patelco Credit Union',
];
