// Skyway's page behaviours: airport suggestions, the calendar popover, the travellers counter, the trip type
// switch and saved travellers filling the passenger form. Plain DOM over server-rendered markup.
(() => {
  // Month names, day keys and labels and the element builder are the kit's (kit.js runs first).
  const { MONTHS, pad, dayOf, dayLabel, element } = window.kit;
  const ISO = /^\d{4}-\d{2}-\d{2}$/;

  // ------------------------------------------------------------ airport suggestions
  function autocomplete(root) {
    const input = root.querySelector('input');
    const list = root.querySelector('[role="listbox"]');
    let active = -1;
    let seq = 0;
    const close = () => {
      list.hidden = true;
      input.setAttribute('aria-expanded', 'false');
      active = -1;
    };
    const choose = (label) => {
      input.value = label;
      close();
      input.dispatchEvent(new Event('change', { bubbles: true }));
    };
    const highlight = () => {
      for (const [i, li] of [...list.children].entries())
        li.setAttribute('aria-selected', String(i === active));
    };
    input.addEventListener('input', async () => {
      const q = input.value.trim();
      const mine = ++seq;
      if (!q) return close();
      const response = await fetch(`/api/airports?q=${encodeURIComponent(q)}`, {
        headers: { accept: 'application/json' },
      });
      const items = await response.json();
      if (mine !== seq) return;
      list.replaceChildren(
        ...items.map((item, i) => {
          const li = element('li', {
            role: 'option',
            id: `${list.id}-${i}`,
            'aria-selected': 'false',
            'data-label': item.label,
          });
          li.append(
            element('strong', {}, item.label),
            element('span', { class: 'muted small' }, ` ${item.name}`),
          );
          li.addEventListener('mousedown', (event) => {
            event.preventDefault();
            choose(item.label);
          });
          return li;
        }),
      );
      if (!items.length)
        list.append(element('li', { class: 'no-match', 'aria-disabled': 'true' }, 'No airports match'));
      list.hidden = false;
      input.setAttribute('aria-expanded', 'true');
      active = -1;
    });
    input.addEventListener('keydown', (event) => {
      const options = [...list.querySelectorAll('[role="option"]')];
      if (list.hidden || !options.length) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        active = (active + (event.key === 'ArrowDown' ? 1 : -1) + options.length) % options.length;
        highlight();
      } else if (event.key === 'Enter' && active >= 0) {
        event.preventDefault();
        choose(options[active].dataset.label);
      } else if (event.key === 'Escape') close();
    });
    input.addEventListener('blur', () => setTimeout(close, 150));
  }

  // ------------------------------------------------------------ calendar popover
  function datepicker(root) {
    const input = root.querySelector('input');
    const pop = root.querySelector('.calendar');
    const max = root.dataset.max;
    let view = null;
    const minDay = () => {
      let min = root.dataset.min;
      if (input.name === 'return') {
        const depart = document.querySelector('input[name="depart"]');
        if (depart && ISO.test(depart.value) && depart.value > min) min = depart.value;
      }
      return min;
    };
    function render() {
      const min = minDay();
      pop.replaceChildren();
      const head = element('div', { class: 'cal-head' });
      const minMonth = min.slice(0, 7);
      const maxMonth = max.slice(0, 7);
      const current = `${view.y}-${pad(view.m + 1)}`;
      const prev = element(
        'button',
        {
          type: 'button',
          class: 'cal-nav',
          'aria-label': 'Previous month',
          disabled: current <= minMonth ? '' : undefined,
        },
        '‹',
      );
      const next = element(
        'button',
        {
          type: 'button',
          class: 'cal-nav',
          'aria-label': 'Next month',
          disabled: current >= maxMonth ? '' : undefined,
        },
        '›',
      );
      prev.addEventListener('click', () => {
        view = view.m === 0 ? { y: view.y - 1, m: 11 } : { y: view.y, m: view.m - 1 };
        render();
      });
      next.addEventListener('click', () => {
        view = view.m === 11 ? { y: view.y + 1, m: 0 } : { y: view.y, m: view.m + 1 };
        render();
      });
      head.append(
        prev,
        element('strong', { class: 'cal-title', 'aria-live': 'polite' }, `${MONTHS[view.m]} ${view.y}`),
        next,
      );
      const grid = element('div', {
        class: 'cal-grid',
        role: 'grid',
        'aria-label': `${MONTHS[view.m]} ${view.y}`,
      });
      for (const w of ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'])
        grid.append(element('span', { class: 'cal-weekday', 'aria-hidden': 'true' }, w));
      const first = new Date(Date.UTC(view.y, view.m, 1)).getUTCDay();
      for (let i = 0; i < first; i++) grid.append(element('span', { class: 'cal-blank' }));
      const days = new Date(Date.UTC(view.y, view.m + 1, 0)).getUTCDate();
      for (let d = 1; d <= days; d++) {
        const day = dayOf(view.y, view.m, d);
        const off = day < min || day > max;
        const button = element(
          'button',
          {
            type: 'button',
            class: `cal-day${day === input.value ? ' selected' : ''}${day === root.dataset.min ? ' today' : ''}`,
            'aria-label': dayLabel(day),
            'aria-pressed': String(day === input.value),
            disabled: off ? '' : undefined,
          },
          String(d),
        );
        button.addEventListener('click', () => {
          input.value = day;
          input.dispatchEvent(new Event('change', { bubbles: true }));
          close();
        });
        grid.append(button);
      }
      pop.append(
        head,
        grid,
        element('p', { class: 'cal-hint muted small' }, 'Or type the date as YYYY-MM-DD'),
      );
    }
    function open() {
      if (input.disabled || !pop.hidden) return;
      const start = ISO.test(input.value) ? input.value : minDay();
      view = { y: Number(start.slice(0, 4)), m: Number(start.slice(5, 7)) - 1 };
      render();
      pop.hidden = false;
      root.classList.add('open');
    }
    function close() {
      pop.hidden = true;
      root.classList.remove('open');
    }
    input.addEventListener('focus', open);
    input.addEventListener('click', open);
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' || event.key === 'Tab') close();
    });
    document.addEventListener('mousedown', (event) => {
      if (!root.contains(event.target)) close();
    });
  }

  // ------------------------------------------------------------ travellers counter and popovers
  function popovers() {
    for (const toggle of document.querySelectorAll('[data-popover]')) {
      const pop = document.getElementById(toggle.dataset.popover);
      if (!pop) continue;
      const setOpen = (open) => {
        pop.hidden = !open;
        toggle.setAttribute('aria-expanded', String(open));
      };
      toggle.addEventListener('click', () => setOpen(pop.hidden));
      for (const done of pop.querySelectorAll('[data-popover-close]'))
        done.addEventListener('click', () => setOpen(false));
      document.addEventListener('mousedown', (event) => {
        if (!pop.hidden && !pop.contains(event.target) && !toggle.contains(event.target)) setOpen(false);
      });
    }
    for (const counter of document.querySelectorAll('[data-counter]')) {
      const output = counter.querySelector('output');
      const hidden = counter.querySelector('input[type="hidden"]');
      const min = Number(counter.dataset.min);
      const max = Number(counter.dataset.max);
      const sync = () => {
        const value = Number(hidden.value);
        counter.querySelector('[data-step="-1"]').disabled = value <= min;
        counter.querySelector('[data-step="1"]').disabled = value >= max;
        const form = counter.closest('form');
        const adults = Number(form.querySelector('input[name="adults"]').value);
        const children = Number(form.querySelector('input[name="children"]').value);
        const summary = form.querySelector('[data-travellers-summary]');
        if (summary)
          summary.textContent = `${adults} adult${adults === 1 ? '' : 's'}${children ? `, ${children} child${children === 1 ? '' : 'ren'}` : ''}`;
      };
      for (const button of counter.querySelectorAll('[data-step]'))
        button.addEventListener('click', () => {
          const value = Math.min(max, Math.max(min, Number(hidden.value) + Number(button.dataset.step)));
          hidden.value = String(value);
          output.textContent = String(value);
          sync();
        });
      sync();
    }
  }

  function tripType() {
    const form = document.querySelector('form[role="search"]');
    if (!form) return;
    const ret = form.querySelector('input[name="return"]');
    const sync = () => {
      const oneWay = form.querySelector('input[name="trip"][value="one_way"]').checked;
      ret.disabled = oneWay;
      ret.closest('.date-field').classList.toggle('is-hidden', oneWay);
    };
    for (const radio of form.querySelectorAll('input[name="trip"]')) radio.addEventListener('change', sync);
    sync();
  }

  function savedTravellers() {
    for (const select of document.querySelectorAll('[data-saved-traveller]')) {
      select.addEventListener('change', () => {
        const box = select.closest('[data-passenger]');
        const option = select.selectedOptions[0];
        const fill = (suffix, value) => {
          const input = box.querySelector(`input[name$="_${suffix}"]`);
          if (input) input.value = value ?? '';
        };
        if (!option?.value) {
          for (const suffix of ['first', 'last', 'birth', 'passport', 'expiry']) fill(suffix, '');
          return;
        }
        fill('first', option.dataset.first);
        fill('last', option.dataset.last);
        fill('birth', option.dataset.birth);
        fill('passport', option.dataset.passport);
        fill('expiry', option.dataset.expiry);
      });
    }
  }

  for (const root of document.querySelectorAll('[data-autocomplete]')) autocomplete(root);
  for (const root of document.querySelectorAll('[data-datepicker]')) datepicker(root);
  popovers();
  tripType();
  savedTravellers();
  document.documentElement.dataset.ready = 'true';
})();
