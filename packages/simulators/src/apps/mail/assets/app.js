// Parcel Mail's page behaviours: recipient autocomplete from contacts, select-all in lists, and confirmation
// of a single dangerous button in a form with several. Server-rendered pages; no state kept here.
(() => {
  function contacts() {
    const data = document.getElementById('contacts-data');
    return data ? JSON.parse(data.textContent || '[]') : [];
  }

  // Best matches first: a name starting with what was typed, then any word of the name, then the address.
  function rank(person, token) {
    const name = person.name.toLowerCase();
    const email = person.email.toLowerCase();
    if (name.startsWith(token)) return 0;
    if (name.split(/\s+/).some((word) => word.startsWith(token))) return 1;
    if (email.startsWith(token)) return 2;
    return name.includes(token) || email.includes(token) ? 3 : 4;
  }

  function setupAutocomplete(input, people) {
    const list = document.createElement('ul');
    list.className = 'suggestions';
    list.setAttribute('role', 'listbox');
    list.id = `${input.id}-suggestions`;
    list.hidden = true;
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', list.id);
    input.setAttribute('aria-expanded', 'false');
    input.after(list);
    let active = -1;

    function currentToken() {
      const parts = input.value.split(',');
      return (parts[parts.length - 1] || '').trim().toLowerCase();
    }
    function close() {
      list.hidden = true;
      list.replaceChildren();
      active = -1;
      input.setAttribute('aria-expanded', 'false');
    }
    function choose(person) {
      const parts = input.value.split(',');
      parts[parts.length - 1] = ` ${person.name} <${person.email}>`;
      input.value = `${parts.join(',').trim()}, `;
      close();
      input.focus();
    }
    function highlight(index) {
      const items = [...list.querySelectorAll('[role="option"]')];
      for (const [i, item] of items.entries()) item.setAttribute('aria-selected', String(i === index));
      active = index;
    }
    input.addEventListener('input', () => {
      const token = currentToken();
      if (token.length < 2) return close();
      const matches = people
        .map((p) => ({ person: p, rank: rank(p, token) }))
        .filter((m) => m.rank < 4)
        .sort((a, b) => a.rank - b.rank)
        .slice(0, 6)
        .map((m) => m.person);
      if (matches.length === 0) return close();
      list.replaceChildren(
        ...matches.map((person) => {
          const item = document.createElement('li');
          item.setAttribute('role', 'option');
          item.setAttribute('aria-selected', 'false');
          item.dataset.email = person.email;
          const name = document.createElement('span');
          name.className = 'suggestion-name';
          name.textContent = person.name;
          const email = document.createElement('span');
          email.className = 'suggestion-email';
          email.textContent = person.email;
          item.append(name, email);
          item.addEventListener('mousedown', (event) => {
            event.preventDefault();
            choose(person);
          });
          return item;
        }),
      );
      list.hidden = false;
      input.setAttribute('aria-expanded', 'true');
      list._matches = matches;
    });
    input.addEventListener('keydown', (event) => {
      if (list.hidden) return;
      const count = list.children.length;
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        highlight((active + 1) % count);
      } else if (event.key === 'ArrowUp') {
        event.preventDefault();
        highlight((active - 1 + count) % count);
      } else if (event.key === 'Enter' && active >= 0) {
        event.preventDefault();
        choose(list._matches[active]);
      } else if (event.key === 'Escape') {
        close();
      }
    });
    input.addEventListener('blur', () => setTimeout(close, 100));
  }

  function start() {
    const people = contacts();
    for (const input of document.querySelectorAll('input[data-autocomplete="contacts"]')) {
      setupAutocomplete(input, people);
    }
    for (const all of document.querySelectorAll('[data-select-all]')) {
      const form = all.closest('form');
      all.addEventListener('change', () => {
        for (const box of form.querySelectorAll('input[name="ids"]')) box.checked = all.checked;
      });
    }
  }

  // A button that needs its own confirmation (Delete forever) in a form with harmless ones.
  document.addEventListener(
    'submit',
    (event) => {
      const button = event.submitter;
      const form = event.target;
      if (!button?.dataset.confirmSubmit || form.dataset.confirmed === 'yes') return;
      event.preventDefault();
      event.stopImmediatePropagation();
      window.kit.confirm(button.dataset.confirmSubmit, button.dataset.confirmLabel || 'Confirm', () => {
        form.dataset.confirmed = 'yes';
        form.requestSubmit(button);
      });
    },
    true,
  );

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
