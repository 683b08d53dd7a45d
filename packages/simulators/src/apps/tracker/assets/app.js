// Linework's client behaviours. Pages are server-rendered; this only wires the property picker (a custom
// element with a declarative open shadow root), inline comment editing and drag and drop on the board.
(() => {
  class LwPicker extends HTMLElement {
    connectedCallback() {
      const root = this.shadowRoot;
      if (!root || this.wired) return;
      this.wired = true;
      const trigger = root.querySelector('.trigger');
      const popover = root.querySelector('.popover');
      const filter = root.querySelector('.filter');
      const options = () => Array.from(root.querySelectorAll('[role="option"]')).filter((o) => !o.hidden);
      const input = this.querySelector('input[type="hidden"]');
      const open = (value) => {
        popover.hidden = !value;
        trigger.setAttribute('aria-expanded', String(value));
        if (value) {
          const selected = root.querySelector('[aria-selected="true"]') ?? options()[0];
          (filter ?? selected)?.focus();
        }
      };
      const choose = (option) => {
        for (const o of root.querySelectorAll('[role="option"]'))
          o.setAttribute('aria-selected', String(o === option));
        input.value = option.dataset.value ?? '';
        const label = option.getAttribute('aria-label') ?? option.textContent.trim();
        root.querySelector('.value').textContent = label;
        trigger.setAttribute('aria-label', `${this.getAttribute('label')}: ${label}`);
        const lead = trigger.querySelector('.avatar, .bars-wrap');
        const optionLead = option.querySelector('.avatar, .bars-wrap');
        if (lead) lead.remove();
        if (optionLead) trigger.prepend(optionLead.cloneNode(true));
        open(false);
        trigger.focus();
        this.dispatchEvent(new Event('change', { bubbles: true }));
        if (this.hasAttribute('autosubmit')) this.closest('form')?.requestSubmit();
      };
      trigger.addEventListener('click', () => open(popover.hidden));
      root.addEventListener('click', (event) => {
        const option = event.target.closest?.('[role="option"]');
        if (option) choose(option);
      });
      filter?.addEventListener('input', () => {
        const text = filter.value.trim().toLowerCase();
        for (const o of root.querySelectorAll('[role="option"]'))
          o.hidden = !o.textContent.toLowerCase().includes(text);
      });
      root.addEventListener('keydown', (event) => {
        const list = options();
        const index = list.indexOf(root.activeElement);
        if (event.key === 'Escape') {
          open(false);
          trigger.focus();
        } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          const next = list[(index + (event.key === 'ArrowDown' ? 1 : list.length - 1)) % list.length];
          if (popover.hidden) open(true);
          else next?.focus();
        } else if (event.key === 'Enter' && index >= 0) {
          event.preventDefault();
          choose(list[index]);
        }
      });
      document.addEventListener('click', (event) => {
        if (!event.composedPath().includes(this)) open(false);
      });
    }
  }
  customElements.define('lw-picker', LwPicker);

  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const edit = target?.closest('[data-edit-comment]');
    if (edit) {
      const id = edit.getAttribute('data-edit-comment');
      document.getElementById(`comment-edit-${id}`).hidden = false;
      document.getElementById(`comment-text-${id}`).hidden = true;
      document.getElementById(`edit-${id}`).focus();
    }
    const cancel = target?.closest('[data-cancel-edit]');
    if (cancel) {
      const id = cancel.getAttribute('data-cancel-edit');
      document.getElementById(`comment-edit-${id}`).hidden = true;
      document.getElementById(`comment-text-${id}`).hidden = false;
    }
  });

  // Drag a card onto another column: the same request as the card's "Move to" menu.
  let dragged = null;
  document.addEventListener('dragstart', (event) => {
    const card = event.target instanceof Element ? event.target.closest('.board-card') : null;
    if (card) {
      dragged = card.dataset.issue;
      card.classList.add('dragging');
    }
  });
  document.addEventListener('dragend', () => {
    for (const c of document.querySelectorAll('.dragging, .drop-target'))
      c.classList.remove('dragging', 'drop-target');
  });
  document.addEventListener('dragover', (event) => {
    const column = event.target instanceof Element ? event.target.closest('.board-column') : null;
    if (column && dragged) {
      event.preventDefault();
      column.classList.add('drop-target');
    }
  });
  document.addEventListener('drop', (event) => {
    const column = event.target instanceof Element ? event.target.closest('.board-column') : null;
    const form = document.getElementById('board-move');
    if (!column || !dragged || !form) return;
    event.preventDefault();
    form.action = `/issues/${dragged}/update`;
    form.elements.status.value = column.dataset.status;
    form.submit();
  });
})();
