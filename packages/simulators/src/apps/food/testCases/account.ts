import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { openSection, signIn, toast } from './steps';

/** Account tasks: a new address confirmed by a texted code, removing an address. */

async function addGym(page: Page, ctx: SolveContext, verify: boolean) {
  await signIn(page, ctx);
  await openSection(page, 'Account');
  await page.getByRole('link', { name: '+ Add a new address' }).click();
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByLabel('Label').fill('Gym');
  await form.getByLabel('Street address').fill('2100 Market St');
  await form.getByLabel('ZIP code').fill('94114');
  await form.getByRole('button', { name: 'Save and send code' }).click();
  await page.getByRole('heading', { level: 1, name: "Confirm it's you" }).waitFor();
  if (!verify) return undefined;
  // The code arrives by text a moment later.
  const sms = page.getByRole('status', { name: 'Text message' });
  await sms.waitFor({ timeout: 15_000 });
  const code = /(\d{6})/.exec((await sms.textContent()) ?? '')?.[1] ?? '';
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await toast(page, 'Gym is verified');
  return undefined;
}

async function removeAddress(page: Page, ctx: SolveContext, label: string) {
  await signIn(page, ctx);
  await openSection(page, 'Account');
  await page.getByRole('button', { name: `Remove ${label}` }).click();
  await page.locator('dialog.kit-confirm').getByRole('button', { name: 'Remove' }).click();
  await toast(page, `Removed ${label}`);
  return undefined;
}

export const accountCases: TestCaseDefinition[] = [
  {
    key: 'add-verified-gym-address',
    name: 'A verified address for the gym',
    prompt:
      'Add a new delivery address labelled "Gym": 2100 Market St, San Francisco, ZIP 94114. Complete the verification so it can be used for deliveries.',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'add and verify an address',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input'],
      capabilities: ['auth_and_bot_protection', 'forms_and_inputs', 'feedback_and_overlays'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'addresses',
        changes: { label: 'Gym', line1: '2100 Market St', line2: '', zip: '94114', verified: 1, archived: 0 },
      },
    ],
    solve: (page, ctx) => addGym(page, ctx, true),
    // The mistake: saves the address and stops at the code.
    wrong: (page, ctx) => addGym(page, ctx, false),
  },
  {
    key: 'remove-old-apartment',
    name: 'Forget the old apartment',
    prompt: 'Remove my "Old apartment" address from my saved addresses.',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'remove a saved address',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['navigation_and_structure', 'feedback_and_overlays'],
    },
    expectedMutations: [{ action: 'UPDATE', table_name: 'addresses', pk: '3', changes: { archived: 1 } }],
    solve: (page, ctx) => removeAddress(page, ctx, 'Old apartment'),
    wrong: (page, ctx) => removeAddress(page, ctx, 'Office'),
  },
];
