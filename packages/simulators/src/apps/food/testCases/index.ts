import type { TestCaseDefinition } from '../../../kit';
import { accountCases } from './account';
import { browsingCases } from './browsing';
import { orderingCases } from './ordering';
import { orderCases } from './orders';

/** Forkful's 22 built-in test cases, by area. */
export const foodTestCases: TestCaseDefinition[] = [
  ...browsingCases,
  ...orderingCases,
  ...orderCases,
  ...accountCases,
];
