import type { TestCaseDefinition } from '../../../kit';
import { composeTestCases } from './compose';
import { invoiceTestCases } from './invoices';
import { mailboxTestCases } from './mailbox';
import { organizeTestCases } from './organize';
import { peopleTestCases } from './people';

export const mailTestCases: TestCaseDefinition[] = [
  ...mailboxTestCases,
  ...organizeTestCases,
  ...peopleTestCases,
  ...composeTestCases,
  ...invoiceTestCases,
];
