// Every test case's reference solution and wrong variant run in CI through Proctor's benchmarker:
// apps/server/test/builtInBenchmark.test.ts (-t shop for this app's alone).
import { describe, expect, it } from 'vitest';
import { shop } from '../../src/apps/shop/index';
import {
  addBusinessDays,
  checkCard,
  checkPromo,
  orderTotals,
  type PromoCode,
  SHIPPING_OPTIONS,
  withinReturnWindow,
} from '../../src/apps/shop/pricing';
import { prepareSimulator, SimulatorHost, vocabularyCoverage } from '../../src/index';

const NOW = new Date('2026-03-02T09:00:00.000Z');
const promo = (overrides: Partial<PromoCode>): PromoCode => ({
  code: 'TEST',
  summary: '',
  kind: 'percent',
  value: 10,
  min_spend_cents: 0,
  first_order_only: 0,
  expires_at: '2026-12-31T23:59:59.000Z',
  ...overrides,
});

describe('shop pricing rules', () => {
  it('should refuse expired, first-order and below-minimum codes with the reason', () => {
    const cart = { subtotalCents: 8800, previousOrders: 3 };
    expect(
      checkPromo(promo({ expires_at: '2026-02-28T23:59:59.000Z', code: 'WINTER30' }), cart, NOW),
    ).toEqual({
      ok: false,
      error: 'WINTER30 expired on Feb 28, 2026.',
    });
    expect(checkPromo(promo({ first_order_only: 1 }), cart, NOW).ok).toBe(false);
    expect(checkPromo(promo({ min_spend_cents: 10000 }), cart, NOW)).toEqual({
      ok: false,
      error: 'TEST needs a subtotal of $100.00. Add $12.00 more to use it.',
    });
    expect(checkPromo(undefined, cart, NOW).ok).toBe(false);
  });

  it('should discount percentages to the cent and cap fixed amounts at the subtotal', () => {
    expect(checkPromo(promo({ value: 15 }), { subtotalCents: 15200, previousOrders: 1 }, NOW)).toEqual({
      ok: true,
      discountCents: 2280,
    });
    expect(
      checkPromo(promo({ kind: 'amount', value: 2000 }), { subtotalCents: 1500, previousOrders: 1 }, NOW),
    ).toEqual({
      ok: true,
      discountCents: 1500,
    });
  });

  it('should ship standard for free from $75 after the discount, or with a free-shipping code', () => {
    const [standard, express] = SHIPPING_OPTIONS;
    if (!standard || !express) throw new Error('missing shipping options');
    expect(
      orderTotals({ subtotalCents: 8000, discountCents: 1000, option: standard, freeShippingCode: false }),
    ).toEqual({
      subtotalCents: 8000,
      discountCents: 1000,
      shippingCents: 695,
      totalCents: 7695,
    });
    expect(
      orderTotals({ subtotalCents: 8000, discountCents: 0, option: standard, freeShippingCode: false })
        .shippingCents,
    ).toBe(0);
    expect(
      orderTotals({ subtotalCents: 3000, discountCents: 0, option: standard, freeShippingCode: true })
        .shippingCents,
    ).toBe(0);
    expect(
      orderTotals({ subtotalCents: 30000, discountCents: 0, option: express, freeShippingCode: true })
        .shippingCents,
    ).toBe(1495);
  });

  it('should count business days over a weekend', () => {
    // Monday + 5 business days is the next Monday; Friday + 1 is Monday.
    expect(addBusinessDays(NOW, 5).toISOString().slice(0, 10)).toBe('2026-03-09');
    expect(addBusinessDays(new Date('2026-03-06T10:00:00.000Z'), 1).toISOString().slice(0, 10)).toBe(
      '2026-03-09',
    );
  });

  it('should validate cards like a payment form and flag the decline test card', () => {
    expect(
      checkCard({ number: '4242 4242 4242 4242', expiry: '08/29', cvc: '123', name: 'J E' }, NOW),
    ).toEqual({
      ok: true,
      brand: 'Visa',
      last4: '4242',
      declined: false,
    });
    const declined = checkCard({ number: '4000000000000002', expiry: '11/28', cvc: '737', name: 'J E' }, NOW);
    expect(declined.ok && declined.declined).toBe(true);
    const invalid = checkCard({ number: '4242 4242 4242 4241', expiry: '02/26', cvc: '12', name: '' }, NOW);
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) {
      expect(invalid.errors).toEqual({
        number: 'Your card number is invalid',
        expiry: "Your card's expiry date is in the past",
        cvc: 'The security code is 3 digits',
        name: 'Enter the name on the card',
      });
    }
  });

  it('should close the return window 30 days after delivery', () => {
    expect(withinReturnWindow('2026-02-04T21:12:00.000Z', NOW)).toBe(true);
    expect(withinReturnWindow('2026-01-29T19:40:00.000Z', NOW)).toBe(false);
    expect(withinReturnWindow(null, NOW)).toBe(false);
  });
});

describe('shop seed and routes', () => {
  it('should seed a store with hundreds of rows', () => {
    const prepared = prepareSimulator(shop);
    const host = new SimulatorHost();
    const instance = host.createInstance(shop, { id: 'seed-count' });
    const count = (table: string) =>
      instance.db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${table}`).get()?.n ?? 0;
    expect(prepared.dataFingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(count('products')).toBeGreaterThanOrEqual(200);
    expect(count('variants')).toBeGreaterThanOrEqual(600);
    expect(count('reviews')).toBeGreaterThanOrEqual(2000);
    expect(count('orders')).toBeGreaterThanOrEqual(35);
    expect(count('order_items')).toBeGreaterThanOrEqual(80);
    instance.destroy();
  });

  it('should cover every level twice, every skill and the promised capabilities', () => {
    const levels = new Map<string, number>();
    for (const t of shop.testCases)
      levels.set(t.metadata.reasoning_level, (levels.get(t.metadata.reasoning_level) ?? 0) + 1);
    for (const level of ['level_1', 'level_2', 'level_3', 'level_4', 'level_5']) {
      expect(levels.get(level) ?? 0).toBeGreaterThanOrEqual(2);
    }
    const coverage = vocabularyCoverage(shop.testCases);
    expect(coverage.missingSkills).toEqual([]);
    const capabilities = new Set(shop.testCases.flatMap((t) => t.metadata.capabilities));
    for (const capability of [
      'forms_and_inputs',
      'search_and_extract',
      'data_displays',
      'iframe_and_shadow_dom',
      'error_state_handling',
      'auth_and_bot_protection',
      'feedback_and_overlays',
    ] as const) {
      expect(capabilities.has(capability)).toBe(true);
    }
    expect(shop.testCases.length).toBeGreaterThanOrEqual(15);
  });
});
