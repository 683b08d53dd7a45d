import type { Page } from 'playwright-core';
import type { ExpectedMutation, SolveContext, TestCaseDefinition } from '../../../kit';
import {
  addItem,
  applyPromo,
  checkout,
  choose,
  openItem,
  openRestaurant,
  quickAdd,
  signIn,
  toast,
} from './steps';

/** Ordering tasks: modifiers in the item modal, slots, promo codes, minimum orders, instructions. */

function order(
  changes: Record<string, string | number | null>,
  items: Record<string, string | number>[],
): ExpectedMutation[] {
  return [
    { action: 'INSERT', table_name: 'orders', changes: { card_id: 1, rating: null, ...changes } },
    ...items.map(
      (item): ExpectedMutation => ({ action: 'INSERT', table_name: 'order_items', changes: item }),
    ),
  ];
}

async function pepperoni(page: Page, ctx: SolveContext, slot: string) {
  await signIn(page, ctx);
  await openRestaurant(page, "Tony's Slice House", 'North Beach');
  await addItem(page, 'Pepperoni', {
    choices: [
      ['Size', 'Large 14"'],
      ['Extra toppings', 'Extra cheese'],
    ],
  });
  await quickAdd(page, 'San Pellegrino');
  await checkout(page, { address: 'Office', slot });
  return undefined;
}

async function lateMargherita(page: Page, ctx: SolveContext, neighbourhood: string, slot: string) {
  await signIn(page, ctx);
  await openRestaurant(page, "Tony's Slice House", neighbourhood);
  await page.getByText(/Hours today/).waitFor();
  await addItem(page, 'Margherita', { choices: [['Size', 'Medium 12"']] });
  await checkout(page, { address: 'Home', slot });
  return undefined;
}

async function padThaiPromo(page: Page, ctx: SolveContext, code: string) {
  await signIn(page, ctx);
  await openRestaurant(page, 'Bangkok Street Kitchen', 'Mission');
  await addItem(page, 'Pad Thai', {
    choices: [
      ['Protein', 'Chicken'],
      ['Spice level', 'Medium'],
    ],
    quantity: 2,
  });
  // FEAST30 looks biggest but needs a $30 subtotal; THAI15 takes $4.05 off $27, FREEDEL only the $2.49 fee.
  await applyPromo(page, code);
  await toast(page, `${code} applied`);
  await page.keyboard.press('Escape');
  await checkout(page, { address: 'Home', slot: 'asap' });
  return undefined;
}

async function poke(page: Page, ctx: SolveContext, keep: string[]) {
  await signIn(page, ctx);
  await openRestaurant(page, 'Sakura Sushi Bar', 'Hayes Valley');
  const dialog = await openItem(page, 'Build-Your-Own Poke Bowl');
  await choose(dialog, 'Base', 'Brown rice');
  await choose(dialog, 'Protein', 'Salmon');
  for (const topping of ['Avocado', 'Mango', 'Edamame', 'Cucumber'])
    await choose(dialog, 'Toppings', topping);
  await dialog.getByRole('button', { name: /^Add to cart/ }).click();
  // Four toppings are one too many: the modal comes back with the limit.
  const again = page.getByRole('dialog', { name: 'Build-Your-Own Poke Bowl', exact: true });
  await again.getByText(/You can choose up to 3 toppings/).waitFor();
  for (const topping of ['Avocado', 'Mango', 'Edamame', 'Cucumber'])
    if (!keep.includes(topping)) await choose(again, 'Toppings', topping, false);
  await again.getByRole('button', { name: /^Add to cart/ }).click();
  await toast(page, 'Added 1 × Build-Your-Own Poke Bowl');
  return undefined;
}

async function stickyRice(page: Page, ctx: SolveContext, topUp: 'tea' | 'rice') {
  await signIn(page, ctx);
  await openRestaurant(page, 'Bangkok Street Kitchen', 'Mission');
  await quickAdd(page, 'Mango Sticky Rice');
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await page.getByRole('button', { name: /^Cart,/ }).click();
  const warning = await drawer.getByText(/minimum\. Add \$[\d.]+ more/).textContent();
  const short = Number(/Add \$([\d.]+) more/.exec(warning ?? '')?.[1] ?? 0);
  await page.keyboard.press('Escape');
  if (topUp === 'tea') {
    // $4.25 a tea: as few as reach the minimum.
    const teas = Math.ceil(short / 4.25);
    for (let i = 0; i < teas; i++) {
      await quickAdd(page, 'Thai Iced Tea');
      await page.locator('.kit-toast').first().locator('[data-toast-close]').click();
    }
  } else {
    await quickAdd(page, 'Mango Sticky Rice');
  }
  await checkout(page, { address: 'Home', slot: 'asap' });
  return undefined;
}

async function spicyTuna(page: Page, ctx: SolveContext, note: string) {
  await signIn(page, ctx);
  await openRestaurant(page, 'Sakura Sushi Bar', 'Hayes Valley');
  await addItem(page, 'Spicy Tuna Roll', { quantity: 3, instructions: note || undefined });
  await checkout(page, { address: 'Office', slot: 'asap' });
  return undefined;
}

export const orderingCases: TestCaseDefinition[] = [
  {
    key: 'pepperoni-to-office-7pm',
    name: 'Large pepperoni to the office at 7',
    prompt:
      "Order a large Pepperoni pizza with extra cheese and a San Pellegrino from Tony's Slice House in North Beach. Deliver it to my Office address in the 7:00 PM slot, paying with my default card and the default 15% tip.",
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'place a scheduled order',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'feedback_and_overlays', 'search_and_extract'],
    },
    expectedMutations: order(
      {
        restaurant_id: 1,
        address_id: 2,
        slot: '19:00',
        subtotal_cents: 2650,
        promo_code: null,
        tip_cents: 398,
      },
      [
        { item_id: 2, quantity: 1, options: 'Large 14", Extra cheese' },
        { item_id: 15, quantity: 1, options: '' },
      ],
    ),
    solve: (page, ctx) => pepperoni(page, ctx, '19:00'),
    // The mistake: leaves the delivery time on ASAP.
    wrong: (page, ctx) => pepperoni(page, ctx, 'asap'),
  },
  {
    key: 'late-margherita-right-tonys',
    name: "The Tony's that delivers at 10:30",
    prompt:
      "I'd like a medium Margherita delivered to my Home address at 10:30 PM tonight. There are two Tony's Slice House restaurants: order from whichever one can still deliver at that time.",
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'choose between look-alike restaurants',
      reasoning_level: 'level_5',
      skills: ['reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: ['search_and_extract', 'navigation_and_structure', 'forms_and_inputs'],
    },
    expectedMutations: order({ restaurant_id: 1, address_id: 1, slot: '22:30' }, [
      { item_id: 1, quantity: 1, options: 'Medium 12"' },
    ]),
    solve: (page, ctx) => lateMargherita(page, ctx, 'North Beach', '22:30'),
    // The mistake: the Sunset restaurant comes first in search, and its last slot (9:30 PM) is taken instead.
    wrong: (page, ctx) => lateMargherita(page, ctx, 'Outer Sunset', '21:30'),
  },
  {
    key: 'pad-thai-best-promo',
    name: 'The promo that actually saves most',
    prompt:
      'Order 2 Pad Thai with chicken, medium spice, from Bangkok Street Kitchen to my Home address, ASAP. Use whichever one promo code from my account offers saves the most on this order.',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'order with the best discount',
      reasoning_level: 'level_5',
      skills: ['reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: ['forms_and_inputs', 'error_state_handling', 'feedback_and_overlays'],
    },
    expectedMutations: order(
      {
        restaurant_id: 3,
        address_id: 1,
        slot: 'asap',
        subtotal_cents: 2700,
        promo_code: 'THAI15',
        discount_cents: 405,
      },
      [{ item_id: 37, quantity: 2, options: 'Chicken, Medium' }],
    ),
    solve: (page, ctx) => padThaiPromo(page, ctx, 'THAI15'),
    // The mistake: free delivery is the first code that applies, but saves less.
    wrong: (page, ctx) => padThaiPromo(page, ctx, 'FREEDEL'),
  },
  {
    key: 'poke-bowl-topping-limit',
    name: 'Poke bowl within the topping limit',
    prompt:
      "Add a Build-Your-Own Poke Bowl from Sakura Sushi Bar to my cart with brown rice and salmon, and as many of these toppings as the bowl allows, in my order of preference: avocado, mango, edamame, cucumber. Don't check out.",
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'configure a dish',
      reasoning_level: 'level_4',
      skills: ['reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: ['forms_and_inputs', 'error_state_handling', 'feedback_and_overlays'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'cart_items',
        changes: {
          item_id: 61,
          quantity: 1,
          unit_price_cents: 1850,
          options: 'Brown rice, Salmon, Edamame, Avocado, Mango',
        },
      },
    ],
    solve: (page, ctx) => poke(page, ctx, ['Avocado', 'Mango', 'Edamame']),
    // The mistake: drops the favourite topping instead of the least wanted one.
    wrong: (page, ctx) => poke(page, ctx, ['Mango', 'Edamame', 'Cucumber']),
  },
  {
    key: 'sticky-rice-minimum-order',
    name: 'Reach the minimum with iced teas',
    prompt:
      "Order one Mango Sticky Rice from Bangkok Street Kitchen to my Home address, ASAP. If that's below the restaurant's minimum order, add as few Thai Iced Teas as needed to reach it.",
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'meet a minimum order',
      reasoning_level: 'level_4',
      skills: ['reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: ['error_state_handling', 'feedback_and_overlays', 'forms_and_inputs'],
    },
    expectedMutations: order({ restaurant_id: 3, address_id: 1, slot: 'asap', subtotal_cents: 1600 }, [
      { item_id: 46, quantity: 1 },
      { item_id: 47, quantity: 2 },
    ]),
    solve: (page, ctx) => stickyRice(page, ctx, 'tea'),
    // The mistake: reaches the minimum with a second dessert instead of teas.
    wrong: (page, ctx) => stickyRice(page, ctx, 'rice'),
  },
  {
    key: 'spicy-tuna-no-wasabi',
    name: 'Spicy tuna rolls, no wasabi',
    prompt:
      'Order three Spicy Tuna Rolls from Sakura Sushi Bar to my Office address, ASAP, with the special instruction "no wasabi, please".',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'order with instructions',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'feedback_and_overlays'],
    },
    expectedMutations: order({ restaurant_id: 4, address_id: 2, slot: 'asap' }, [
      { item_id: 53, quantity: 3, instructions: 'no wasabi, please' },
    ]),
    solve: (page, ctx) => spicyTuna(page, ctx, 'no wasabi, please'),
    wrong: (page, ctx) => spicyTuna(page, ctx, ''),
  },
];
