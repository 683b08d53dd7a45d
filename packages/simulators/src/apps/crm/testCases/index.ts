import type { TestCaseDefinition } from '../../../kit';
import { insightCases } from './insights';
import { pipelineCases } from './pipeline';
import { recordCases } from './records';

/** Dealflow's 22 built-in test cases, by area. */
export const crmTestCases: TestCaseDefinition[] = [...pipelineCases, ...recordCases, ...insightCases];
