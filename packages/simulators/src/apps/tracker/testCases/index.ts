import type { TestCaseDefinition } from '../../../kit';
import { boardAndViewCases } from './boardAndViews';
import { issueEditingCases } from './issueEditing';
import { policyCases } from './policies';
import { reportCases } from './reports';

/** Linework's 18 built-in test cases, by area. */
export const trackerTestCases: TestCaseDefinition[] = [
  ...issueEditingCases,
  ...boardAndViewCases,
  ...reportCases,
  ...policyCases,
];
