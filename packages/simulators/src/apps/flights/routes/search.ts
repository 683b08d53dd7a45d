import {
  type AppBuilder,
  classNames,
  fieldError,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import { FARE_CLASSES, type FareCode, fareClass } from '../data/fares';
import {
  addDays,
  dayLabel,
  dollars,
  filterItineraries,
  type Itinerary,
  itinerariesFor,
  itineraryByKey,
  SORTS,
  TIME_WINDOWS,
} from '../domain';
import {
  airportLabel,
  airports,
  CABINS,
  cabinFare,
  lastScheduleDay,
  readFilters,
  readSearch,
  type SearchErrors,
  searchParams,
  type TripSearch,
  travellersLabel,
} from '../search';
import {
  airlineMark,
  emptyState,
  fareRulesCard,
  flightNumbers,
  itineraryDetail,
  itineraryTimes,
} from '../views/parts';

/** The search form, its airport suggestions, the results with filters and paging, and the fare choice. */

const PAGE_SIZE = 8;

export function today(ctx: RequestContext): string {
  return ctx.now().toISOString().slice(0, 10);
}

function airportField(name: 'from' | 'to', label: string, value: string, error?: string): SafeHtml {
  return html`<div class="field airport-field" data-autocomplete>
  <label for="search-${name}">${label}</label>
  <input id="search-${name}" name="${name}" value="${value}" autocomplete="off" role="combobox" aria-expanded="false" aria-controls="search-${name}-list" aria-autocomplete="list" placeholder="City or airport">
  <ul id="search-${name}-list" class="suggestions" role="listbox" aria-label="${label} suggestions" hidden></ul>
  ${fieldError(error)}
</div>`;
}

function dateField(
  name: 'depart' | 'return',
  label: string,
  value: string,
  min: string,
  error?: string,
  hidden?: boolean,
): SafeHtml {
  return html`<div class="${classNames('field date-field', hidden && 'is-hidden')}" data-datepicker data-min="${min}" data-max="${lastScheduleDay()}" data-label="${label}">
  <label for="search-${name}">${label}</label>
  <input id="search-${name}" name="${name}" value="${value}" placeholder="YYYY-MM-DD" autocomplete="off" ${hidden ? 'disabled' : ''}>
  <div class="calendar" role="dialog" aria-label="Choose ${label.toLowerCase()} date" hidden></div>
  ${fieldError(error)}
</div>`;
}

function counterRow(
  name: 'adults' | 'children',
  label: string,
  hint: string,
  value: number,
  min: number,
  max: number,
): SafeHtml {
  return html`<div class="counter-row"><div><strong>${label}</strong><span class="muted small">${hint}</span></div>
  <div class="counter" data-counter="${name}" data-min="${min}" data-max="${max}">
    <button type="button" class="round" data-step="-1" aria-label="Fewer ${name}">−</button>
    <output aria-label="${label}">${value}</output>
    <button type="button" class="round" data-step="1" aria-label="More ${name}">+</button>
    <input type="hidden" name="${name}" value="${value}">
  </div></div>`;
}

export function searchForm(ctx: RequestContext, s: TripSearch, errors: SearchErrors = {}): SafeHtml {
  return html`<form method="get" action="/search" class="search-card" role="search" aria-label="Search flights" novalidate>
  <fieldset class="trip-type"><legend class="sr-only">Trip type</legend>
    <label class="pill-radio"><input type="radio" name="trip" value="round_trip" ${s.trip === 'round_trip' ? 'checked' : ''}> Round trip</label>
    <label class="pill-radio"><input type="radio" name="trip" value="one_way" ${s.trip === 'one_way' ? 'checked' : ''}> One way</label>
  </fieldset>
  <div class="search-grid">
    ${airportField('from', 'From', s.fromText, errors.from)}
    ${airportField('to', 'To', s.toText, errors.to)}
    ${dateField('depart', 'Depart', s.depart, today(ctx), errors.depart)}
    ${dateField('return', 'Return', s.ret, today(ctx), errors.ret, s.trip === 'one_way')}
    <div class="field travellers-field">
      <span class="field-label" id="travellers-label">Travellers</span>
      <button type="button" class="travellers-toggle" data-popover="travellers-pop" aria-labelledby="travellers-label" aria-expanded="false"><span data-travellers-summary>${travellersLabel(s.adults, s.children)}</span></button>
      <div id="travellers-pop" class="popover" role="dialog" aria-label="Travellers" hidden>
        ${counterRow('adults', 'Adults', '12 and older', s.adults, 1, 6)}
        ${counterRow('children', 'Children', '2 to 11', s.children, 0, 5)}
        <button type="button" class="btn btn-small btn-primary" data-popover-close>Done</button>
      </div>
      ${fieldError(errors.travellers)}
    </div>
    <div class="field"><label for="search-cabin">Cabin</label>
      <select id="search-cabin" name="cabin">${CABINS.map(([key, label]) => html`<option value="${key}" ${s.cabin === key ? 'selected' : ''}>${label}</option>`)}</select></div>
  </div>
  <button class="btn btn-primary btn-search">Search flights</button>
</form>`;
}

function blankSearch(): TripSearch {
  return {
    from: '',
    to: '',
    fromText: '',
    toText: '',
    trip: 'round_trip',
    depart: '',
    ret: '',
    adults: 1,
    children: 0,
    cabin: 'economy',
  };
}

function homePage(ctx: RequestContext, s: TripSearch, errors: SearchErrors = {}): SafeHtml {
  const upcoming = ctx.db
    .prepare<[string], { code: string; depart_at: string; origin: string; destination: string }>(
      `SELECT b.code, f.depart_at, f.origin, f.destination FROM bookings b
       JOIN booking_flights bf ON bf.booking_id = b.id AND bf.direction = 'outbound' AND bf.position = 0
       JOIN flights f ON f.schedule_id = bf.flight_id % 1000 AND f.day_idx = bf.flight_id / 1000
       WHERE b.status = 'confirmed' AND f.depart_at >= ? ORDER BY f.depart_at LIMIT 1`,
    )
    .get(ctx.now().toISOString().slice(0, 16));
  const deals: [string, string, string][] = [
    ['BOS', 'MCO', 'Sunshine in Orlando'],
    ['SFO', 'HNL', 'Aloha, Honolulu'],
    ['JFK', 'LHR', 'A week in London'],
    ['DEN', 'LAS', 'Weekend in Vegas'],
  ];
  return html`<section class="hero"><h1>Where to next, Jordan?</h1><p>Compare fares on four airlines, pick your seat and check in, all in one place.</p>
${searchForm(ctx, s, errors)}</section>
${upcoming ? html`<aside class="next-trip" aria-label="Your next trip"><span>Your next trip</span><strong>${upcoming.origin} → ${upcoming.destination}</strong><span>${dayLabel(upcoming.depart_at)}</span><a class="link" href="/trips/${upcoming.code}">View trip ${upcoming.code}</a></aside>` : ''}
<section class="ideas" aria-label="Trip ideas"><h2>Trip ideas</h2><div class="idea-grid">${deals.map(
    ([from, to, title]) =>
      html`<a class="idea" href="${ctx.link('/search', { from, to, trip: 'round_trip', depart: addDays(today(ctx), 21), return: addDays(today(ctx), 25), adults: 1, children: 0, cabin: 'economy' })}"><span class="idea-route">${from} → ${to}</span><strong>${title}</strong></a>`,
  )}</div></section>`;
}

function filtersForm(
  ctx: RequestContext,
  s: TripSearch,
  query: URLSearchParams,
  airlines: { code: string; name: string }[],
): SafeHtml {
  const f = readFilters(query);
  const keep = {
    ...searchParams(s),
    leg: query.get('leg') ?? '',
    out: query.get('out') ?? '',
    fare: query.get('fare') ?? '',
    sort: f.sort,
  };
  return html`<form method="get" action="/search" class="filters" aria-label="Filters">
  ${Object.entries(keep).map(([name, value]) => (value === '' ? '' : html`<input type="hidden" name="${name}" value="${value}">`))}
  <h2>Filters</h2>
  <fieldset><legend>Stops</legend>
    ${(
      [
        ['any', 'Any number of stops'],
        ['0', 'Nonstop only'],
        ['1', '1 stop'],
      ] as const
    ).map(
      ([value, label]) =>
        html`<label class="check"><input type="radio" name="stops" value="${value}" ${f.stops === value ? 'checked' : ''}> ${label}</label>`,
    )}
  </fieldset>
  <fieldset><legend>Airlines</legend>
    ${airlines.map((a) => html`<label class="check"><input type="checkbox" name="airline" value="${a.code}" ${f.airlines.includes(a.code) ? 'checked' : ''}> ${a.name}</label>`)}
  </fieldset>
  <fieldset><legend>Departure time</legend>
    ${TIME_WINDOWS.map(([key, label]) => html`<label class="check"><input type="checkbox" name="time" value="${key}" ${f.times.includes(key) ? 'checked' : ''}> ${label}</label>`)}
  </fieldset>
  <fieldset><legend>Price</legend>
    <label for="max-price">Maximum price per traveller ($)</label>
    <input id="max-price" name="max_price" type="number" min="0" step="1" value="${f.maxPrice ?? ''}">
  </fieldset>
  <button class="btn btn-primary btn-block">Apply filters</button>
  <a class="link small" href="${ctx.link('/search', { ...searchParams(s), leg: query.get('leg') ?? '', out: query.get('out') ?? '', fare: query.get('fare') ?? '' })}">Clear filters</a>
</form>`;
}

function resultCard(it: Itinerary, fare: FareCode, action: SafeHtml): SafeHtml {
  return html`<article class="result-card" aria-label="${flightNumbers(it)}" data-key="${it.key}">
  <div class="result-main">
    <div class="result-airline">${airlineMark(it.airline_code, it.airline_name)}<span class="flight-number">${flightNumbers(it)}</span></div>
    ${itineraryTimes(it)}
  </div>
  <div class="result-price"><span class="muted small">${fareClass(fare).name} from</span><strong class="price">${dollars(it.prices[fare])}</strong><span class="muted small">per traveller</span>${action}</div>
</article>`;
}

function pager(ctx: RequestContext, page: number, pages: number): SafeHtml {
  if (pages <= 1) return html``;
  const link = (n: number) => {
    const q = new URLSearchParams(ctx.url.search);
    q.set('page', String(n));
    return `/search?${q.toString()}`;
  };
  return html`<nav class="pager" aria-label="Pages">
  ${page > 1 ? html`<a class="btn btn-quiet" href="${link(page - 1)}" rel="prev">Previous</a>` : html`<span></span>`}
  <span class="page-status">Page ${page} of ${pages}</span>
  ${page < pages ? html`<a class="btn btn-quiet" href="${link(page + 1)}" rel="next">Next</a>` : html`<span></span>`}
</nav>`;
}

function resultsPage(ctx: RequestContext, s: TripSearch): SafeHtml {
  const query = ctx.query;
  const returning = query.get('leg') === 'return' && s.trip === 'round_trip';
  const outbound = returning ? itineraryByKey(ctx.db, query.get('out') ?? '') : undefined;
  const chosenFare = query.get('fare');
  const fare: FareCode =
    returning && FARE_CLASSES.some((f) => f.code === chosenFare)
      ? (chosenFare as FareCode)
      : cabinFare(s.cabin);
  const [from, to, day] = returning && outbound ? [s.to, s.from, s.ret] : [s.from, s.to, s.depart];
  const all = itinerariesFor(ctx.db, from, to, day).filter(
    (it) => it.depart_at > ctx.now().toISOString().slice(0, 16),
  );
  const filters = readFilters(query);
  const list = filterItineraries(all, filters, fare);
  const pages = Math.max(1, Math.ceil(list.length / PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Number(query.get('page')) || 1));
  const shown = list.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const airlines = ctx.db
    .prepare<[], { code: string; name: string }>('SELECT code, name FROM airlines ORDER BY name')
    .all();
  const names = Object.fromEntries(airports(ctx.db).map((a) => [a.code, a.city]));
  const base = { ...searchParams(s) };
  const dayLink = (shift: number) => {
    const q = new URLSearchParams(ctx.url.search);
    q.delete('page');
    const key = returning ? 'return' : 'depart';
    q.set(key, addDays(day, shift));
    return `/search?${q.toString()}`;
  };
  const canShift = (shift: number) => {
    const d = addDays(day, shift);
    if (d < today(ctx) || d > lastScheduleDay()) return false;
    if (s.trip === 'round_trip' && !returning && s.ret && d > s.ret) return false;
    if (returning && d < s.depart) return false;
    return true;
  };
  const action = (it: Itinerary) =>
    returning && outbound
      ? html`<form method="post" action="/booking/start"><input type="hidden" name="out" value="${outbound.key}"><input type="hidden" name="ret" value="${it.key}"><input type="hidden" name="fare" value="${fare}"><input type="hidden" name="adults" value="${s.adults}"><input type="hidden" name="children" value="${s.children}"><button class="btn btn-primary">Select</button></form>`
      : html`<a class="btn btn-primary" href="${ctx.link('/fares', { ...base, key: it.key })}">Select</a>`;
  return html`<div class="results-head">
  <p class="crumbs"><a class="link" href="${ctx.link('/', base)}">Change search</a> · ${travellersLabel(s.adults, s.children)} · ${s.trip === 'round_trip' ? 'Round trip' : 'One way'}</p>
  <h1>${returning ? 'Select your return flight' : 'Select your departing flight'}</h1>
  <p class="route-line"><strong>${names[from] ?? from} (${from}) to ${names[to] ?? to} (${to})</strong> · ${dayLabel(day)}</p>
  ${outbound ? html`<p class="chosen-out">Departing: ${flightNumbers(outbound)} · ${dayLabel(outbound.depart_at)} · ${fareClass(fare).name} fare</p>` : ''}
  <nav class="day-strip" aria-label="Nearby dates">
    ${canShift(-1) ? html`<a class="link" href="${dayLink(-1)}">‹ ${dayLabel(addDays(day, -1))}</a>` : html`<span></span>`}
    ${canShift(1) ? html`<a class="link" href="${dayLink(1)}">${dayLabel(addDays(day, 1))} ›</a>` : html`<span></span>`}
  </nav>
</div>
<div class="results-layout">
${filtersForm(ctx, s, query, airlines)}
<section class="results" aria-label="Flights">
  <div class="results-bar"><p class="result-count" role="status">${list.length} flight${list.length === 1 ? '' : 's'}${all.length !== list.length ? html` <span class="muted">(of ${all.length})</span>` : ''}</p>
  <form method="get" action="/search" class="sort-form">
    ${Array.from(query.entries())
      .filter(([name]) => name !== 'sort' && name !== 'page')
      .map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
    <label for="sort">Sort by</label>
    <select id="sort" name="sort" data-autosubmit>${SORTS.map(([key, label]) => html`<option value="${key}" ${filters.sort === key ? 'selected' : ''}>${label}</option>`)}</select>
  </form></div>
  ${shown.length ? shown.map((it) => resultCard(it, fare, action(it))) : emptyState('No flights match', 'Try another day, or clear some filters.')}
  ${pager(ctx, page, pages)}
</section>
</div>`;
}

function farePage(ctx: RequestContext, s: TripSearch, it: Itinerary): SafeHtml {
  const travellers = s.adults + s.children;
  const highlight = cabinFare(s.cabin);
  return html`<p class="crumbs"><a class="link" href="${ctx.link('/search', searchParams(s))}">‹ Back to flights</a></p>
<h1>Choose your fare</h1>
<section class="card" aria-label="Your flight"><h2>${it.origin} → ${it.destination} · ${dayLabel(it.depart_at)}</h2>${itineraryDetail(it)}</section>
<div class="fare-grid" role="list" aria-label="Fares">
${FARE_CLASSES.map((fare) => {
  const price = it.prices[fare.code];
  const button = html`<button class="btn btn-primary btn-block">Select ${fare.name}</button>`;
  const action =
    s.trip === 'round_trip'
      ? html`<a class="btn btn-primary btn-block" href="${ctx.link('/search', { ...searchParams(s), leg: 'return', out: it.key, fare: fare.code })}">Select ${fare.name}</a>`
      : html`<form method="post" action="/booking/start"><input type="hidden" name="out" value="${it.key}"><input type="hidden" name="fare" value="${fare.code}"><input type="hidden" name="adults" value="${s.adults}"><input type="hidden" name="children" value="${s.children}">${button}</form>`;
  return html`<article class="${classNames('fare-card', fare.code === highlight && 'suggested')}" role="listitem" aria-label="${fare.name}">
    <h3>${fare.name}</h3>
    <p class="fare-price"><strong>${dollars(price)}</strong> <span class="muted small">per traveller${s.trip === 'round_trip' ? ', this flight' : ''}</span></p>
    ${travellers > 1 ? html`<p class="muted small">${dollars(price * travellers)} for ${travellers} travellers</p>` : ''}
    ${action}
  </article>`;
})}
</div>
<section class="card" aria-label="Fare rules">${fareRulesCard(highlight)}</section>`;
}

export function searchRoutes(app: AppBuilder): void {
  app.get('/', (ctx) => {
    const prefill = ctx.query.get('from') ? readSearch(ctx.db, ctx.query, today(ctx)).search : blankSearch();
    return ctx.render({ title: 'Book a flight', section: 'book', body: homePage(ctx, prefill) });
  });

  app.get('/api/airports', (ctx) => {
    const q = (ctx.query.get('q') ?? '').trim().toLowerCase();
    const hits = q
      ? airports(ctx.db).filter(
          (a) =>
            a.code.toLowerCase().startsWith(q) ||
            a.city.toLowerCase().includes(q) ||
            a.name.toLowerCase().includes(q),
        )
      : [];
    return ctx.json(hits.slice(0, 8).map((a) => ({ code: a.code, label: airportLabel(a), name: a.name })));
  });

  app.get('/search', (ctx) => {
    const { search, errors } = readSearch(ctx.db, ctx.query, today(ctx));
    if (Object.keys(errors).length)
      return ctx.render({
        title: 'Book a flight',
        section: 'book',
        status: 422,
        body: homePage(ctx, search, errors),
      });
    return ctx.render({
      title: `${search.from} to ${search.to}`,
      section: 'results',
      body: resultsPage(ctx, search),
    });
  });

  app.get('/fares', (ctx) => {
    const { search, errors } = readSearch(ctx.db, ctx.query, today(ctx));
    const it = itineraryByKey(ctx.db, ctx.query.get('key') ?? '');
    if (Object.keys(errors).length || !it)
      return ctx.render({
        title: 'Book a flight',
        section: 'book',
        status: 422,
        body: homePage(ctx, search, errors),
      });
    return ctx.render({ title: 'Choose your fare', section: 'book', body: farePage(ctx, search, it) });
  });
}
