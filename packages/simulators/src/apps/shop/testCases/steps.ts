import type { FrameLocator, Page } from 'playwright-core';
import { type SolveContext, signInStep } from '../../../kit';
import { SIGN_IN_FORM } from '../routes/account';

/** UI steps shared by the reference solutions: each does what a shopper would click and type. */

export async function signIn(page: Page, ctx: SolveContext): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/login')) {
    await page.getByRole('link', { name: 'Sign in' }).click();
  }
  await signInStep(page, ctx, SIGN_IN_FORM, page.getByRole('button', { name: /Account/ }));
}

export async function openOrder(page: Page, number: string): Promise<void> {
  await page.getByRole('link', { name: 'Orders', exact: true }).first().click();
  await page.getByLabel('Search orders').fill(number);
  await page.getByRole('button', { name: 'Search', exact: true }).last().click();
  await page.getByRole('link', { name: number, exact: true }).click();
  await page.getByRole('heading', { name: `Order ${number}` }).waitFor();
}

export async function openAccountPage(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /Account/ }).click();
  await page.locator('#account-menu').getByRole('link', { name }).click();
}

export interface Card {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export const VISA: Card = {
  number: '4242 4242 4242 4242',
  expiry: '08/29',
  cvc: '123',
  name: 'Jordan Ellis',
};

function paymentFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="Secure card payment"]');
}

/** From the cart: choose the address and shipping, continue, and fill the card form inside the iframe. */
export async function checkOut(page: Page, address: RegExp, shipping: RegExp): Promise<void> {
  await page.getByRole('link', { name: 'Check out' }).click();
  await page.getByRole('radio', { name: address }).check();
  await page.getByRole('radio', { name: shipping }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('heading', { name: 'Payment', exact: true }).waitFor();
}

export async function pay(page: Page, card: Card): Promise<'approved' | 'declined'> {
  const frame = paymentFrame(page);
  await frame.getByLabel('Card number').fill(card.number);
  await frame.getByLabel('Expiry (MM / YY)').fill(card.expiry);
  await frame.getByLabel('Security code').fill(card.cvc);
  await frame.getByLabel('Name on card').fill(card.name);
  // The frame answers its own POST: 402 is a decline shown inside the frame, 200 sends the page to the order.
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/pay/frame' && r.request().method() === 'POST',
    ),
    frame.getByRole('button', { name: /^Pay / }).click(),
  ]);
  const outcome = response.status() === 402 ? ('declined' as const) : ('approved' as const);
  if (outcome === 'declined') await frame.getByText('Your card was declined.').waitFor();
  else {
    await page.waitForURL(/\/orders\/HH-\d+/);
    await page.locator('.kit-toast', { hasText: /Order HH-\d+ placed/ }).waitFor();
  }
  return outcome;
}
