import type { Locator, Page } from 'playwright-core';
import { type SolveContext, signInStep } from '../../../kit';
import { SIGN_IN_FORM } from '../routes/auth';

/** Steps shared by the reference solutions: what a hungry customer does on Forkful, through the page only. */

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export async function signIn(page: Page, ctx: SolveContext): Promise<void> {
  await signInStep(page, ctx, SIGN_IN_FORM, page.getByRole('navigation', { name: 'Main' }));
}

export async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.kit-toast', { hasText: text }).first().waitFor();
}

/** Types in the top search (focused with "/") and waits for the results. */
export async function search(page: Page, query: string): Promise<void> {
  await page.keyboard.press('/');
  const box = page.getByRole('searchbox', { name: 'Search restaurants or dishes' });
  await box.fill(query);
  await box.press('Enter');
  await page.getByRole('heading', { level: 1, name: `Results for “${query}”` }).waitFor();
}

/** Opens a restaurant from the search results by its name and neighbourhood. */
export async function openRestaurant(page: Page, name: string, neighbourhood: string): Promise<void> {
  await search(page, name);
  await page
    .getByRole('article', { name: `${name}, ${neighbourhood}`, exact: true })
    .getByRole('link')
    .click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

export function menuCard(page: Page, dish: string): Locator {
  return page.getByRole('article', { name: dish, exact: true });
}

/** Opens a dish's modal from its menu card. */
export async function openItem(page: Page, dish: string): Promise<Locator> {
  await menuCard(page, dish).locator('.menu-open').click();
  const dialog = page.getByRole('dialog', { name: dish, exact: true });
  await dialog.waitFor();
  return dialog;
}

/** Ticks one option of a modifier group in an open item modal. */
export async function choose(dialog: Locator, group: string, option: string, on = true): Promise<void> {
  const input = dialog
    .getByRole('group', { name: new RegExp(`^${escapeRegExp(group)}\\b`) })
    .locator('label.mod-option')
    .filter({ has: dialog.page().locator('span', { hasText: new RegExp(`^${escapeRegExp(option)}$`) }) })
    .locator('input');
  if (on) await input.check();
  else await input.uncheck();
}

export interface AddItem {
  choices?: [group: string, option: string][];
  quantity?: number;
  instructions?: string;
}

/** Opens a dish, makes its choices, adds it to the cart and waits for the toast. */
export async function addItem(page: Page, dish: string, add: AddItem = {}): Promise<void> {
  const dialog = await openItem(page, dish);
  for (const [group, option] of add.choices ?? []) await choose(dialog, group, option);
  if (add.quantity) await dialog.getByLabel('Quantity').fill(String(add.quantity));
  if (add.instructions) await dialog.getByLabel('Special instructions').fill(add.instructions);
  await dialog.getByRole('button', { name: /^Add to cart/ }).click();
  await toast(page, `Added ${add.quantity ?? 1} × ${dish}`);
}

/** The hover quick-add on a menu card (dishes without required choices). */
export async function quickAdd(page: Page, dish: string): Promise<void> {
  const card = menuCard(page, dish);
  await card.hover();
  await card.getByRole('button', { name: `Quick add ${dish}` }).click();
  await toast(page, `Added 1 × ${dish}`);
}

export async function openCart(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Cart,/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await drawer.waitFor();
  return drawer;
}

export async function applyPromo(page: Page, code: string): Promise<void> {
  const drawer = await openCart(page);
  await drawer.getByLabel('Promo code').fill(code);
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await page.locator('.kit-toast').first().waitFor();
}

export interface Checkout {
  address?: string;
  slot?: string;
  tip?: string;
}

/** From the cart drawer to a placed order: address, time, tip; waits for the order page. */
export async function checkout(page: Page, options: Checkout = {}): Promise<void> {
  const drawer = await openCart(page);
  await drawer.getByRole('link', { name: /^Go to checkout/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  await placeOrder(page, options);
}

/** On the checkout page. */
export async function placeOrder(page: Page, options: Checkout = {}): Promise<void> {
  if (options.address)
    await page
      .locator('label.choice', { hasText: new RegExp(`^\\s*${escapeRegExp(options.address)}\\b`) })
      .locator('input')
      .check();
  if (options.slot) await page.getByLabel('When').selectOption(options.slot);
  if (options.tip) await page.getByRole('radio', { name: options.tip }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await toast(page, /Order placed/);
  await page.waitForURL(/\/orders\/\d+$/);
}

export async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** Opens an order from the orders list by its restaurant and date ('Fri, Nov 20, 2026'). */
export async function openOrder(page: Page, restaurant: string, date: string): Promise<void> {
  await openSection(page, 'Orders');
  await page.getByRole('searchbox', { name: 'Search orders by restaurant' }).fill(restaurant);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByText(new RegExp(`orders? matching “${escapeRegExp(restaurant)}”`)).waitFor();
  await page.getByRole('row').filter({ hasText: date }).getByRole('link', { name: restaurant }).click();
  await page.getByRole('heading', { level: 1, name: restaurant }).waitFor();
}
