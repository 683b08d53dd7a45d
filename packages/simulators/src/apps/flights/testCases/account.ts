import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { dollars, openSection, signIn } from './steps';

/** The account: saved travellers (a modal form with validation), points, credits and the fare rules card. */

async function openTravellers(page: Page, ctx: SolveContext) {
  await signIn(page, ctx);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('link', { name: 'Saved travellers' }).click();
  await page.getByRole('heading', { level: 1, name: 'Saved travellers' }).waitFor();
}

async function addNoah(page: Page, ctx: SolveContext, dropPassport: boolean) {
  await openTravellers(page, ctx);
  await page.getByRole('button', { name: 'Add traveller' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a traveller' });
  await dialog.getByLabel('First name').fill('Noah');
  await dialog.getByLabel('Last name').fill('Bennett');
  await dialog.getByLabel('Date of birth').fill('1992-07-30');
  await dialog.getByLabel('Gender').selectOption({ label: 'Male' });
  await dialog.getByLabel('Passport number').fill('548203917');
  await dialog.getByLabel('Issuing country').selectOption({ label: 'United States' });
  await dialog.getByLabel('Passport expiry').fill('2026-09-01');
  await dialog.getByRole('button', { name: 'Save traveller' }).click();
  const reopened = page.getByRole('dialog', { name: 'Add a traveller' });
  await reopened.getByText(/expires within six months/).waitFor();
  if (!dropPassport) {
    // Gives up on the traveller once the passport is refused.
    await reopened.getByRole('button', { name: 'Cancel' }).click();
    return undefined;
  }
  await reopened.getByLabel('Passport number').fill('');
  await reopened.getByLabel('Issuing country').selectOption({ label: '—' });
  await reopened.getByLabel('Passport expiry').fill('');
  await reopened.getByRole('button', { name: 'Save traveller' }).click();
  await page.getByText('Noah Bennett saved').waitFor();
  return undefined;
}

async function priyaPassport(page: Page, ctx: SolveContext, edit: boolean) {
  await openTravellers(page, ctx);
  if (edit) {
    await page.getByRole('link', { name: 'Priya Nair' }).click();
    await page.getByRole('heading', { level: 1, name: 'Priya Nair' }).waitFor();
  } else {
    // Adds her a second time instead of updating her profile.
    await page.getByRole('button', { name: 'Add traveller' }).click();
  }
  const scope = edit ? page.locator('main') : page.getByRole('dialog', { name: 'Add a traveller' });
  if (!edit) {
    await scope.getByLabel('First name').fill('Priya');
    await scope.getByLabel('Last name').fill('Nair');
    await scope.getByLabel('Date of birth').fill('1990-01-27');
    await scope.getByLabel('Issuing country').selectOption({ label: 'United States' });
  }
  await scope.getByLabel('Passport number').fill('K9184420');
  await scope.getByLabel('Passport expiry').fill('2036-03-01');
  await scope.getByRole('button', { name: edit ? 'Save changes' : 'Save traveller' }).click();
  await page.getByText(edit ? 'Priya Nair updated' : 'Priya Nair saved').waitFor();
  return undefined;
}

export const accountCases: TestCaseDefinition[] = [
  {
    key: 'update-priya-passport',
    name: 'Update a renewed passport',
    prompt:
      'Priya Nair renewed her passport: the new number is K9184420 and it expires on March 1, 2036. Update her saved traveller profile.',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'edit a record',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'navigation_and_structure', 'feedback_and_overlays'],
    },
    expectedMutations: [
      {
        action: 'UPDATE',
        table_name: 'passengers',
        pk: '5',
        changes: { passport_number: 'K9184420', passport_expiry: '2036-03-01' },
      },
    ],
    solve: (page, ctx) => priyaPassport(page, ctx, true),
    wrong: (page, ctx) => priyaPassport(page, ctx, false),
  },
  {
    key: 'add-traveller-without-short-passport',
    name: 'Save a traveller whose passport is refused',
    prompt:
      "Add my colleague Noah Bennett (male, born July 30, 1992) to my saved travellers, with his US passport 548203917 expiring September 1, 2026. If Skyway won't accept that passport, save him without any passport details.",
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'create a record through a validation error',
      reasoning_level: 'level_4',
      skills: ['reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: ['error_state_handling', 'feedback_and_overlays', 'forms_and_inputs'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'passengers',
        changes: {
          first_name: 'Noah',
          last_name: 'Bennett',
          birth_date: '1992-07-30',
          gender: 'male',
          passport_number: null,
          passport_country: null,
          passport_expiry: null,
          is_self: 0,
        },
      },
    ],
    solve: (page, ctx) => addNoah(page, ctx, true),
    wrong: (page, ctx) => addNoah(page, ctx, false),
  },
  {
    key: 'rewards-points-balance',
    name: 'Rewards points balance',
    prompt: 'How many Skyway Rewards points do I have? Answer as {"points": <number>}.',
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'read a value',
      reasoning_level: 'level_1',
      skills: ['extract_and_understand'],
      capabilities: ['navigation_and_structure', 'auth_and_bot_protection'],
    },
    expectedOutput: { points: 62441 },
    outputSchema: {
      type: 'object',
      properties: { points: { type: 'integer' } },
      required: ['points'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await openSection(page, 'Account');
      return { points: dollars(await page.locator('.points-balance').textContent()) };
    },
    // Reads the points still needed for Gold.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await openSection(page, 'Account');
      const text = (await page.getByText(/points to Gold/).textContent()) ?? '';
      return { points: dollars(/([\d,]+) points to Gold/.exec(text)?.[1] ?? '0') };
    },
  },
  {
    key: 'travel-credit-on-file',
    name: 'The travel credit on file',
    prompt:
      'How much Skyway travel credit do I have, and from which trip? Answer as {"amount": <dollars>, "trip": "<confirmation code>"}.',
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'read a table',
      reasoning_level: 'level_1',
      skills: ['extract_and_understand'],
      capabilities: ['data_displays', 'navigation_and_structure'],
    },
    expectedOutput: { amount: 258, trip: 'C4X1HB' },
    outputSchema: {
      type: 'object',
      properties: { amount: { type: 'number' }, trip: { type: 'string' } },
      required: ['amount', 'trip'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await openSection(page, 'Account');
      const row = page.getByRole('region', { name: 'Travel credits' }).locator('tbody tr').first();
      const cells = await row.locator('td').allTextContents();
      return { amount: dollars(cells[1] ?? ''), trip: (cells[0] ?? '').trim() };
    },
    // Answers with what the cancelled trip cost, not the credit it left.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await openSection(page, 'My trips');
      await page.getByRole('navigation', { name: 'Trips' }).getByRole('link', { name: 'Cancelled' }).click();
      await page.waitForURL(/tab=cancelled/);
      await page.getByRole('article', { name: 'C4X1HB' }).getByRole('link').click();
      return { amount: dollars(await page.locator('.total-paid').textContent()), trip: 'C4X1HB' };
    },
  },
  {
    key: 'fare-rules-comfort-bags-basic-changes',
    name: 'Read the fare rules',
    prompt:
      'Using Skyway\'s fare comparison, how many checked bags are included with a Comfort fare, and can a Basic fare be changed after booking? Answer as {"comfort_bags": <number>, "basic_changeable": <true|false>}.',
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'read a widget',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand'],
      capabilities: ['iframe_and_shadow_dom', 'data_displays'],
    },
    expectedOutput: { comfort_bags: 1, basic_changeable: false },
    outputSchema: {
      type: 'object',
      properties: { comfort_bags: { type: 'integer' }, basic_changeable: { type: 'boolean' } },
      required: ['comfort_bags', 'basic_changeable'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => fareRules(page, ctx, 3),
    // Reads the First column for the bags.
    wrong: async (page, ctx) => fareRules(page, ctx, 4),
  },
];

async function fareRules(page: Page, ctx: SolveContext, column: number) {
  await signIn(page, ctx);
  await openSection(page, 'My trips');
  await page.locator('.trip-card').first().getByRole('link').click();
  const table = page.getByRole('table', { name: 'Fare rules' });
  const bags =
    (await table
      .locator('tr[data-rule="Checked bags"] td')
      .nth(column - 1)
      .textContent()) ?? '';
  const changes = (await table.locator('tr[data-rule="Changes"] td').nth(0).textContent()) ?? '';
  return {
    comfort_bags: Number(/(\d+) included/.exec(bags)?.[1] ?? 0),
    basic_changeable: !changes.includes('No changes'),
  };
}
