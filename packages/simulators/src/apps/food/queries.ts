import { HttpError, type RequestContext } from '../../kit';
import type { PromoCode, Restaurant } from './domain';

/** Reads shared by Forkful's pages: restaurants, menus, the cart, addresses and cards. */

type Ctx = Pick<RequestContext, 'db'>;

export interface MenuItem {
  id: number;
  restaurant_id: number;
  category_id: number;
  name: string;
  description: string;
  price_cents: number;
  tags: string;
  allergens: string;
  calories: number;
  available: number;
  popular: number;
}

export interface ModifierGroup {
  id: number;
  item_id: number;
  name: string;
  min_choices: number;
  max_choices: number;
  options: ModifierOption[];
}

export interface ModifierOption {
  id: number;
  group_id: number;
  name: string;
  price_cents: number;
}

export interface CartLine {
  id: number;
  item_id: number;
  name: string;
  quantity: number;
  unit_price_cents: number;
  options: string;
  instructions: string;
  restaurant_id: number;
}

export interface Address {
  id: number;
  label: string;
  line1: string;
  line2: string;
  city: string;
  zip: string;
  instructions: string;
  verified: number;
  archived: number;
  verify_code: string | null;
  code_sent_at: string | null;
}

export interface Card {
  id: number;
  brand: string;
  last4: string;
  exp: string;
  is_default: number;
}

export function restaurantBySlug(ctx: Ctx, slug: string): Restaurant {
  const r = ctx.db.prepare<[string], Restaurant>('SELECT * FROM restaurants WHERE slug = ?').get(slug);
  if (!r) throw new HttpError(404);
  return r;
}

export function restaurantById(ctx: Ctx, id: number): Restaurant {
  const r = ctx.db.prepare<[number], Restaurant>('SELECT * FROM restaurants WHERE id = ?').get(id);
  if (!r) throw new HttpError(404);
  return r;
}

export function menuOf(ctx: Ctx, restaurantId: number): { id: number; name: string; items: MenuItem[] }[] {
  const categories = ctx.db
    .prepare<[number], { id: number; name: string }>(
      'SELECT id, name FROM menu_categories WHERE restaurant_id = ? ORDER BY position',
    )
    .all(restaurantId);
  const items = ctx.db
    .prepare<[number], MenuItem>('SELECT * FROM menu_items WHERE restaurant_id = ? ORDER BY id')
    .all(restaurantId);
  return categories.map((c) => ({ ...c, items: items.filter((i) => i.category_id === c.id) }));
}

export function itemById(ctx: Ctx, id: number): MenuItem | undefined {
  return ctx.db.prepare<[number], MenuItem>('SELECT * FROM menu_items WHERE id = ?').get(id);
}

export function groupsOf(ctx: Ctx, itemIds: number[]): Map<number, ModifierGroup[]> {
  const result = new Map<number, ModifierGroup[]>();
  if (itemIds.length === 0) return result;
  const marks = itemIds.map(() => '?').join(',');
  const groups = ctx.db
    .prepare<number[], Omit<ModifierGroup, 'options'>>(
      `SELECT id, item_id, name, min_choices, max_choices FROM modifier_groups WHERE item_id IN (${marks}) ORDER BY position`,
    )
    .all(...itemIds);
  const options = groups.length
    ? ctx.db
        .prepare<number[], ModifierOption>(
          `SELECT id, group_id, name, price_cents FROM modifier_options WHERE group_id IN (${groups.map(() => '?').join(',')}) ORDER BY position`,
        )
        .all(...groups.map((g) => g.id))
    : [];
  for (const g of groups) {
    const list = result.get(g.item_id) ?? [];
    list.push({ ...g, options: options.filter((o) => o.group_id === g.id) });
    result.set(g.item_id, list);
  }
  return result;
}

export function cartLines(ctx: Ctx): CartLine[] {
  return ctx.db
    .prepare<[], CartLine>(
      `SELECT c.id, c.item_id, i.name, c.quantity, c.unit_price_cents, c.options, c.instructions, i.restaurant_id
       FROM cart_items c JOIN menu_items i ON i.id = c.item_id ORDER BY c.id`,
    )
    .all();
}

export function cartSubtotal(lines: CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.unit_price_cents * l.quantity, 0);
}

export function promoByCode(ctx: Ctx, code: string): PromoCode | undefined {
  return ctx.db
    .prepare<[string], PromoCode>('SELECT * FROM promo_codes WHERE code = ?')
    .get(code.trim().toUpperCase());
}

export function activeAddresses(ctx: Ctx): Address[] {
  return ctx.db.prepare<[], Address>('SELECT * FROM addresses WHERE archived = 0 ORDER BY id').all();
}

export function cards(ctx: Ctx): Card[] {
  return ctx.db.prepare<[], Card>('SELECT * FROM cards ORDER BY id').all();
}

export function isFavourite(ctx: Ctx, restaurantId: number): boolean {
  return !!ctx.db.prepare('SELECT 1 FROM favourites WHERE restaurant_id = ?').get(restaurantId);
}

export function cardExpired(card: Card, now: Date): boolean {
  return card.exp < now.toISOString().slice(0, 7);
}

export function cardLabel(card: Card): string {
  return `${card.brand} •••• ${card.last4}`;
}

export function userCredit(ctx: Ctx): number {
  return (ctx.db.prepare('SELECT credit_cents FROM users WHERE id = 1').get() as { credit_cents: number })
    .credit_cents;
}
