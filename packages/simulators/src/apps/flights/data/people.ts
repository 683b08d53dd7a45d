/** The signed-in traveller, their saved passengers and cards. */
export const ACCOUNT = {
  name: 'Jordan Avery',
  email: 'jordan.avery@example.com',
  password: 'skyway-fly-26',
  phone: '+1 617 555 0142',
  tier: 'Silver',
  member_number: 'SW 4821 7730',
  base_points: 4_120,
};

export interface SavedPassenger {
  first_name: string;
  last_name: string;
  birth_date: string;
  gender: 'female' | 'male' | 'unspecified';
  passport_number: string | null;
  passport_country: string | null;
  passport_expiry: string | null;
  known_traveler: string | null;
  is_self: boolean;
}

/** Ids 1–5 in this order. Priya's passport runs out in May 2026: too soon for travel abroad after April. */
export const SAVED_PASSENGERS: SavedPassenger[] = [
  {
    first_name: 'Jordan',
    last_name: 'Avery',
    birth_date: '1988-09-14',
    gender: 'unspecified',
    passport_number: 'X48213377',
    passport_country: 'US',
    passport_expiry: '2031-02-28',
    known_traveler: 'TT4821773',
    is_self: true,
  },
  {
    first_name: 'Sam',
    last_name: 'Avery',
    birth_date: '1987-03-02',
    gender: 'female',
    passport_number: 'X51930264',
    passport_country: 'US',
    passport_expiry: '2029-08-19',
    known_traveler: null,
    is_self: false,
  },
  {
    first_name: 'Mia',
    last_name: 'Avery',
    birth_date: '2016-06-21',
    gender: 'female',
    passport_number: 'X60418852',
    passport_country: 'US',
    passport_expiry: '2027-01-10',
    known_traveler: null,
    is_self: false,
  },
  {
    first_name: 'Theo',
    last_name: 'Avery',
    birth_date: '2019-11-05',
    gender: 'male',
    passport_number: null,
    passport_country: null,
    passport_expiry: null,
    known_traveler: null,
    is_self: false,
  },
  {
    first_name: 'Priya',
    last_name: 'Nair',
    birth_date: '1990-01-27',
    gender: 'female',
    passport_number: 'K7720915',
    passport_country: 'US',
    passport_expiry: '2026-05-15',
    known_traveler: null,
    is_self: false,
  },
];

export const CARDS = [
  { id: 1, brand: 'Visa', last4: '4242', holder: 'Jordan Avery', expires: '2028-09', is_default: 1 },
  { id: 2, brand: 'Mastercard', last4: '5100', holder: 'Jordan Avery', expires: '2026-02', is_default: 0 },
  { id: 3, brand: 'Amex', last4: '1005', holder: 'Jordan Avery', expires: '2027-11', is_default: 0 },
];

export const PASSENGER_FIRST_NAMES = ['Alex', 'Morgan', 'Casey', 'Riley', 'Jamie', 'Taylor', 'Drew', 'Quinn'];
