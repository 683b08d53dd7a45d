import {
  type AppBuilder,
  fieldError,
  fields,
  formSchema,
  HttpError,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import { allWishlists, findListing, savedIn, type Wishlist } from '../queries';
import { emptyState, resultCard } from '../views/parts';

/** Wishlists: create them, save stays to them from any card's menu, remove stays, delete a list. */

const NewWishlist = formSchema({ name: fields.text({ required: true, max: 50, label: 'Name' }) });

function loadWishlist(ctx: RequestContext): Wishlist {
  const wishlist = ctx.db
    .prepare<[number], Wishlist>('SELECT id, name, created_at FROM wishlists WHERE id = ?')
    .get(Number(ctx.params.id));
  if (!wishlist) throw new HttpError(404);
  return wishlist;
}

function indexPage(ctx: RequestContext, values: { name: string }, error?: string): SafeHtml {
  const lists = ctx.db
    .prepare<[], Wishlist & { count: number; hue: number | null }>(
      `SELECT w.id, w.name, w.created_at, count(i.id) AS count,
         (SELECT l.photo_hue FROM wishlist_items i2 JOIN listings l ON l.id = i2.listing_id WHERE i2.wishlist_id = w.id ORDER BY i2.id DESC LIMIT 1) AS hue
       FROM wishlists w LEFT JOIN wishlist_items i ON i.wishlist_id = w.id GROUP BY w.id ORDER BY w.id`,
    )
    .all();
  const listing = findListing(ctx.db, ctx.query.get('listing') ?? ctx.form.get('listing_id') ?? '');
  return html`<h1>Wishlists</h1>
<div class="wishlist-grid">${lists.map(
    (w) =>
      html`<a class="wishlist-tile" href="/wishlists/${w.id}" style="--hue:${w.hue ?? 200}"><span class="wishlist-cover"></span><strong>${w.name}</strong><span class="muted">${w.count} saved</span></a>`,
  )}</div>
<section class="panel new-wishlist" aria-label="Create a wishlist"><h2>${listing ? html`Create a wishlist for ${listing.title}` : 'Create a wishlist'}</h2>
<form method="post" action="/wishlists" class="inline-form" novalidate>
  ${listing ? html`<input type="hidden" name="listing_id" value="${listing.id}">` : ''}
  <label for="wishlist-name">Name</label>
  <input id="wishlist-name" name="name" value="${values.name}" maxlength="50" placeholder="e.g. Kyoto in autumn">
  <button class="btn btn-dark">Create</button>
</form>${fieldError(error)}</section>`;
}

function backTo(ctx: RequestContext, fallback: string): string {
  return ctx.localPath(ctx.form.get('back'), fallback);
}

export function wishlistRoutes(app: AppBuilder): void {
  app.get('/wishlists', (ctx) =>
    ctx.render({ title: 'Wishlists', section: 'wishlists', body: indexPage(ctx, NewWishlist.empty()) }),
  );

  app.post('/wishlists', (ctx) => {
    const result = NewWishlist.parse(ctx.form);
    let error = result.errors.name;
    if (
      result.ok &&
      allWishlists(ctx.db).some((w) => w.name.toLowerCase() === result.data.name.toLowerCase())
    )
      error = `You already have a wishlist called “${result.data.name}”`;
    if (!result.ok || error)
      return ctx.render({
        title: 'Wishlists',
        section: 'wishlists',
        status: 422,
        body: indexPage(ctx, result.values, error),
      });
    const now = ctx.now().toISOString();
    const id = Number(
      ctx.db.prepare('INSERT INTO wishlists (name, created_at) VALUES (?, ?)').run(result.data.name, now)
        .lastInsertRowid,
    );
    const listing = findListing(ctx.db, ctx.form.get('listing_id') ?? '');
    if (listing) {
      ctx.db
        .prepare('INSERT INTO wishlist_items (wishlist_id, listing_id, created_at) VALUES (?, ?, ?)')
        .run(id, listing.id, now);
      return ctx.redirect(`/wishlists/${id}`, {
        kind: 'success',
        message: `Created ${result.data.name} and saved ${listing.title}`,
      });
    }
    return ctx.redirect(`/wishlists/${id}`, { kind: 'success', message: `Created ${result.data.name}` });
  });

  app.get('/wishlists/:id', (ctx) => {
    const wishlist = loadWishlist(ctx);
    const items = ctx.db
      .prepare<[number], { listing_id: number }>(
        'SELECT listing_id FROM wishlist_items WHERE wishlist_id = ? ORDER BY id DESC',
      )
      .all(wishlist.id)
      .map((row) => findListing(ctx.db, row.listing_id)!);
    const wishlists = allWishlists(ctx.db);
    const saved = savedIn(ctx.db);
    const back = `/wishlists/${wishlist.id}`;
    return ctx.render({
      title: wishlist.name,
      section: 'wishlists',
      body: html`<a class="link back-link" href="/wishlists">‹ Wishlists</a>
<div class="page-head"><h1>${wishlist.name}</h1>
  <form method="post" action="/wishlists/${wishlist.id}/delete" data-confirm="Delete ${wishlist.name}? The stays saved to it stay on Roamly." data-confirm-label="Delete"><button class="btn btn-quiet">Delete wishlist</button></form></div>
<p class="muted">${items.length} saved</p>
${items.length === 0 ? emptyState('Nothing saved yet', 'As you search, open the ♡ menu on a stay to save it here.') : ''}
<div class="result-grid">${items.map(
        (
          listing,
        ) => html`<div class="wish-item">${resultCard({ listing, href: `/listings/${listing.id}`, nightlyCents: listing.nightly_cents, price: null, wishlists, savedTo: saved.get(listing.id), back })}
  <form method="post" action="/wishlists/${wishlist.id}/items/${listing.id}/delete"><input type="hidden" name="back" value="${back}"><button class="btn btn-quiet btn-small" aria-label="Remove ${listing.title} from ${wishlist.name}">Remove</button></form></div>`,
      )}</div>`,
    });
  });

  app.post('/wishlists/:id/items', (ctx) => {
    const wishlist = loadWishlist(ctx);
    const listing = findListing(ctx.db, ctx.form.get('listing_id') ?? '');
    const back = backTo(ctx, `/wishlists/${wishlist.id}`);
    if (!listing)
      return ctx.redirect(back, { kind: 'error', message: "That stay isn't available any more." });
    const exists = ctx.db
      .prepare('SELECT 1 FROM wishlist_items WHERE wishlist_id = ? AND listing_id = ?')
      .get(wishlist.id, listing.id);
    if (exists) return ctx.redirect(back, { kind: 'info', message: `Already in ${wishlist.name}` });
    ctx.db
      .prepare('INSERT INTO wishlist_items (wishlist_id, listing_id, created_at) VALUES (?, ?, ?)')
      .run(wishlist.id, listing.id, ctx.now().toISOString());
    return ctx.redirect(back, { kind: 'success', message: `Saved to ${wishlist.name}` });
  });

  app.post('/wishlists/:id/items/:listing/delete', (ctx) => {
    const wishlist = loadWishlist(ctx);
    const removed = ctx.db
      .prepare('DELETE FROM wishlist_items WHERE wishlist_id = ? AND listing_id = ?')
      .run(wishlist.id, Number(ctx.params.listing)).changes;
    const back = backTo(ctx, `/wishlists/${wishlist.id}`);
    return ctx.redirect(
      back,
      removed
        ? { kind: 'success', message: `Removed from ${wishlist.name}` }
        : { kind: 'info', message: `Not in ${wishlist.name}` },
    );
  });

  app.post('/wishlists/:id/delete', (ctx) => {
    const wishlist = loadWishlist(ctx);
    ctx.db.prepare('DELETE FROM wishlists WHERE id = ?').run(wishlist.id);
    return ctx.redirect('/wishlists', { kind: 'success', message: `Deleted ${wishlist.name}` });
  });
}
