// Roamly's page behaviours: the date range picker, the guests counter, infinite scroll of results, map pins
// that follow the list, and the share window. Plain DOM over server-rendered markup.
(() => {
  // Month names, day keys and labels and the element builder are the kit's (kit.js runs first).
  const { MONTHS, dayOf, dayLabel, element } = window.kit;
  const ISO = /^\d{4}-\d{2}-\d{2}$/;
  const monthOf = (day) => ({ y: Number(day.slice(0, 4)), m: Number(day.slice(5, 7)) - 1 });

  /** Two months of days: the first click picks check-in, the second check-out; taken nights are disabled. */
  function dateRange(root) {
    const inputIn = root.querySelector('[data-range-end="in"]');
    const inputOut = root.querySelector('[data-range-end="out"]');
    const pop = root.querySelector('.dr-popover');
    const today = root.dataset.today;
    const taken = JSON.parse(root.dataset.taken || '[]');
    let stage = 'in';
    let view = monthOf(today);

    const nightTaken = (day) => taken.some(([start, end]) => start <= day && day < end);
    const checkoutLimit = (checkIn) =>
      taken
        .map(([start]) => start)
        .filter((start) => start > checkIn)
        .sort()[0] ?? '9999-12-31';

    function disabled(day) {
      if (day < today) return true;
      if (stage === 'in') return nightTaken(day);
      const checkIn = ISO.test(inputIn.value) ? inputIn.value : null;
      if (!checkIn || day <= checkIn) return nightTaken(day);
      return day > checkoutLimit(checkIn);
    }

    function monthGrid(y, m) {
      const box = element('div', { class: 'dr-month' });
      box.append(element('div', { class: 'dr-month-title' }, `${MONTHS[m]} ${y}`));
      const grid = element('div', { class: 'dr-grid', role: 'grid', 'aria-label': `${MONTHS[m]} ${y}` });
      for (const w of ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'])
        grid.append(element('span', { class: 'dr-weekday', 'aria-hidden': 'true' }, w));
      const first = new Date(Date.UTC(y, m, 1)).getUTCDay();
      for (let i = 0; i < first; i++) grid.append(element('span', { class: 'dr-blank' }));
      const days = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
      const checkIn = inputIn.value;
      const checkOut = inputOut.value;
      for (let d = 1; d <= days; d++) {
        const day = dayOf(y, m, d);
        const classes = ['dr-day'];
        if (day === checkIn || day === checkOut) classes.push('selected');
        if (checkIn && checkOut && day > checkIn && day < checkOut) classes.push('in-range');
        if (nightTaken(day)) classes.push('taken');
        if (day === today) classes.push('today');
        const off = disabled(day);
        grid.append(
          element(
            'button',
            {
              type: 'button',
              class: classes.join(' '),
              'data-date': day,
              'aria-label': dayLabel(day),
              'aria-pressed': String(day === checkIn || day === checkOut),
              disabled: off ? '' : undefined,
            },
            String(d),
          ),
        );
      }
      box.append(grid);
      return box;
    }

    function render() {
      pop.replaceChildren();
      const head = element('div', { class: 'dr-head' });
      const todayMonth = monthOf(today);
      const atStart = view.y < todayMonth.y || (view.y === todayMonth.y && view.m <= todayMonth.m);
      head.append(
        element(
          'button',
          {
            type: 'button',
            class: 'dr-nav',
            'data-nav': '-1',
            'aria-label': 'Previous month',
            disabled: atStart ? '' : undefined,
          },
          '‹',
        ),
        element(
          'p',
          { class: 'dr-hint', 'aria-live': 'polite' },
          stage === 'in' ? 'Select check-in date' : 'Select check-out date',
        ),
        element(
          'button',
          { type: 'button', class: 'dr-nav', 'data-nav': '1', 'aria-label': 'Next month' },
          '›',
        ),
      );
      const months = element('div', { class: 'dr-months' });
      const second = view.m === 11 ? { y: view.y + 1, m: 0 } : { y: view.y, m: view.m + 1 };
      months.append(monthGrid(view.y, view.m), monthGrid(second.y, second.m));
      const foot = element('div', { class: 'dr-foot' });
      foot.append(
        element('button', { type: 'button', class: 'link', 'data-clear': '' }, 'Clear dates'),
        element('button', { type: 'button', class: 'btn btn-dark btn-small', 'data-close': '' }, 'Close'),
      );
      pop.append(head, months, foot);
    }

    function open(which) {
      stage = which;
      const anchor =
        (which === 'out' && ISO.test(inputOut.value) && inputOut.value) ||
        (ISO.test(inputIn.value) && inputIn.value) ||
        today;
      view = monthOf(anchor < today ? today : anchor);
      render();
      pop.hidden = false;
      root.classList.add('open');
    }
    function close() {
      pop.hidden = true;
      root.classList.remove('open');
    }

    for (const [input, which] of [
      [inputIn, 'in'],
      [inputOut, 'out'],
    ]) {
      input.addEventListener('focus', () => open(which));
      input.addEventListener('click', () => pop.hidden && open(which));
      // Typing a date means the calendar is not wanted: it gets out of the way.
      input.addEventListener('input', close);
      input.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') close();
      });
    }
    pop.addEventListener('click', (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target) return;
      const nav = target.closest('[data-nav]');
      if (nav) {
        const next = view.m + Number(nav.dataset.nav);
        view = { y: view.y + Math.floor(next / 12), m: ((next % 12) + 12) % 12 };
        render();
        return;
      }
      if (target.closest('[data-clear]')) {
        inputIn.value = '';
        inputOut.value = '';
        stage = 'in';
        render();
        return;
      }
      if (target.closest('[data-close]')) {
        close();
        return;
      }
      const dayButton = target.closest('.dr-day');
      if (!dayButton || dayButton.disabled) return;
      const day = dayButton.dataset.date;
      if (stage === 'in' || !ISO.test(inputIn.value) || day <= inputIn.value) {
        inputIn.value = day;
        if (ISO.test(inputOut.value) && inputOut.value <= day) inputOut.value = '';
        if (ISO.test(inputOut.value) && inputOut.value > checkoutLimit(day)) inputOut.value = '';
        stage = 'out';
        render();
      } else {
        inputOut.value = day;
        close();
      }
      inputIn.dispatchEvent(new Event('change', { bubbles: true }));
    });
    document.addEventListener('click', (event) => {
      // The path, not contains(): a click on a day re-renders the calendar and detaches its target.
      if (!pop.hidden && !event.composedPath().includes(root)) close();
    });
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') close();
    });
  }

  /** Adults, children and infants with +/- buttons: adults and children together up to the place's maximum. */
  function guests(root) {
    const toggle = root.querySelector('.guests-toggle');
    const pop = root.querySelector('.guests-popover');
    const summary = root.querySelector('.guests-summary');
    const max = Number(root.dataset.max || 16);
    const rows = Object.fromEntries(
      Array.from(root.querySelectorAll('.guest-row'), (row) => [
        row.dataset.kind,
        { row, input: row.querySelector('input'), out: row.querySelector('output') },
      ]),
    );
    const value = (kind) => Number(rows[kind].input.value) || 0;

    function limits(kind) {
      const input = rows[kind].input;
      let high = Number(input.dataset.max);
      if (kind === 'adults') high = Math.min(high, max - value('children'));
      if (kind === 'children') high = Math.min(high, max - value('adults'));
      return [Number(input.dataset.min), high];
    }
    function update() {
      for (const kind of Object.keys(rows)) {
        const [low, high] = limits(kind);
        rows[kind].out.textContent = String(value(kind));
        rows[kind].row.querySelector('[data-step="-1"]').disabled = value(kind) <= low;
        rows[kind].row.querySelector('[data-step="1"]').disabled = value(kind) >= high;
      }
      const people = value('adults') + value('children');
      const infants = value('infants');
      summary.textContent = `${people} guest${people === 1 ? '' : 's'}${infants ? `, ${infants} infant${infants === 1 ? '' : 's'}` : ''}`;
    }
    const setOpen = (open) => {
      pop.hidden = !open;
      toggle.setAttribute('aria-expanded', String(open));
    };
    toggle.addEventListener('click', () => setOpen(pop.hidden));
    root.querySelector('.guests-done').addEventListener('click', () => setOpen(false));
    root.addEventListener('click', (event) => {
      const step = event.target instanceof Element ? event.target.closest('[data-step]') : null;
      if (!step || step.disabled) return;
      const kind = step.closest('.guest-row').dataset.kind;
      const [low, high] = limits(kind);
      rows[kind].input.value = String(Math.min(high, Math.max(low, value(kind) + Number(step.dataset.step))));
      update();
    });
    document.addEventListener('click', (event) => {
      if (!pop.hidden && !event.composedPath().includes(root)) setOpen(false);
    });
    update();
  }

  /** Loads the next results when the end of the list scrolls into view (or its button is pressed). */
  function infiniteScroll(list) {
    let loading = false;
    const mapPins = document.querySelector('[data-pins]');

    async function load(box) {
      if (loading || !box.isConnected) return;
      loading = true;
      box.classList.add('loading');
      try {
        const response = await fetch(box.dataset.loadMore, { headers: { accept: 'text/html' } });
        const template = document.createElement('template');
        template.innerHTML = await response.text();
        list.append(...template.content.querySelectorAll('.fragment-cards > .result-card'));
        mapPins?.append(...template.content.querySelectorAll('.fragment-pins > .pin'));
        const end = template.content.querySelector('.fragment-end');
        box.replaceWith(...(end ? Array.from(end.children) : []));
      } finally {
        loading = false;
      }
      watch();
    }

    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.isIntersecting) load(entry.target);
      },
      { rootMargin: '120px' },
    );

    function watch() {
      const box = document.querySelector('[data-load-more]');
      if (!box || box.dataset.watched) return;
      box.dataset.watched = 'yes';
      box.querySelector('a')?.addEventListener('click', (event) => {
        event.preventDefault();
        load(box);
      });
      observer.observe(box);
    }
    watch();
  }

  /** The pin of the card under the pointer lights up, and the card of the pin under it. */
  function linkMapAndList() {
    const mark = (id, on) => {
      for (const el of document.querySelectorAll(
        `.pin[data-listing="${id}"], .result-card[data-listing="${id}"]`,
      ))
        el.classList.toggle('active', on);
    };
    for (const type of ['mouseover', 'mouseout']) {
      document.addEventListener(type, (event) => {
        const target =
          event.target instanceof Element
            ? event.target.closest('.result-card[data-listing], .pin[data-listing]')
            : null;
        if (!target) return;
        const related =
          event.relatedTarget instanceof Element ? event.relatedTarget.closest('[data-listing]') : null;
        if (related === target) return;
        mark(target.dataset.listing, type === 'mouseover');
      });
    }
  }

  /** The wishlist menu of a card opens on hover; a tap on the heart opens it too, for touch screens. */
  function saveMenus() {
    document.addEventListener('click', (event) => {
      const heart = event.target instanceof Element ? event.target.closest('.heart') : null;
      const menu = heart?.closest('.save-menu');
      for (const open of document.querySelectorAll('.save-menu.open'))
        if (open !== menu) open.classList.remove('open');
      menu?.classList.toggle('open');
    });
  }

  function popups() {
    document.addEventListener('click', (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[data-popup]') : null;
      if (!link) return;
      event.preventDefault();
      window.open(link.href, `roamly-${link.dataset.popup}`, 'popup,width=520,height=680');
    });
  }

  function start() {
    for (const root of document.querySelectorAll('[data-daterange]')) dateRange(root);
    for (const root of document.querySelectorAll('[data-guests]')) guests(root);
    const list = document.querySelector('[data-results]');
    if (list) infiniteScroll(list);
    linkMapAndList();
    saveMenus();
    popups();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
