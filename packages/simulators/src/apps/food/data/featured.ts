import type { Cuisine } from './menus';

/**
 * The hand-written rows the test cases name: twelve restaurants (ids 1–12, with their full cuisine menu),
 * the customer, addresses, cards, promo codes, favourites and past orders. Generated rows come after them.
 */

export interface FeaturedRestaurant {
  slug: string;
  name: string;
  cuisine: Cuisine;
  neighbourhood: string;
  address: string;
  description: string;
  rating: number;
  ratingCount: number;
  minutes: number;
  feeCents: number;
  minOrderCents: number;
  priceLevel: number;
  opens: string;
  closes: string;
  rank: number;
  /** Prices that differ from the cuisine's list, by dish name. */
  prices?: Record<string, number>;
  soldOut?: string[];
}

export const FEATURED_RESTAURANTS: FeaturedRestaurant[] = [
  {
    slug: 'tonys-slice-house-north-beach',
    name: "Tony's Slice House",
    cuisine: 'Pizza',
    neighbourhood: 'North Beach',
    address: '1570 Stockton St',
    description:
      'New York–style pies by the slice or whole, baked in a 60-year-old deck oven on Stockton Street.',
    rating: 4.6,
    ratingCount: 1843,
    minutes: 25,
    feeCents: 199,
    minOrderCents: 1500,
    priceLevel: 2,
    opens: '11:00',
    closes: '23:00',
    rank: 3,
  },
  {
    slug: 'tonys-slice-house-sunset',
    name: "Tony's Slice House",
    cuisine: 'Pizza',
    neighbourhood: 'Outer Sunset',
    address: '3925 Judah St',
    description:
      "The Sunset outpost of Tony's: the same dough, a wood-panelled dining room near Ocean Beach.",
    rating: 4.3,
    ratingCount: 612,
    minutes: 40,
    feeCents: 299,
    minOrderCents: 1500,
    priceLevel: 2,
    opens: '11:00',
    closes: '22:00',
    rank: 2,
  },
  {
    slug: 'bangkok-street-kitchen',
    name: 'Bangkok Street Kitchen',
    cuisine: 'Thai',
    neighbourhood: 'Mission',
    address: '2843 Mission St',
    description:
      'Street-stall Thai cooking: wok-charred noodles, curries pounded in house, sticky rice in baskets.',
    rating: 4.9,
    ratingCount: 2210,
    minutes: 25,
    feeCents: 249,
    minOrderCents: 1500,
    priceLevel: 2,
    opens: '11:30',
    closes: '22:30',
    rank: 40,
  },
  {
    slug: 'sakura-sushi-bar',
    name: 'Sakura Sushi Bar',
    cuisine: 'Japanese',
    neighbourhood: 'Hayes Valley',
    address: '455 Hayes St',
    description: 'Neighbourhood sushi counter with bento boxes, build-your-own poke and a short sake list.',
    rating: 4.7,
    ratingCount: 1320,
    minutes: 35,
    feeCents: 299,
    minOrderCents: 2000,
    priceLevel: 3,
    opens: '11:30',
    closes: '22:00',
    rank: 5,
  },
  {
    slug: 'pho-saigon-corner',
    name: 'Pho Saigon Corner',
    cuisine: 'Vietnamese',
    neighbourhood: 'Inner Richmond',
    address: '612 Clement St',
    description: 'Family-run pho shop: twelve-hour broths, banh mi on bread baked every morning.',
    rating: 4.5,
    ratingCount: 988,
    minutes: 28,
    feeCents: 199,
    minOrderCents: 1200,
    priceLevel: 1,
    opens: '10:30',
    closes: '21:30',
    rank: 9,
  },
  {
    slug: 'olive-and-thyme',
    name: 'Olive & Thyme',
    cuisine: 'Mediterranean',
    neighbourhood: 'Castro',
    address: '4101 18th St',
    description: 'Mezze, grilled plates and bowls from the eastern Mediterranean, with plenty for vegans.',
    rating: 4.8,
    ratingCount: 1104,
    minutes: 20,
    feeCents: 149,
    minOrderCents: 1500,
    priceLevel: 2,
    opens: '11:00',
    closes: '22:00',
    rank: 7,
    prices: { 'Mujaddara Bowl': 950 },
    soldOut: ['Mujaddara Bowl'],
  },
  {
    slug: 'casa-calavera',
    name: 'Casa Calavera',
    cuisine: 'Mexican',
    neighbourhood: 'Mission',
    address: '3071 16th St',
    description: 'Mission-style burritos the size of your forearm and tacos on hand-pressed tortillas.',
    rating: 4.6,
    ratingCount: 1577,
    minutes: 29,
    feeCents: 199,
    minOrderCents: 1000,
    priceLevel: 1,
    opens: '10:00',
    closes: '23:00',
    rank: 4,
  },
  {
    slug: 'saffron-lane',
    name: 'Saffron Lane',
    cuisine: 'Indian',
    neighbourhood: 'SoMa',
    address: '870 Folsom St',
    description:
      'North Indian curries, tandoor breads and biryani, slow-cooked the way our grandmother taught us.',
    rating: 4.5,
    ratingCount: 742,
    minutes: 45,
    feeCents: 349,
    minOrderCents: 2000,
    priceLevel: 2,
    opens: '11:30',
    closes: '22:00',
    rank: 11,
  },
  {
    slug: 'slice-of-brooklyn',
    name: 'Slice of Brooklyn',
    cuisine: 'Pizza',
    neighbourhood: 'Dogpatch',
    address: '2301 3rd St',
    description: 'Thin, foldable slices and square grandma pies. Free delivery, always.',
    rating: 4.2,
    ratingCount: 431,
    minutes: 45,
    feeCents: 0,
    minOrderCents: 2000,
    priceLevel: 1,
    opens: '11:00',
    closes: '22:00',
    rank: 30,
  },
  {
    slug: 'golden-dragon-kitchen',
    name: 'Golden Dragon Kitchen',
    cuisine: 'Chinese',
    neighbourhood: 'Nob Hill',
    address: '1198 Sacramento St',
    description: 'Sichuan and Cantonese classics from a busy kitchen at the top of Nob Hill.',
    rating: 4.4,
    ratingCount: 903,
    minutes: 35,
    feeCents: 249,
    minOrderCents: 1500,
    priceLevel: 2,
    opens: '11:00',
    closes: '22:30',
    rank: 12,
  },
  {
    slug: 'smash-stack-burgers',
    name: 'Smash Stack Burgers',
    cuisine: 'Burgers',
    neighbourhood: 'Marina',
    address: '2055 Chestnut St',
    description: 'Smashed dry-aged patties, hand-cut fries and frozen-custard shakes.',
    rating: 4.5,
    ratingCount: 1266,
    minutes: 30,
    feeCents: 199,
    minOrderCents: 1200,
    priceLevel: 2,
    opens: '11:00',
    closes: '23:30',
    rank: 6,
  },
  {
    slug: 'sunny-side-cafe',
    name: 'Sunny Side Cafe',
    cuisine: 'Breakfast',
    neighbourhood: 'Noe Valley',
    address: '3901 24th St',
    description: 'All-day breakfast: buttermilk pancakes, benedicts and a serious cold brew.',
    rating: 4.6,
    ratingCount: 857,
    minutes: 30,
    feeCents: 149,
    minOrderCents: 1000,
    priceLevel: 2,
    opens: '07:00',
    closes: '15:00',
    rank: 8,
  },
];

export const CUSTOMER = {
  name: 'Jordan Lee',
  email: 'jordan.lee@example.com',
  phone: '(415) 555-0142',
};

export const ADDRESSES = [
  {
    label: 'Home',
    line1: '1458 Guerrero St',
    line2: 'Apt 3',
    zip: '94110',
    instructions: 'Buzz #3, leave at the door',
  },
  {
    label: 'Office',
    line1: '600 Townsend St',
    line2: 'Floor 4',
    zip: '94103',
    instructions: 'Front desk will sign',
  },
  { label: 'Old apartment', line1: '221 Clement St', line2: '', zip: '94118', instructions: '' },
];

export const CARDS = [
  { brand: 'Visa', last4: '4242', exp: '2028-04', isDefault: 1 },
  { brand: 'Mastercard', last4: '5100', exp: '2027-11', isDefault: 0 },
  { brand: 'Amex', last4: '1005', exp: '2026-09', isDefault: 0 },
];

export const PROMO_CODES = [
  {
    code: 'FEAST30',
    title: '$8 off orders of $30 or more',
    kind: 'amount',
    value: 800,
    min: 3000,
    cuisine: null,
    expires: '2026-12-31T23:59:00.000Z',
  },
  {
    code: 'THAI15',
    title: '15% off Thai restaurants, orders of $20 or more',
    kind: 'percent',
    value: 15,
    min: 2000,
    cuisine: 'Thai',
    expires: '2026-12-15T23:59:00.000Z',
  },
  {
    code: 'FREEDEL',
    title: 'Free delivery on any order',
    kind: 'free_delivery',
    value: 0,
    min: 0,
    cuisine: null,
    expires: '2026-12-31T23:59:00.000Z',
  },
  {
    code: 'PIZZA5',
    title: '$5 off pizza, orders of $25 or more',
    kind: 'amount',
    value: 500,
    min: 2500,
    cuisine: 'Pizza',
    expires: '2026-12-31T23:59:00.000Z',
  },
  {
    code: 'WELCOME10',
    title: '10% off your order',
    kind: 'percent',
    value: 10,
    min: 0,
    cuisine: null,
    expires: '2026-10-31T23:59:00.000Z',
  },
] as const;

/** Favourite restaurants, by id. */
export const FAVOURITES = [3, 4, 6, 11];

export interface FeaturedOrder {
  restaurantId: number;
  placedAt: string;
  addressId: number;
  /** [dish name, quantity, options, instructions?] */
  items: [string, number, string, string?][];
  tipCents: number;
  courier: string;
  rating?: number;
}

/** Past orders by hand (ids 1–8), then the current one (id 9). Generated past orders come later. */
export const FEATURED_ORDERS: FeaturedOrder[] = [
  {
    restaurantId: 4,
    placedAt: '2026-10-02T19:05:00.000Z',
    addressId: 1,
    items: [
      ['California Roll', 2, ''],
      ['Edamame', 1, ''],
    ],
    tipCents: 300,
    courier: 'Rosa',
    rating: 5,
  },
  {
    restaurantId: 1,
    placedAt: '2026-11-13T19:30:00.000Z',
    addressId: 1,
    items: [
      ['Margherita', 1, 'Large 14"'],
      ['Garlic Knots', 1, ''],
    ],
    tipCents: 400,
    courier: 'Andre',
    rating: 4,
  },
  {
    restaurantId: 4,
    placedAt: '2026-10-30T12:40:00.000Z',
    addressId: 2,
    items: [
      ['Chicken Teriyaki', 1, ''],
      ['Miso Soup', 1, ''],
    ],
    tipCents: 250,
    courier: 'Kwame',
  },
  {
    restaurantId: 5,
    placedAt: '2026-11-20T19:12:00.000Z',
    addressId: 1,
    items: [
      ['Pho Tai', 1, ''],
      ['Tofu Summer Rolls', 1, ''],
      ['Vietnamese Iced Coffee', 2, ''],
    ],
    tipCents: 400,
    courier: 'Mei',
    rating: 5,
  },
  {
    restaurantId: 3,
    placedAt: '2026-11-21T18:45:00.000Z',
    addressId: 1,
    items: [
      ['Green Curry', 1, 'Chicken, Medium'],
      ['Thai Iced Tea', 1, ''],
    ],
    tipCents: 300,
    courier: 'Luis',
    rating: 5,
  },
  {
    restaurantId: 4,
    placedAt: '2026-11-24T12:25:00.000Z',
    addressId: 2,
    items: [
      ['Salmon Bento', 1, ''],
      ['Miso Soup', 1, ''],
      ['Spicy Tuna Roll', 1, ''],
    ],
    tipCents: 350,
    courier: 'Fatima',
  },
  {
    restaurantId: 7,
    placedAt: '2026-11-25T13:10:00.000Z',
    addressId: 2,
    items: [['Super Burrito', 1, 'Carne asada, Guacamole']],
    tipCents: 200,
    courier: 'Jonah',
    rating: 4,
  },
  {
    restaurantId: 11,
    placedAt: '2026-11-26T20:05:00.000Z',
    addressId: 1,
    items: [
      ['Classic Cheeseburger', 1, 'Medium'],
      ['Fries', 1, ''],
    ],
    tipCents: 300,
    courier: 'Theo',
  },
];

/** The order on its way when the session starts: placed two minutes before the clock's start. */
export const CURRENT_ORDER: FeaturedOrder = {
  restaurantId: 10,
  placedAt: '2026-11-27T17:38:00.000Z',
  addressId: 1,
  items: [
    ['Kung Pao Chicken', 1, ''],
    ['Steamed Rice', 2, ''],
  ],
  tipCents: 400,
  courier: 'Dana',
};
