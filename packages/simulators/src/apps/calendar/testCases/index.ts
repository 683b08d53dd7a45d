import type { TestCaseDefinition } from '../../../kit';
import { availabilityTestCases } from './availability';
import { bookingTestCases } from './booking';
import { eventTestCases } from './events';
import { invitationTestCases } from './invitations';
import { lookupTestCases } from './lookups';
import { schedulingTestCases } from './scheduling';

export const testCases: TestCaseDefinition[] = [
  ...invitationTestCases,
  ...eventTestCases,
  ...schedulingTestCases,
  ...bookingTestCases,
  ...availabilityTestCases,
  ...lookupTestCases,
];
