import type { AppBuilder, RequestContext } from '../../../kit';
import { promoProblem } from '../domain';
import { cartLines, cartSubtotal, promoByCode, restaurantById } from '../queries';

/** The cart drawer's actions: quantities, clearing, promo codes. Each goes back to the page it was on. */

function back(ctx: RequestContext): string {
  return ctx.localPath(ctx.form.get('back'), '/');
}

export function cartRoutes(app: AppBuilder): void {
  app.post('/cart/items/:id/quantity', (ctx) => {
    const id = Number(ctx.params.id);
    const line = cartLines(ctx).find((l) => l.id === id);
    if (!line)
      return ctx.redirect(back(ctx), { kind: 'error', message: 'That item is no longer in your cart.' });
    const quantity = Math.min(20, Math.max(0, Math.floor(Number(ctx.form.get('quantity')) || 0)));
    if (quantity === 0) {
      ctx.db.prepare('DELETE FROM cart_items WHERE id = ?').run(id);
      if (cartLines(ctx).length === 0) ctx.setSessionValue('promo', undefined);
      return ctx.redirect(back(ctx), { kind: 'info', message: `Removed ${line.name}` });
    }
    ctx.db.prepare('UPDATE cart_items SET quantity = ? WHERE id = ?').run(quantity, id);
    return ctx.redirect(back(ctx), { kind: 'success', message: `${line.name} × ${quantity}` });
  });

  app.post('/cart/clear', (ctx) => {
    ctx.db.prepare('DELETE FROM cart_items').run();
    ctx.setSessionValue('promo', undefined);
    return ctx.redirect(back(ctx), { kind: 'info', message: 'Your cart is empty' });
  });

  app.post('/cart/promo', (ctx) => {
    const code = (ctx.form.get('code') ?? '').trim().toUpperCase();
    const lines = cartLines(ctx);
    const first = lines[0];
    if (!code) return ctx.redirect(back(ctx), { kind: 'error', message: 'Enter a promo code' });
    if (!first)
      return ctx.redirect(back(ctx), { kind: 'error', message: 'Add something to your cart first' });
    const restaurant = restaurantById(ctx, first.restaurant_id);
    const promo = promoByCode(ctx, code);
    const problem = promoProblem(promo, restaurant, cartSubtotal(lines), ctx.now());
    if (problem || !promo)
      return ctx.redirect(back(ctx), { kind: 'error', message: problem ?? 'Invalid code' });
    ctx.setSessionValue('promo', promo.code);
    return ctx.redirect(back(ctx), { kind: 'success', message: `${promo.code} applied: ${promo.title}` });
  });

  app.post('/cart/promo/remove', (ctx) => {
    ctx.setSessionValue('promo', undefined);
    return ctx.redirect(back(ctx), { kind: 'info', message: 'Promo code removed' });
  });
}
