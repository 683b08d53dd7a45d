import type { TestCaseDefinition } from '../../../kit';
import { bookingCases } from './booking';
import { listingCases } from './listings';
import { searchingCases } from './searching';
import { tripCases } from './trips';

/** Roamly's 22 built-in test cases, by area. */
export const staysTestCases: TestCaseDefinition[] = [
  ...searchingCases,
  ...listingCases,
  ...bookingCases,
  ...tripCases,
];
