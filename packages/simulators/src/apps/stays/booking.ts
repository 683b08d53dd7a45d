import type { SqliteDatabase } from '../../kit';
import { daysBetween } from './pricing';
import { type Guests, isAvailable, type Listing, type Stay } from './queries';

/** Why this listing cannot be booked for these dates and guests, in the words the booking widget shows; null if it can. */
export function stayProblem(db: SqliteDatabase, listing: Listing, stay: Stay, guests: Guests): string | null {
  const nights = daysBetween(stay.checkIn, stay.checkOut);
  if (nights < listing.min_nights) return `This place has a minimum stay of ${listing.min_nights} nights.`;
  if (guests.adults + guests.children > listing.max_guests)
    return `This place fits up to ${listing.max_guests} guests, not counting infants.`;
  if (!isAvailable(db, listing.id, stay.checkIn, stay.checkOut))
    return 'Those dates are not available. Try other dates.';
  return null;
}
