/** Skyway's four fare classes and their rules, the same on every airline it sells. */
export type FareCode = 'basic' | 'main' | 'comfort' | 'first';

export interface FareClass {
  code: FareCode;
  name: string;
  rank: number;
  multiplier: number;
  changeable: boolean;
  refundable: boolean;
  /** Kept from the travel credit when a non-refundable trip is cancelled. */
  cancel_fee_cents: number;
  bags_included: number;
  seat_selection: 'none' | 'standard' | 'legroom' | 'first';
  points_per_dollar: number;
}

export const FARE_CLASSES: FareClass[] = [
  {
    code: 'basic',
    name: 'Basic',
    rank: 1,
    multiplier: 1,
    changeable: false,
    refundable: false,
    cancel_fee_cents: 9900,
    bags_included: 0,
    seat_selection: 'none',
    points_per_dollar: 2,
  },
  {
    code: 'main',
    name: 'Main',
    rank: 2,
    multiplier: 1.3,
    changeable: true,
    refundable: false,
    cancel_fee_cents: 0,
    bags_included: 0,
    seat_selection: 'standard',
    points_per_dollar: 5,
  },
  {
    code: 'comfort',
    name: 'Comfort',
    rank: 3,
    multiplier: 1.75,
    changeable: true,
    refundable: true,
    cancel_fee_cents: 0,
    bags_included: 1,
    seat_selection: 'legroom',
    points_per_dollar: 7,
  },
  {
    code: 'first',
    name: 'First',
    rank: 4,
    multiplier: 3,
    changeable: true,
    refundable: true,
    cancel_fee_cents: 0,
    bags_included: 2,
    seat_selection: 'first',
    points_per_dollar: 10,
  },
];

export const FARE_CODES: FareCode[] = ['basic', 'main', 'comfort', 'first'];

export function fareClass(code: string): FareClass {
  return FARE_CLASSES.find((f) => f.code === code) ?? (FARE_CLASSES[1] as FareClass);
}

/** Checked bag prices per bag per direction, beyond the fare's included bags: first, second, third. */
export const BAG_PRICES_CENTS = [3500, 4500, 15000];
export const MAX_BAGS = 3;

/** Seat fees on a Main fare (Comfort seats them free, First sits in First). */
export const LEGROOM_SEAT_CENTS = 3900;
export const EXIT_SEAT_CENTS = 2900;
/** Exit rows are for travellers at least this old on the day of the flight. */
export const EXIT_ROW_MIN_AGE = 15;
