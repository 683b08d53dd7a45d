import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The session page's Scores region. */
export const scoresPanel = (page: Page) => page.getByRole('region', { name: 'Scores' });

/** Scores the open session through the dialog, and waits until the page shows the score as theirs. */
export async function scoreThroughDialog(page: Page, verdict: 'Correct' | 'Fail', reason: string) {
  await scoresPanel(page)
    .getByRole('button', { name: /^(Add Human Score|Change Your Score)$/ })
    .click();
  const dialog = page.getByRole('dialog', { name: /^(Add Human Score|Change Your Score)$/ });
  const save = dialog.getByRole('button', { name: 'Save' });
  expect(await save.isDisabled()).toBe(true);
  await dialog.getByRole('radio', { name: verdict }).click();
  await dialog.getByLabel('Reason').fill(reason);
  expect(await save.isEnabled()).toBe(true);
  await save.click();
  await dialog.waitFor({ state: 'detached' });
  await scoresPanel(page).getByRole('button', { name: 'Change Your Score' }).waitFor();
}
