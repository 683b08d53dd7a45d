import type { CrossAppTestCaseDefinition } from '../testing/crossAppTestCase';
import { chatToTrackerTestCases } from './chatToTracker';
import { crmToMailTestCases } from './crmToMail';
import { flightsToCalendarTestCases } from './flightsToCalendar';
import { mailToCalendarTestCases } from './mailToCalendar';
import { shopToBankTestCases } from './shopToBank';
import { staysToMailTestCases } from './staysToMail';

/**
 * The built-in test cases across apps (issue 30), one file per pair of simulators, primary first
 * (`mailToCalendar.ts`: they start in mail and change the calendar). A new pair is a file here and one line below;
 * the server registers them under their primary simulator, in the "Proctor Cross-App" dataset.
 */
export const builtInCrossAppTestCases: readonly CrossAppTestCaseDefinition[] = [
  ...mailToCalendarTestCases,
  ...chatToTrackerTestCases,
  ...crmToMailTestCases,
  ...shopToBankTestCases,
  ...flightsToCalendarTestCases,
  ...staysToMailTestCases,
];
