import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { cardControls, openNav, signIn } from './steps';

async function setFrozen(page: Page, ctx: SolveContext, last4: string, freeze: boolean): Promise<void> {
  await signIn(page, ctx);
  await openNav(page, 'Cards');
  const widget = cardControls(page, last4);
  await widget.getByRole('button', { name: freeze ? 'Freeze card' : 'Unfreeze card' }).click();
  await widget.locator('.cg-state', { hasText: freeze ? 'Card frozen' : 'Card active' }).waitFor();
}

async function saveControls(
  page: Page,
  last4: string,
  change: { limit?: string; international?: boolean },
): Promise<void> {
  const widget = cardControls(page, last4);
  if (change.limit !== undefined) await widget.getByLabel('Daily spending limit').fill(change.limit);
  if (change.international !== undefined)
    await widget.getByLabel('International purchases').setChecked(change.international);
  await widget.getByRole('button', { name: 'Save controls' }).click();
  await widget.locator('.kit-toast', { hasText: `Controls saved for ••${last4}` }).waitFor();
}

export const cardCases: TestCaseDefinition[] = [
  {
    key: 'freeze-debit-4821',
    name: 'Freeze the card ending 4821',
    prompt: 'I can’t find my card ending in 4821. Freeze it.',
    startUrl: '/cards',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'toggle a control inside an embedded widget',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['iframe_and_shadow_dom', 'forms_and_inputs'],
    },
    expectedMutations: [{ action: 'UPDATE', table_name: 'cards', pk: '1', changes: { status: 'frozen' } }],
    solve: async (page, ctx) => {
      await setFrozen(page, ctx, '4821', true);
      return undefined;
    },
    // 4812, the credit card, reads almost the same.
    wrong: async (page, ctx) => {
      await setFrozen(page, ctx, '4812', true);
      return undefined;
    },
  },
  {
    key: 'lower-debit-limit',
    name: 'Lower the debit card’s daily limit',
    prompt: 'Lower the daily spending limit of the debit card I use now to $600.',
    startUrl: '/cards',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'edit a setting inside an embedded widget',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['iframe_and_shadow_dom', 'forms_and_inputs'],
    },
    expectedMutations: [{ action: 'UPDATE', table_name: 'cards', pk: '1', changes: { daily_limit: 60_000 } }],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await openNav(page, 'Cards');
      await saveControls(page, '4821', { limit: '600' });
      return undefined;
    },
    // The replaced debit card, frozen and expired, still listed.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await openNav(page, 'Cards');
      await saveControls(page, '1284', { limit: '600' });
      return undefined;
    },
  },
  {
    key: 'virtual-card-domestic-only',
    name: 'Ready the virtual card for a US purchase',
    prompt:
      'I want to buy something from a US web shop with my virtual card. Unfreeze it, and turn off international purchases on it while you are there.',
    startUrl: '/cards',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'change two settings of one card in a widget',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['iframe_and_shadow_dom', 'forms_and_inputs', 'feedback_and_overlays'],
    },
    expectedMutations: [
      {
        action: 'UPDATE',
        table_name: 'cards',
        pk: '3',
        changes: { status: 'active', international_enabled: 0 },
      },
    ],
    solve: async (page, ctx) => {
      await setFrozen(page, ctx, '9047', false);
      await saveControls(page, '9047', { international: false });
      return undefined;
    },
    // Only half of it: unfrozen, still open to international purchases.
    wrong: async (page, ctx) => {
      await setFrozen(page, ctx, '9047', false);
      return undefined;
    },
  },
];
