import type { TestCaseDefinition } from '../../../kit';
import { accountTestCases } from './account';
import { orderTestCases } from './orders';
import { shoppingTestCases } from './shopping';

export const shopTestCases: TestCaseDefinition[] = [
  ...shoppingTestCases,
  ...orderTestCases,
  ...accountTestCases,
];
