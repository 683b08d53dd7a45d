// Small behaviours shared by every simulator: toasts, modals, confirmations, menus, auto-submitting
// controls, row selection for bulk actions, and date names and DOM helpers for the apps' own scripts
// (window.kit). Plain DOM, no framework, so what an agent sees is what the server rendered.
(() => {
  const TOAST_TIMEOUT_MS = 8000;
  const MONTHS = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const pad = (n) => String(n).padStart(2, '0');
  /** 'YYYY-MM-DD' of a year, a month counted from 0 and a day. */
  const dayOf = (y, m, d) => `${y}-${pad(m + 1)}-${pad(d)}`;
  const utc = (day) => new Date(`${day}T00:00:00Z`);
  /** 'Tuesday, April 28, 2026': how date pickers name their days. */
  const dayLabel = (day) => {
    const d = utc(day);
    return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
  };

  /** An element with its attributes (those undefined or false left out) and text. */
  function element(tag, attrs = {}, text) {
    const el = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs))
      if (value !== undefined && value !== false) el.setAttribute(key, value);
    if (text !== undefined) el.textContent = text;
    return el;
  }

  function container() {
    let box = document.querySelector('.kit-toasts');
    if (!box) {
      box = document.createElement('div');
      box.className = 'kit-toasts';
      box.setAttribute('role', 'status');
      box.setAttribute('aria-live', 'polite');
      document.body.append(box);
    }
    return box;
  }

  function dismiss(toast) {
    toast.classList.add('kit-toast-leaving');
    setTimeout(() => toast.remove(), 200);
  }

  function arm(toast) {
    const timeout = Number(toast.dataset.timeout ?? TOAST_TIMEOUT_MS);
    if (timeout > 0) setTimeout(() => dismiss(toast), timeout);
  }

  function toast(message, kind = 'info') {
    const item = document.createElement('div');
    item.className = `kit-toast kit-toast-${kind}`;
    item.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    const text = document.createElement('span');
    text.className = 'kit-toast-message';
    text.textContent = message;
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'kit-toast-close';
    close.setAttribute('aria-label', 'Dismiss');
    close.dataset.toastClose = '';
    close.textContent = '×';
    item.append(text, close);
    container().append(item);
    arm(item);
    return item;
  }

  let confirmDialog = null;
  function confirmAction(message, label, onConfirm) {
    if (!confirmDialog) {
      confirmDialog = document.createElement('dialog');
      confirmDialog.className = 'kit-modal kit-confirm';
      confirmDialog.innerHTML =
        '<form method="dialog" class="kit-modal-body"><p class="kit-confirm-message"></p>' +
        '<div class="kit-modal-actions"><button value="cancel" class="kit-button">Cancel</button>' +
        '<button value="confirm" class="kit-button kit-button-danger"></button></div></form>';
      document.body.append(confirmDialog);
    }
    confirmDialog.querySelector('.kit-confirm-message').textContent = message;
    confirmDialog.querySelector('button[value="confirm"]').textContent = label;
    confirmDialog.returnValue = '';
    confirmDialog.onclose = () => {
      if (confirmDialog.returnValue === 'confirm') onConfirm();
    };
    confirmDialog.showModal();
  }

  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const opener = target.closest('[data-modal-open]');
    if (opener) {
      event.preventDefault();
      document.getElementById(opener.getAttribute('data-modal-open'))?.showModal();
      return;
    }
    const closer = target.closest('[data-modal-close]');
    if (closer) {
      event.preventDefault();
      closer.closest('dialog')?.close();
      return;
    }
    // A click on the backdrop lands on the dialog element itself.
    if (target instanceof HTMLDialogElement && target.classList.contains('kit-modal')) {
      const box = target.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (!inside) target.close();
      return;
    }
    const toastClose = target.closest('[data-toast-close]');
    if (toastClose) {
      dismiss(toastClose.closest('.kit-toast'));
      return;
    }
    const menuToggle = target.closest('[data-menu-toggle]');
    const openMenus = document.querySelectorAll('[data-menu-toggle][aria-expanded="true"]');
    for (const open of openMenus) {
      if (open !== menuToggle) {
        open.setAttribute('aria-expanded', 'false');
        document.getElementById(open.getAttribute('data-menu-toggle'))?.setAttribute('hidden', '');
      }
    }
    if (menuToggle) {
      const menu = document.getElementById(menuToggle.getAttribute('data-menu-toggle'));
      const expanded = menuToggle.getAttribute('aria-expanded') === 'true';
      menuToggle.setAttribute('aria-expanded', String(!expanded));
      if (expanded) menu?.setAttribute('hidden', '');
      else menu?.removeAttribute('hidden');
    }
  });

  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.dataset.confirm || form.dataset.confirmed === 'yes')
      return;
    event.preventDefault();
    const submitter = event.submitter;
    confirmAction(form.dataset.confirm, form.dataset.confirmLabel ?? 'Confirm', () => {
      form.dataset.confirmed = 'yes';
      form.requestSubmit(submitter ?? undefined);
    });
  });

  // Bulk actions: the row boxes (`input[name="ids"][form="bulk"]`) show the `[data-bulk]` bar while any is
  // checked, with its count in `.bulk-count`; `[data-select-page]` checks them all.
  const bulkBoxes = () => Array.from(document.querySelectorAll('input[name="ids"][form="bulk"]'));
  function refreshBulk() {
    const bulk = document.querySelector('[data-bulk]');
    if (!bulk) return;
    const boxes = bulkBoxes();
    const count = boxes.filter((b) => b.checked).length;
    bulk.hidden = count === 0;
    for (const el of document.querySelectorAll('.bulk-count')) el.textContent = `${count} selected`;
    const all = document.querySelector('[data-select-page]');
    if (all) {
      all.checked = count > 0 && count === boxes.length;
      all.indeterminate = count > 0 && count < boxes.length;
    }
  }

  document.addEventListener('change', (event) => {
    const control = event.target;
    if (control instanceof HTMLElement && control.hasAttribute('data-autosubmit'))
      control.closest('form')?.requestSubmit();
    if (!(control instanceof HTMLInputElement)) return;
    if (control.matches('[data-select-page]')) for (const b of bulkBoxes()) b.checked = control.checked;
    if (control.matches('[data-select-page], input[name="ids"]')) refreshBulk();
  });

  function start() {
    for (const item of document.querySelectorAll('.kit-toast')) arm(item);
    for (const dialog of document.querySelectorAll('dialog[data-open]')) dialog.showModal();
    refreshBulk();
  }

  window.kit = { toast, confirm: confirmAction, element, MONTHS, WEEKDAYS, pad, dayOf, utc, dayLabel };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
