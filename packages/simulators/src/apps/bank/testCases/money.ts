import type { Page } from 'playwright-core';
import type { ExpectedMutation, TestCaseDefinition } from '../../../kit';
import { accountById, availableOf, NEW_PAYEE } from '../data/scenario';
import { choose, sendMoney, signIn, toast } from './steps';

/** What a confirmed transfer writes: the transfer, both ledgers and the activity lines. */
function transferMutations(
  from: number,
  to: { account?: number; payee?: number },
  cents: number,
): ExpectedMutation[] {
  const out: ExpectedMutation[] = [
    {
      action: 'INSERT',
      table_name: 'transfers',
      changes: {
        from_account_id: from,
        to_account_id: to.account ?? null,
        payee_id: to.payee ?? null,
        amount: cents,
        status: 'completed',
      },
    },
  ];
  const source = accountById(from);
  out.push({
    action: 'UPDATE',
    table_name: 'accounts',
    pk: String(from),
    changes: { balance: source.balance - cents, available: availableOf(source) - cents },
  });
  out.push({
    action: 'INSERT',
    table_name: 'transactions',
    changes: { account_id: from, amount: -cents, status: 'posted' },
  });
  if (to.account) {
    const target = accountById(to.account);
    out.push({
      action: 'UPDATE',
      table_name: 'accounts',
      pk: String(to.account),
      changes: { balance: target.balance + cents, available: availableOf(target) + cents },
    });
    out.push({
      action: 'INSERT',
      table_name: 'transactions',
      changes: { account_id: to.account, amount: cents, status: 'posted' },
    });
  }
  return out;
}

/** Savings available is the balance less the mobile deposit hold: keep $10,000 of it, in whole hundreds. */
const CUSHION_MOVE = Math.floor((availableOf(accountById(2)) - 1_000_000) / 10_000) * 10_000;
const CUSHION_MOVE_FROM_BALANCE = Math.floor((accountById(2).balance - 1_000_000) / 10_000) * 10_000;

export const moneyCases: TestCaseDefinition[] = [
  {
    key: 'transfer-savings-to-checking',
    name: 'Move $1,250 from savings to checking',
    prompt: 'Move $1,250 from my High-Yield Savings account to Everyday Checking.',
    startUrl: '/accounts',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'transfer money with a one-time code',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'auth_and_bot_protection', 'feedback_and_overlays'],
    },
    expectedMutations: transferMutations(2, { account: 1 }, 125_000),
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await sendMoney(page, 'High-Yield Savings', 'Everyday Checking', '1250.00');
      return undefined;
    },
    // The transfer the wrong way round.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await sendMoney(page, 'Everyday Checking', 'High-Yield Savings', '1250.00');
      return undefined;
    },
  },
  {
    key: 'pay-apartment-electricity',
    name: 'Pay the apartment’s electricity bill',
    prompt:
      'Pay this month’s electricity bill for my apartment, $142.37, from Everyday Checking to the payee I use for it. The cabin is on a different utility; don’t pay that one.',
    startUrl: '/payees',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'pay the right one of two similar payees',
      reasoning_level: 'level_4',
      skills: ['reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: ['forms_and_inputs', 'auth_and_bot_protection', 'search_and_extract'],
    },
    expectedMutations: transferMutations(1, { payee: 2 }, 14_237),
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await sendMoney(page, 'Everyday Checking', 'Riverside Electric (Apartment power)', '142.37');
      return undefined;
    },
    // The co-op has the longer, more "official" name, but it powers the cabin.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await sendMoney(page, 'Everyday Checking', 'Riverside Electric Co-op', '142.37');
      return undefined;
    },
  },
  {
    key: 'keep-savings-cushion',
    name: 'Sweep savings above a $10,000 cushion',
    prompt:
      'Move money from High-Yield Savings to Everyday Checking: as much as possible in whole hundreds of dollars, while leaving at least $10,000 of available balance in savings.',
    startUrl: '/accounts',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'compute an amount from the available balance, then transfer it',
      reasoning_level: 'level_5',
      skills: ['reasoning_and_control_flow', 'extract_and_understand', 'navigation_and_input'],
      capabilities: ['data_displays', 'auth_and_bot_protection', 'forms_and_inputs'],
    },
    expectedMutations: transferMutations(2, { account: 1 }, CUSHION_MOVE),
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      const card = page.getByRole('region', { name: 'High-Yield Savings' });
      const text =
        (await card
          .locator('dt', { hasText: 'Available balance' })
          .locator('xpath=following-sibling::dd')
          .textContent()) ?? '';
      const available = Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
      const move = Math.floor((available - 1_000_000) / 10_000) * 100;
      await sendMoney(page, 'High-Yield Savings', 'Everyday Checking', `${move}.00`);
      return undefined;
    },
    // Computes from the current balance, ignoring the deposit on hold.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await sendMoney(
        page,
        'High-Yield Savings',
        'Everyday Checking',
        `${CUSHION_MOVE_FROM_BALANCE / 100}.00`,
      );
      return undefined;
    },
  },
  {
    key: 'add-greenway-payee',
    name: 'Add the new landlord as a payee',
    prompt: `Add ${NEW_PAYEE.name} (a company, bank: Chase) as a payee, account number ${NEW_PAYEE.account}. Their invoice lists two routing numbers, 121000385 and ${NEW_PAYEE.routing}; one of them has a typo, use the one the bank accepts.`,
    startUrl: '/payees',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'create a record through a validated modal form',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input', 'reasoning_and_control_flow'],
      capabilities: ['forms_and_inputs', 'error_state_handling', 'feedback_and_overlays'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'payees',
        changes: {
          name: NEW_PAYEE.name,
          kind: 'business',
          bank_name: 'Chase',
          routing: NEW_PAYEE.routing,
          account_number: NEW_PAYEE.account,
        },
      },
    ],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      for (const routing of ['121000385', NEW_PAYEE.routing]) {
        if (!(await page.getByRole('dialog').isVisible()))
          await page.getByRole('button', { name: 'Add payee' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Payee name').fill(NEW_PAYEE.name);
        await dialog.getByLabel('Bank name').fill('Chase');
        await dialog.getByLabel('Routing number').fill(routing);
        await dialog.getByLabel('Account number', { exact: true }).fill(NEW_PAYEE.account);
        await dialog.getByLabel('Confirm account number').fill(NEW_PAYEE.account);
        await dialog.getByRole('button', { name: 'Save payee' }).click();
        const outcome = await Promise.race([
          page
            .locator('.kit-toast', { hasText: 'added to your payees' })
            .waitFor()
            .then(() => 'saved'),
          page
            .getByRole('dialog')
            .getByText('routing number isn’t valid')
            .waitFor()
            .then(() => 'refused'),
        ]);
        if (outcome === 'saved') return undefined;
      }
      throw new Error('neither routing number was accepted');
    },
    // Stops at the first routing number: the bank refuses it and nothing is saved.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await page.getByRole('button', { name: 'Add payee' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Payee name').fill(NEW_PAYEE.name);
      await dialog.getByLabel('Bank name').fill('Chase');
      await dialog.getByLabel('Routing number').fill('121000385');
      await dialog.getByLabel('Account number', { exact: true }).fill(NEW_PAYEE.account);
      await dialog.getByLabel('Confirm account number').fill(NEW_PAYEE.account);
      await dialog.getByRole('button', { name: 'Save payee' }).click();
      await page.getByRole('dialog').getByText('routing number isn’t valid').waitFor();
      return undefined;
    },
  },
  {
    key: 'schedule-vacation-savings',
    name: 'Schedule a monthly vacation transfer',
    prompt:
      'Set up a monthly transfer of $250 from Everyday Checking to my Vacation Fund, starting May 1, 2026, with the memo "Summer trip".',
    startUrl: '/accounts',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'schedule a recurring payment with a date picker',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'navigation_and_structure'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'scheduled_payments',
        changes: {
          from_account_id: 1,
          to_account_id: 4,
          payee_id: null,
          amount: 25_000,
          frequency: 'monthly',
          next_date: '2026-05-01',
          memo: 'Summer trip',
          status: 'active',
        },
      },
    ],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await schedule(page, 'Every month');
      return undefined;
    },
    // Leaves the frequency on "Once".
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await schedule(page, 'Once');
      return undefined;
    },
  },
  {
    key: 'cancel-weekly-childcare',
    name: 'Cancel the weekly daycare payment',
    prompt:
      'Leo is starting school, so cancel the weekly daycare tuition payment. Keep the monthly activity fee.',
    startUrl: '/scheduled',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'cancel the right recurring payment through a confirmation',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['feedback_and_overlays', 'data_displays'],
    },
    expectedMutations: [
      { action: 'UPDATE', table_name: 'scheduled_payments', pk: '2', changes: { status: 'cancelled' } },
    ],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await cancelSchedule(page, 'Cancel $310.00 payment to Sunny Days Childcare');
      return undefined;
    },
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await cancelSchedule(page, 'Cancel $95.00 payment to Sunny Days Childcare');
      return undefined;
    },
  },
  {
    key: 'delete-comcast-payee',
    name: 'Remove the old internet provider',
    prompt: 'I switched internet providers last year. Delete my old internet provider from my payees.',
    startUrl: '/payees',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'delete a record through a confirmation modal',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['feedback_and_overlays', 'search_and_extract'],
    },
    // Its cancelled schedule goes with it.
    expectedMutations: [
      { action: 'DELETE', table_name: 'payees', pk: '10' },
      { action: 'DELETE', table_name: 'scheduled_payments', pk: '8' },
    ],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await deletePayee(page, 'Comcast Xfinity');
      return undefined;
    },
    // Deletes the current provider instead.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await deletePayee(page, 'Brightwave Internet');
      return undefined;
    },
  },
];

async function schedule(page: Page, frequency: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Scheduled', exact: true })
    .click();
  const form = page.getByRole('form', { name: 'Schedule a payment' });
  await choose(form.getByLabel('From'), 'Everyday Checking');
  await choose(form.getByLabel('To'), 'Vacation Fund');
  await form.getByLabel('Amount').fill('250');
  await form.getByLabel('Frequency').selectOption({ label: frequency });
  await form.getByLabel(/Payment date|First payment date/).fill('2026-05-01');
  await form.getByLabel('Memo (optional)').fill('Summer trip');
  await form.getByRole('button', { name: 'Schedule payment' }).click();
  await toast(page, 'scheduled for May 1, 2026');
}

async function cancelSchedule(page: Page, button: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${button.replace(/[$.]/g, '\\$&')}`) }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel payment' }).click();
  await toast(page, 'Scheduled payment cancelled');
}

async function deletePayee(page: Page, name: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search payees' }).fill(name.split(' ')[0] ?? name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete payee' }).click();
  await toast(page, `${name} deleted`);
}
