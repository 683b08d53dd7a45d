import type { TestCaseDefinition } from '../../../kit';
import { accountCases } from './account';
import { bookingCases } from './booking';
import { searchingCases } from './searching';
import { tripCases } from './trips';

/** Skyway's 22 built-in test cases, by area. */
export const flightsTestCases: TestCaseDefinition[] = [
  ...searchingCases,
  ...bookingCases,
  ...tripCases,
  ...accountCases,
];
