import { fixtureSimulator } from '../fixture/index';
import { describeTestCases } from '../support/testCaseSuite';

describeTestCases(fixtureSimulator);
