import type { FareCode } from './fares';

/** The traveller's trips, placed on flights of the schedule: [from, to, day, n-th flight of that day]. */
export interface SeedTrip {
  code: string;
  fare: FareCode;
  status: 'confirmed' | 'cancelled';
  bookedDaysAgo: number;
  legs: { direction: 'outbound' | 'return'; flights: [string, string, string, number][] }[];
  passengers: { saved: number; bags: number; checkedIn?: boolean }[];
  /** Seats were assigned (at check-in) even on a Basic fare. */
  seated?: boolean;
}

/** Bookings 1–9 in this order. */
export const TRIPS: SeedTrip[] = [
  {
    // Tomorrow morning: check-in is open.
    code: 'K7P2QX',
    fare: 'main',
    status: 'confirmed',
    bookedDaysAgo: 21,
    legs: [{ direction: 'outbound', flights: [['BOS', 'ORD', '2026-04-07', 0]] }],
    passengers: [{ saved: 1, bags: 1 }],
  },
  {
    code: 'H4M9TD',
    fare: 'comfort',
    status: 'confirmed',
    bookedDaysAgo: 12,
    legs: [{ direction: 'outbound', flights: [['SFO', 'SEA', '2026-04-24', 1]] }],
    passengers: [{ saved: 1, bags: 1 }],
  },
  {
    code: 'B2W8LN',
    fare: 'basic',
    status: 'confirmed',
    bookedDaysAgo: 30,
    legs: [
      { direction: 'outbound', flights: [['DEN', 'LAS', '2026-05-01', 1]] },
      { direction: 'return', flights: [['LAS', 'DEN', '2026-05-04', 1]] },
    ],
    passengers: [
      { saved: 1, bags: 0 },
      { saved: 2, bags: 0 },
    ],
  },
  {
    code: 'R6C3JV',
    fare: 'main',
    status: 'confirmed',
    bookedDaysAgo: 9,
    legs: [{ direction: 'outbound', flights: [['ORD', 'MIA', '2026-04-18', 0]] }],
    passengers: [
      { saved: 1, bags: 1 },
      { saved: 2, bags: 1 },
    ],
  },
  {
    code: 'Q9F5ZA',
    fare: 'main',
    status: 'confirmed',
    bookedDaysAgo: 40,
    legs: [
      { direction: 'outbound', flights: [['JFK', 'LHR', '2026-05-20', 0]] },
      { direction: 'return', flights: [['LHR', 'JFK', '2026-05-27', 0]] },
    ],
    passengers: [
      { saved: 1, bags: 1 },
      { saved: 2, bags: 1 },
    ],
  },
  {
    code: 'T3N7UE',
    fare: 'first',
    status: 'confirmed',
    bookedDaysAgo: 5,
    legs: [{ direction: 'outbound', flights: [['JFK', 'LAX', '2026-04-11', 0]] }],
    passengers: [{ saved: 1, bags: 2 }],
  },
  {
    code: 'P8D2KM',
    fare: 'main',
    status: 'confirmed',
    bookedDaysAgo: 45,
    legs: [
      { direction: 'outbound', flights: [['BOS', 'MCO', '2026-03-31', 0]] },
      { direction: 'return', flights: [['MCO', 'BOS', '2026-04-03', 1]] },
    ],
    passengers: [{ saved: 1, bags: 0, checkedIn: true }],
  },
  {
    code: 'C4X1HB',
    fare: 'basic',
    status: 'cancelled',
    bookedDaysAgo: 50,
    legs: [{ direction: 'outbound', flights: [['BOS', 'FLL', '2026-04-02', 0]] }],
    passengers: [{ saved: 1, bags: 0 }],
  },
  {
    code: 'W1G6PS',
    fare: 'comfort',
    status: 'confirmed',
    bookedDaysAgo: 60,
    legs: [{ direction: 'outbound', flights: [['EWR', 'MCO', '2026-03-30', 0]] }],
    passengers: [
      { saved: 1, bags: 1, checkedIn: true },
      { saved: 3, bags: 0, checkedIn: true },
    ],
  },
];
