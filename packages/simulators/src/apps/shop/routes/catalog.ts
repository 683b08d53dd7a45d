import {
  type AppBuilder,
  fieldError,
  formatDate,
  HttpError,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import {
  availability,
  brandFacet,
  findProduct,
  PRODUCT_SORTS,
  type ProductCard,
  type ProductFilters,
  parseFilters,
  productCards,
  productVariants,
  searchProducts,
} from '../catalog';
import { FREE_STANDARD_SHIPPING_CENTS, RETURN_WINDOW_DAYS, SHIPPING_OPTIONS } from '../pricing';
import { breadcrumbs, money, pager, productPicture, stars } from '../views/parts';

const REVIEW_PAGE_SIZE = 8;

export function productCard(product: ProductCard): SafeHtml {
  const stock = availability(product.stock);
  return html`<article class="product-card">
  <a href="/products/${product.slug}" class="product-card-link">
    ${productPicture(product.icon, product.swatch, product.name)}
    ${product.compare_at_cents !== null && html`<span class="ribbon">Sale</span>`}
    <span class="product-brand">${product.brand}</span>
    <h3 class="product-name">${product.name}</h3>
  </a>
  ${stars(product.rating, product.review_count)}
  <p class="product-price">${product.price_cents !== product.max_price_cents && html`<span class="muted small">From </span>`}<b>${money(product.price_cents)}</b>
  ${product.compare_at_cents !== null && html` <s class="muted">${money(product.compare_at_cents)}</s>`}</p>
  <p class="stock stock-${stock.tone}">${stock.label}</p>
</article>`;
}

function home(ctx: RequestContext) {
  const categories = ctx.db
    .prepare<[], { slug: string; name: string; blurb: string; n: number }>(
      `SELECT c.slug, c.name, c.blurb, count(p.id) AS n FROM categories c LEFT JOIN products p ON p.category_id = c.id
       GROUP BY c.id ORDER BY c.id`,
    )
    .all();
  const sale = searchProducts(ctx.db, {
    ...parseFilters(new URLSearchParams()),
    sale: true,
    inStock: true,
    sort: 'rating',
  });
  const best = productCards(ctx.db, [1, 3, 13, 2]);
  return ctx.render({
    title: 'Home and kitchen goods',
    section: 'home',
    body: html`<section class="hero">
  <div><p class="eyebrow">The spring table</p><h1>Made to be used, every single day.</h1>
  <p>Stoneware, linen and cast iron from small makers we know by name. Free standard shipping over ${money(FREE_STANDARD_SHIPPING_CENTS)}.</p>
  <a class="btn btn-primary" href="/products?category=tableware">Shop tableware</a> <a class="btn btn-ghost" href="/products?sale=1">See the sale</a></div>
  ${productPicture('mug', '#3f6e9e', 'Harbor Stoneware Mug in Blue', 'hero')}
</section>
<h2 class="section-title">Shop by department</h2>
<div class="category-grid">${categories.map(
      (c) =>
        html`<a class="category-tile" href="/products?category=${c.slug}"><b>${c.name}</b><span class="muted small">${c.blurb}</span><span class="small">${c.n} products →</span></a>`,
    )}</div>
<h2 class="section-title">Customer favourites</h2>
<div class="product-grid">${best.map(productCard)}</div>
<h2 class="section-title">On sale now <a class="small" href="/products?sale=1">View all ${sale.total} →</a></h2>
<div class="product-grid">${sale.products.slice(0, 8).map(productCard)}</div>`,
  });
}

function filterLink(
  ctx: RequestContext,
  filters: ProductFilters,
  changes: Partial<Record<string, string | number | null>>,
): string {
  const query = new URLSearchParams();
  const base: Record<string, string | number | null> = {
    q: filters.q,
    category: filters.category,
    min: filters.minPrice === null ? null : filters.minPrice / 100,
    max: filters.maxPrice === null ? null : filters.maxPrice / 100,
    rating: filters.minRating,
    stock: filters.inStock ? 1 : null,
    sale: filters.sale ? 1 : null,
    sort: filters.sort === 'featured' ? null : filters.sort,
    page: null,
    ...changes,
  };
  for (const [key, value] of Object.entries(base))
    if (value !== null && value !== '') query.set(key, String(value));
  for (const brand of filters.brands) query.append('brand', brand);
  const search = query.toString();
  return search ? `${ctx.url.pathname}?${search}` : ctx.url.pathname;
}

function productList(ctx: RequestContext) {
  const filters = parseFilters(ctx.query);
  const { products, total, pages } = searchProducts(ctx.db, filters);
  const category = ctx.db
    .prepare<[string], { name: string; blurb: string }>('SELECT name, blurb FROM categories WHERE slug = ?')
    .get(filters.category);
  const heading = filters.q
    ? `Results for “${filters.q}”`
    : filters.sale
      ? 'Sale'
      : (category?.name ?? 'All products');
  const brands = brandFacet(ctx.db, filters.category);
  const first = total === 0 ? 0 : (filters.page - 1) * 24 + 1;
  return ctx.render({
    title: heading,
    section: 'products',
    body: html`${breadcrumbs([
      ['Home', '/'],
      [heading, null],
    ])}
<div class="listing-head"><div><h1>${heading}</h1>${category && !filters.q && html`<p class="muted">${category.blurb}</p>`}</div></div>
<div class="listing">
<form class="filters" method="get" action="/products" aria-label="Filters">
  ${filters.q && html`<input type="hidden" name="q" value="${filters.q}">`}
  ${filters.category && html`<input type="hidden" name="category" value="${filters.category}">`}
  ${filters.sale && html`<input type="hidden" name="sale" value="1">`}
  <input type="hidden" name="sort" value="${filters.sort}">
  <fieldset><legend>Price</legend><div class="price-range">
    <label class="sr-label" for="f-min">Min price</label><input id="f-min" name="min" inputmode="decimal" placeholder="$ Min" value="${filters.minPrice === null ? '' : filters.minPrice / 100}">
    <span>–</span>
    <label class="sr-label" for="f-max">Max price</label><input id="f-max" name="max" inputmode="decimal" placeholder="$ Max" value="${filters.maxPrice === null ? '' : filters.maxPrice / 100}">
  </div></fieldset>
  <fieldset><legend>Customer rating</legend>${[4, 3].map(
    (r) =>
      html`<label class="check"><input type="radio" name="rating" value="${r}" ${filters.minRating === r ? 'checked' : ''}> ${r}★ &amp; up</label>`,
  )}<label class="check"><input type="radio" name="rating" value="" ${filters.minRating === null ? 'checked' : ''}> Any rating</label></fieldset>
  <fieldset><legend>Availability</legend><label class="check"><input type="checkbox" name="stock" value="1" ${filters.inStock ? 'checked' : ''}> In stock only</label></fieldset>
  <fieldset><legend>Brand</legend>${brands.map(
    (b) =>
      html`<label class="check"><input type="checkbox" name="brand" value="${b.name}" ${filters.brands.includes(b.name) ? 'checked' : ''}> ${b.name} <span class="muted small">${b.n}</span></label>`,
  )}</fieldset>
  <button class="btn btn-primary btn-block">Apply filters</button>
  <a class="btn btn-ghost btn-block" href="${ctx.link('/products', { q: filters.q, category: filters.category })}">Clear all</a>
</form>
<section class="results">
  <div class="results-bar"><p class="muted" id="result-count">Showing ${first}–${first === 0 ? 0 : first + products.length - 1} of ${total} products</p>
  <form method="get" action="/products">${Array.from(ctx.query.entries())
    .filter(([key]) => key !== 'sort' && key !== 'page')
    .map(([key, value]) => html`<input type="hidden" name="${key}" value="${value}">`)}
  <label for="sort">Sort by</label> <select id="sort" name="sort" data-autosubmit>${Object.entries(
    PRODUCT_SORTS,
  ).map(
    ([value, [label]]) =>
      html`<option value="${value}" ${filters.sort === value ? 'selected' : ''}>${label}</option>`,
  )}</select></form></div>
  ${
    products.length === 0
      ? html`<div class="empty"><h2>No products match</h2><p class="muted">Try removing a filter or searching for something broader.</p></div>`
      : html`<div class="product-grid">${products.map(productCard)}</div>`
  }
  ${pager(filters.page, pages, (page) => filterLink(ctx, filters, { page }), `${total} products`)}
</section></div>`,
  });
}

function productPage(
  ctx: RequestContext,
  slug: string,
  form: { color?: string; size?: string; quantity?: string; error?: string } = {},
  status = 200,
) {
  const product = findProduct(ctx.db, slug);
  if (!product) throw new HttpError(404);
  const variants = productVariants(ctx.db, product.id);
  const colors = [...new Map(variants.map((v) => [v.color, v.swatch])).entries()];
  const sizes = [...new Set(variants.map((v) => v.size))];
  const selectedColor = form.color ?? variants.find((v) => v.stock > 0)?.color ?? colors[0]?.[0];
  const selectedSize =
    form.size ?? variants.find((v) => v.stock > 0 && v.color === selectedColor)?.size ?? sizes[0];
  const selected = variants.find((v) => v.color === selectedColor && v.size === selectedSize);
  const prices = variants.map((v) => v.price_cents);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const saved = ctx.user
    ? ctx.db
        .prepare<[number], { n: number }>('SELECT count(*) AS n FROM wishlist_items WHERE product_id = ?')
        .get(product.id)?.n === 1
    : false;
  const histogram = ctx.db
    .prepare<[number], { rating: number; n: number }>(
      'SELECT rating, count(*) AS n FROM reviews WHERE product_id = ? GROUP BY rating',
    )
    .all(product.id);
  const reviewSort =
    ctx.query.get('reviews') === 'lowest'
      ? 'rating ASC, created_at DESC'
      : ctx.query.get('reviews') === 'highest'
        ? 'rating DESC, created_at DESC'
        : 'created_at DESC';
  const reviewPage = Math.max(1, Number.parseInt(ctx.query.get('rpage') ?? '1', 10) || 1);
  const reviewPages = Math.max(1, Math.ceil(product.review_count / REVIEW_PAGE_SIZE));
  const reviews = ctx.db
    .prepare<
      [number],
      {
        author: string;
        location: string;
        rating: number;
        title: string;
        body: string;
        verified: number;
        created_at: string;
      }
    >(
      `SELECT author, location, rating, title, body, verified, created_at FROM reviews WHERE product_id = ?
       ORDER BY ${reviewSort}, id LIMIT ${REVIEW_PAGE_SIZE} OFFSET ${(reviewPage - 1) * REVIEW_PAGE_SIZE}`,
    )
    .all(product.id);
  const selectedAvailability = availability(selected?.stock ?? 0);
  return ctx.render({
    title: product.name,
    section: 'products',
    status,
    body: html`${breadcrumbs([
      ['Home', '/'],
      [product.category, `/products?category=${product.category_slug}`],
      [product.name, null],
    ])}
<div class="pdp">
  <div class="pdp-gallery">${productPicture(product.icon, selected?.swatch ?? '#999', `${product.name} in ${selectedColor}`, 'lg')}</div>
  <div class="pdp-info">
    <a class="product-brand" href="${ctx.link('/products', { brand: product.brand })}">${product.brand}</a>
    <h1>${product.name}</h1>
    <a href="#reviews" class="rating-link">${stars(product.rating, product.review_count)}</a>
    <p class="pdp-price"><b>${low === high ? money(low) : html`${money(low)} – ${money(high)}`}</b>
      ${product.compare_at_cents !== null && html`<s class="muted">Was ${money(product.compare_at_cents)}</s> <span class="badge badge-sale">Sale</span>`}</p>
    ${product.final_sale === 1 && html`<p class="notice notice-warning">Final sale: this item can't be returned or exchanged.</p>`}
    <form method="post" action="/cart/items" class="buy-box" novalidate>
      <input type="hidden" name="product" value="${product.id}">
      <fieldset class="swatches"><legend>Colour: <b>${selectedColor}</b></legend>${colors.map(
        ([color, swatch]) =>
          html`<label class="swatch"><input type="radio" name="color" value="${color}" ${color === selectedColor ? 'checked' : ''}><span class="swatch-dot" style="background:${swatch}"></span>${color}</label>`,
      )}</fieldset>
      ${
        sizes.length > 1 || sizes[0] !== 'Standard'
          ? html`<fieldset class="sizes"><legend>Size</legend>${sizes.map(
              (size) =>
                html`<label class="size"><input type="radio" name="size" value="${size}" ${size === selectedSize ? 'checked' : ''}><span>${size}</span></label>`,
            )}</fieldset>`
          : html`<input type="hidden" name="size" value="${sizes[0]}">`
      }
      <div class="buy-row"><label for="quantity">Quantity</label>
      <select id="quantity" name="quantity">${[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(
        (n) => html`<option ${String(n) === (form.quantity ?? '1') ? 'selected' : ''}>${n}</option>`,
      )}</select>
      <span class="stock stock-${selectedAvailability.tone}" id="selected-stock">${selected ? `${selectedColor} / ${selectedSize}: ${selectedAvailability.label}` : ''}</span></div>
      ${fieldError(form.error)}
      <div class="buy-actions"><button class="btn btn-primary btn-lg">Add to cart</button></div>
    </form>
    ${
      ctx.user &&
      html`<form method="post" action="/wishlist/${product.id}${saved ? '/remove' : ''}" class="wish-form">
      <button class="btn btn-ghost">${saved ? '♥ Saved to wishlist' : '♡ Save to wishlist'}</button></form>`
    }
    <table class="variant-table"><caption>Availability by option</caption>
    <thead><tr><th>Colour</th><th>Size</th><th>Price</th><th>Availability</th></tr></thead>
    <tbody>${variants.map((v) => {
      const a = availability(v.stock);
      return html`<tr><td><span class="swatch-dot small" style="background:${v.swatch}"></span> ${v.color}</td><td>${v.size}</td><td>${money(v.price_cents)}</td><td class="stock-${a.tone}">${a.label}</td></tr>`;
    })}</tbody></table>
    <details open><summary>Details</summary><p>${product.description}</p>
    <dl class="specs"><dt>Material</dt><dd>${product.material}</dd><dt>Care</dt><dd>${product.care}</dd><dt>SKU</dt><dd>${selected?.sku}</dd></dl></details>
    <details><summary>Shipping &amp; returns</summary><p>Standard shipping is free on orders over ${money(FREE_STANDARD_SHIPPING_CENTS)}.
      Return unused items within ${RETURN_WINDOW_DAYS} days of delivery${product.final_sale === 1 ? ' (not this one: final sale)' : ''}.</p></details>
  </div>
</div>
<section id="reviews" class="reviews">
  <h2>Customer reviews</h2>
  <div class="review-summary">
    <div class="review-score"><span class="big">${product.rating.toFixed(1)}</span>${stars(product.rating)}<p class="muted">${product.review_count} reviews</p></div>
    <table class="histogram" aria-label="Rating breakdown"><tbody>${[5, 4, 3, 2, 1].map((r) => {
      const n = histogram.find((h) => h.rating === r)?.n ?? 0;
      const pct = product.review_count === 0 ? 0 : Math.round((n / product.review_count) * 100);
      return html`<tr><th scope="row">${r} star</th><td><span class="bar"><span style="width:${pct}%"></span></span></td><td class="count">${n}</td></tr>`;
    })}</tbody></table>
  </div>
  <form method="get" action="/products/${product.slug}#reviews" class="review-sort"><label for="review-sort">Sort reviews</label>
    <select id="review-sort" name="reviews" data-autosubmit><option value="">Newest</option>
    <option value="highest" ${ctx.query.get('reviews') === 'highest' ? 'selected' : ''}>Highest rated</option>
    <option value="lowest" ${ctx.query.get('reviews') === 'lowest' ? 'selected' : ''}>Lowest rated</option></select></form>
  ${reviews.map(
    (r) => html`<article class="review">${stars(r.rating)}<h3>${r.title}</h3><p>${r.body}</p>
    <p class="muted small">${r.author} · ${r.location} · ${formatDate(r.created_at)}${r.verified === 1 && html` · <span class="verified">Verified buyer</span>`}</p></article>`,
  )}
  ${product.review_count > REVIEW_PAGE_SIZE && pager(reviewPage, reviewPages, (p) => ctx.link(`/products/${product.slug}`, { reviews: ctx.query.get('reviews'), rpage: p }), `${product.review_count} reviews`)}
</section>`,
  });
}

function helpPage(ctx: RequestContext, topic: string) {
  if (topic === 'shipping') {
    return ctx.render({
      title: 'Shipping',
      body: html`${breadcrumbs([
        ['Home', '/'],
        ['Help', null],
        ['Shipping', null],
      ])}<article class="prose"><h1>Shipping</h1>
<p>Orders placed before 2 pm Pacific on a business day leave our warehouse the same day. Delivery times are in business days (Monday to Friday).</p>
<table class="data"><thead><tr><th>Option</th><th>Delivery</th><th>Price</th></tr></thead><tbody>${SHIPPING_OPTIONS.map(
        (
          o,
        ) => html`<tr><td>${o.label}</td><td>${o.minDays === o.maxDays ? `${o.minDays} business day` : `${o.minDays}–${o.maxDays} business days`}</td>
<td>${money(o.priceCents)}${o.method === 'standard' ? html` · free over ${money(FREE_STANDARD_SHIPPING_CENTS)}` : ''}</td></tr>`,
      )}</tbody></table>
<p>Free-shipping promo codes apply to Standard shipping only.</p></article>`,
    });
  }
  if (topic === 'returns') {
    return ctx.render({
      title: 'Returns & refunds',
      body: html`${breadcrumbs([
        ['Home', '/'],
        ['Help', null],
        ['Returns', null],
      ])}<article class="prose"><h1>Returns &amp; refunds</h1>
<ul><li>You can return items within <b>${RETURN_WINDOW_DAYS} days of delivery</b>. Start a return from the order's page.</li>
<li>Items marked <b>Final sale</b> can't be returned or exchanged.</li>
<li>Choose a refund to your original payment method (5–7 business days after we receive it) or instant store credit.</li>
<li>Orders that haven't shipped yet can be cancelled from the order's page for a full refund.</li></ul></article>`,
    });
  }
  throw new HttpError(404);
}

export function catalogRoutes(app: AppBuilder): void {
  app.get('/', home, { access: 'public' });
  app.get('/products', productList, { access: 'public' });
  app.get('/products/:slug', (ctx) => productPage(ctx, ctx.params.slug ?? ''), { access: 'public' });
  app.get('/help/:topic', (ctx) => helpPage(ctx, ctx.params.topic ?? ''), { access: 'public' });
}

export { productPage };
