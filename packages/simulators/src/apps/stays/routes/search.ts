import { type AppBuilder, formatDate, html, type RequestContext, type SafeHtml } from '../../../kit';
import { CITIES } from '../data/cities';
import {
  allCities,
  allWishlists,
  type City,
  guestsLabel,
  matchCity,
  PROPERTY_TYPES,
  RATING_FILTERS,
  readFilters,
  readStay,
  type SearchFilters,
  type SearchResult,
  SORTS,
  savedIn,
  searchListings,
} from '../queries';
import { dateRange, emptyState, guestsPicker, mapPin, resultCard, stayQuery } from '../views/parts';

/** The home page, the search page with filters, the results list with infinite scroll and the map. */

export const PAGE_SIZE = 12;
const FILTER_AMENITIES = [
  'Wifi',
  'Kitchen',
  'Washer',
  'Air conditioning',
  'Dedicated workspace',
  'Free parking',
  'Pool',
  'Hot tub',
  'Step-free access',
  'Crib',
];

function today(ctx: RequestContext): string {
  return ctx.now().toISOString().slice(0, 10);
}

export function searchBar(
  ctx: RequestContext,
  values: { where: string; checkIn: string; checkOut: string; filters?: SearchFilters },
): SafeHtml {
  const guests = values.filters?.guests ?? { adults: 1, children: 0, infants: 0 };
  return html`<form class="searchbar" method="get" action="/search" role="search" aria-label="Search stays">
  <label class="field where" for="where"><span class="field-label">Where</span>
    <input id="where" name="where" list="destinations" value="${values.where}" placeholder="Search destinations" autocomplete="off"></label>
  <datalist id="destinations">${CITIES.map((c) => html`<option value="${c.name}">${c.name}, ${c.country}</option>`)}</datalist>
  ${dateRange({ checkIn: values.checkIn, checkOut: values.checkOut, today: today(ctx), idPrefix: 'search' })}
  ${guestsPicker(guests, 'search')}
  <button class="btn btn-primary search-button">Search</button>
</form>`;
}

/** The search's own parameters, which the filters form and the sort keep as hidden fields. */
function hiddenSearch(ctx: RequestContext, except: string[]): SafeHtml {
  const keep = [
    'where',
    'check_in',
    'check_out',
    'adults',
    'children',
    'infants',
    'min_price',
    'max_price',
    'type',
    'amenity',
    'rating',
    'free_cancel',
    'sort',
  ];
  return html`${keep
    .filter((name) => !except.includes(name))
    .flatMap((name) =>
      ctx.query.getAll(name).map((value) => html`<input type="hidden" name="${name}" value="${value}">`),
    )}`;
}

function filtersForm(ctx: RequestContext, filters: SearchFilters): SafeHtml {
  return html`<form class="filters" method="get" action="/search" aria-label="Filters">
  ${hiddenSearch(ctx, ['min_price', 'max_price', 'type', 'amenity', 'rating', 'free_cancel'])}
  <h2>Filters</h2>
  <fieldset><legend>Price per night</legend>
    <div class="price-range">
      <label>Minimum <input type="number" name="min_price" min="0" step="1" value="${filters.minPrice ?? ''}" placeholder="$0"></label>
      <label>Maximum <input type="number" name="max_price" min="0" step="1" value="${filters.maxPrice ?? ''}" placeholder="$1000+"></label>
    </div>
  </fieldset>
  <fieldset><legend>Type of place</legend>
    ${Object.entries(PROPERTY_TYPES).map(([value, label]) => html`<label class="check"><input type="checkbox" name="type" value="${value}" ${filters.types.includes(value) ? 'checked' : ''}> ${label}</label>`)}
  </fieldset>
  <fieldset><legend>Amenities</legend>
    ${FILTER_AMENITIES.map((name) => html`<label class="check"><input type="checkbox" name="amenity" value="${name}" ${filters.amenities.includes(name) ? 'checked' : ''}> ${name}</label>`)}
  </fieldset>
  <fieldset><legend>Guest rating</legend>
    <label class="check"><input type="radio" name="rating" value="" ${filters.rating === null ? 'checked' : ''}> Any</label>
    ${RATING_FILTERS.map((value) => html`<label class="check"><input type="radio" name="rating" value="${value}" ${filters.rating === Number(value) ? 'checked' : ''}> ${value}+</label>`)}
  </fieldset>
  <fieldset><legend>Booking options</legend>
    <label class="check"><input type="checkbox" name="free_cancel" value="1" ${filters.freeCancel ? 'checked' : ''}> Free cancellation</label>
  </fieldset>
  <div class="filter-actions">
    <a class="link" href="${ctx.link('/search', { where: filters.where, ...stayQuery({ checkIn: ctx.query.get('check_in') ?? '', checkOut: ctx.query.get('check_out') ?? '', guests: filters.guests }) })}">Clear all</a>
    <button class="btn btn-dark">Apply filters</button>
  </div>
</form>`;
}

function resultLinks(ctx: RequestContext, filters: SearchFilters) {
  const stay = filters.stay;
  const query = stayQuery({ checkIn: stay?.checkIn, checkOut: stay?.checkOut, guests: filters.guests });
  return (id: number) => ctx.link(`/listings/${id}`, query);
}

/** The current address with another value for one parameter. */
function withParam(ctx: RequestContext, path: string, name: string, value: string | number): string {
  const params = new URLSearchParams(ctx.query);
  params.delete('offset');
  params.delete('shown');
  params.set(name, String(value));
  return `${path}?${params.toString()}`;
}

function cardsAndPins(ctx: RequestContext, filters: SearchFilters, results: SearchResult[]) {
  const wishlists = allWishlists(ctx.db);
  const saved = savedIn(ctx.db);
  const href = resultLinks(ctx, filters);
  const back = `${ctx.url.pathname === '/search/results' ? '/search' : ctx.url.pathname}${ctx.url.search}`;
  return {
    cards: results.map((r) =>
      resultCard({
        listing: r.listing,
        href: href(r.listing.id),
        nightlyCents: r.nightlyCents,
        price: r.price,
        wishlists,
        savedTo: saved.get(r.listing.id),
        back,
      }),
    ),
    pins: results.map((r) => mapPin(r.listing, href(r.listing.id), r.nightlyCents)),
  };
}

function searchState(ctx: RequestContext) {
  const stayRead = readStay(ctx.query, today(ctx));
  const filters = readFilters(ctx.query, stayRead.stay);
  const city = matchCity(ctx.db, filters.where);
  const results = city ? searchListings(ctx.db, city, filters) : [];
  return { stayRead, filters, city, results };
}

function shownCount(ctx: RequestContext): number {
  const n = Number(ctx.query.get('shown'));
  return Number.isInteger(n) && n > PAGE_SIZE ? Math.min(n, 1000) : PAGE_SIZE;
}

function endOfResults(ctx: RequestContext, total: number, shown: number): SafeHtml {
  if (shown >= total)
    return html`<p class="results-end" role="status">${total === 0 ? '' : `You've seen all ${total} stays`}</p>`;
  return html`<div class="load-more" data-load-more="${withParam(ctx, '/search/results', 'offset', shown)}" data-total="${total}">
    <span class="spinner" aria-hidden="true"></span>
    <a class="btn btn-quiet" href="${withParam(ctx, '/search', 'shown', shown + PAGE_SIZE)}">Show more stays</a>
  </div>`;
}

function summaryLine(filters: SearchFilters): string {
  const parts: string[] = [];
  if (filters.stay) parts.push(`${formatDate(filters.stay.checkIn)} – ${formatDate(filters.stay.checkOut)}`);
  parts.push(guestsLabel(filters.guests));
  return parts.join(' · ');
}

function cityCards(cities: City[]): SafeHtml {
  return html`<div class="city-grid">${cities.map((c) => {
    const data = CITIES.find((d) => d.id === c.id)!;
    return html`<a class="city-card" href="/search?where=${encodeURIComponent(c.name)}" style="--hue:${(c.id * 53) % 360}"><span class="city-name">${c.name}</span><span class="city-country">${c.country}</span><span class="city-tagline">${data.tagline}</span></a>`;
  })}</div>`;
}

export function searchRoutes(app: AppBuilder): void {
  app.get('/', (ctx) => {
    const wishlists = allWishlists(ctx.db);
    const saved = savedIn(ctx.db);
    const picks = searchListings(
      ctx.db,
      matchCity(ctx.db, 'Lisbon')!,
      readFilters(new URLSearchParams('sort=rating'), null),
    ).slice(0, 4);
    return ctx.render({
      title: 'Find your next stay',
      section: 'explore',
      body: html`<section class="hero"><h1>Find your next stay</h1><p>Homes, lofts and cabins in ${CITIES.length} cities, with prices that include every fee.</p>
        ${searchBar(ctx, { where: '', checkIn: '', checkOut: '' })}</section>
        <h2 class="section-title">Explore cities</h2>
        ${cityCards(allCities(ctx.db))}
        <h2 class="section-title">Guest favourites in Lisbon</h2>
        <div class="result-grid">${picks.map((r) =>
          resultCard({
            listing: r.listing,
            href: `/listings/${r.listing.id}`,
            nightlyCents: r.nightlyCents,
            price: null,
            wishlists,
            savedTo: saved.get(r.listing.id),
            back: '/',
          }),
        )}</div>`,
    });
  });

  app.get('/search', (ctx) => {
    const { stayRead, filters, city, results } = searchState(ctx);
    const bar = searchBar(ctx, {
      where: filters.where,
      checkIn: stayRead.checkIn,
      checkOut: stayRead.checkOut,
      filters,
    });
    if (!city) {
      const message =
        filters.where === ''
          ? emptyState('Where to?', 'Choose a destination to see stays there.')
          : emptyState(
              `We don't have stays in “${filters.where}” yet`,
              `Try ${CITIES.map((c) => c.name).join(', ')}.`,
            );
      return ctx.render({
        title: 'Search',
        section: 'search',
        status: filters.where === '' ? 200 : 404,
        body: html`<section class="search-head">${bar}</section>${message}${cityCards(allCities(ctx.db))}`,
      });
    }
    const shown = shownCount(ctx);
    const { cards, pins } = cardsAndPins(ctx, filters, results.slice(0, shown));
    const data = CITIES.find((c) => c.id === city.id)!;
    return ctx.render({
      title: `Stays in ${city.name}`,
      section: 'search',
      body: html`<section class="search-head">${bar}
        ${stayRead.error && html`<div class="alert alert-error" role="alert">${stayRead.error} Showing stays for any dates.</div>`}</section>
      <div class="search-layout">
        ${filtersForm(ctx, filters)}
        <section class="results" aria-label="Results">
          <div class="results-head">
            <div><h1>${results.length} stay${results.length === 1 ? '' : 's'} in ${city.name}</h1><p class="muted">${summaryLine(filters)}</p></div>
            <form method="get" action="/search" class="sort-form">${hiddenSearch(ctx, ['sort'])}
              <label for="sort">Sort by</label>
              <select id="sort" name="sort" data-autosubmit>${Object.entries(SORTS).map(([value, label]) => html`<option value="${value}" ${filters.sort === value ? 'selected' : ''}>${label}</option>`)}</select>
              <noscript><button class="btn btn-quiet">Sort</button></noscript>
            </form>
          </div>
          ${results.length === 0 ? emptyState('No exact matches', 'Try changing or removing some of your filters, or adjusting your dates.') : ''}
          <div class="result-list" data-results>${cards}</div>
          ${endOfResults(ctx, results.length, Math.min(shown, results.length))}
        </section>
        <aside class="map-panel" aria-label="Map of ${city.name}">
          <div class="map-canvas" style="--hue:${(city.id * 53) % 360}" data-pins>
            <span class="map-water"></span><span class="map-park"></span><span class="map-label">${city.name} · ${data.country}</span>
            ${pins}
          </div>
        </aside>
      </div>`,
    });
  });

  // The next page of results for the infinite scroll: cards and pins, without the page around them.
  app.get('/search/results', (ctx) => {
    const { filters, city, results } = searchState(ctx);
    if (!city) return ctx.html(html`<div class="fragment"></div>`, 404);
    const offset = Math.max(0, Number(ctx.query.get('offset')) || 0);
    const page = results.slice(offset, offset + PAGE_SIZE);
    const { cards, pins } = cardsAndPins(ctx, filters, page);
    const nextOffset = offset + page.length;
    return ctx.html(html`<div class="fragment">
  <div class="fragment-cards">${cards}</div>
  <div class="fragment-pins">${pins}</div>
  <div class="fragment-end">${endOfResults(ctx, results.length, nextOffset)}</div>
</div>`);
  });
}
