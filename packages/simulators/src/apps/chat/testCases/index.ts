import type { TestCaseDefinition } from '../../../kit';
import { findingCases } from './finding';
import { messagingCases } from './messaging';
import { organizingCases } from './organizing';

/** Hubbub's 22 built-in test cases, by area. */
export const chatTestCases: TestCaseDefinition[] = [...messagingCases, ...organizingCases, ...findingCases];
