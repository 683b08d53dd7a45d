import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { signIn } from './steps';

async function setHours(page: Page, ctx: SolveContext, fridayField: 'Friday end' | 'Friday start') {
  await signIn(page, ctx);
  await page.getByRole('link', { name: 'Availability', exact: true }).click();
  await page.getByLabel('Monday start').fill('10:00');
  await page.getByLabel(fridayField).fill('13:00');
  await page.getByRole('button', { name: 'Save availability' }).click();
  await page.locator('.kit-toast-success').waitFor();
  return undefined;
}

export const availabilityTestCases: TestCaseDefinition[] = [
  {
    key: 'shorter-monday-and-friday',
    name: 'Change working hours',
    prompt: 'From now on I start at 10 AM on Mondays and finish at 1 PM on Fridays. Update my working hours.',
    startUrl: '/settings/availability',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'update settings',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'auth_and_bot_protection'],
    },
    expectedMutations: [
      { action: 'UPDATE', table_name: 'working_hours', pk: '[1,1]', changes: { start_time: '10:00' } },
      { action: 'UPDATE', table_name: 'working_hours', pk: '[1,5]', changes: { end_time: '13:00' } },
    ],
    solve: (page, ctx) => setHours(page, ctx, 'Friday end'),
    // Moves Friday's start instead of its end.
    wrong: (page, ctx) => setHours(page, ctx, 'Friday start'),
  },
];
