import type { TestCaseDefinition } from '../../../kit';
import { activityCases } from './activity';
import { cardCases } from './cards';
import { documentCases } from './documents';
import { moneyCases } from './money';

/** Larkspur Bank's 22 built-in test cases, by area. */
export const bankTestCases: TestCaseDefinition[] = [
  ...moneyCases,
  ...activityCases,
  ...cardCases,
  ...documentCases,
];
