// Forkful's page behaviours: "/" focuses search, the custom tip field, modifier limits in the item modal,
// and the texted verification code that "arrives" a moment after the page loads (fetched, never invented).
(() => {
  document.addEventListener('keydown', (event) => {
    if (event.key !== '/' || event.metaKey || event.ctrlKey || event.altKey) return;
    const target = event.target;
    if (
      target instanceof HTMLElement &&
      (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
    )
      return;
    const search = document.querySelector('[data-slash-focus]');
    if (!search) return;
    event.preventDefault();
    search.focus();
    search.select();
  });

  // The order summary follows the tip as it is chosen; the server computes it again on placing the order.
  const totals = document.querySelector('[data-before-tip]');
  const dollars = (cents) => `$${(cents / 100).toFixed(2)}`;
  function showTip(cents) {
    if (!totals || !Number.isFinite(cents)) return;
    const tip = document.querySelector('[data-tip-amount]');
    const grand = document.querySelector('[data-grand-total]');
    if (tip) tip.textContent = dollars(cents);
    if (grand) grand.textContent = dollars(Number(totals.dataset.beforeTip) + cents);
  }
  const customInput = document.querySelector('.tip-custom input');
  const customCents = () => Math.round(Number((customInput?.value ?? '').replace('$', '')) * 100);
  for (const radio of document.querySelectorAll('[data-tip-choice]')) {
    radio.addEventListener('change', () => {
      const custom = document.querySelector('.tip-custom');
      if (custom) custom.hidden = radio.value !== 'custom';
      if (radio.value === 'custom') {
        customInput?.focus();
        showTip(customCents());
      } else showTip(Number(radio.dataset.tipCents));
    });
  }
  customInput?.addEventListener('input', () => showTip(customCents()));

  // A group's counter: "2 of 3 chosen"; the server checks the limits again.
  for (const group of document.querySelectorAll('.mod-group[data-max]')) {
    const max = Number(group.dataset.max);
    if (max <= 1) continue;
    const hint = group.querySelector('.hint');
    const base = hint?.textContent ?? '';
    const update = () => {
      const n = group.querySelectorAll('input:checked').length;
      if (hint) hint.textContent = n ? `${base} · ${n} chosen` : base;
    };
    group.addEventListener('change', update);
    update();
  }

  const sms = document.querySelector('[data-code-url]');
  if (sms) {
    window.setTimeout(async () => {
      const response = await fetch(sms.dataset.codeUrl, { headers: { accept: 'application/json' } });
      if (!response.ok) return;
      const message = await response.json();
      if (!message.code) return;
      sms.replaceChildren();
      const bubble = document.createElement('div');
      bubble.className = 'sms';
      bubble.setAttribute('role', 'status');
      bubble.setAttribute('aria-label', 'Text message');
      bubble.textContent = `${message.from}: ${message.code} is your verification code. It expires in 10 minutes.`;
      sms.append(bubble);
    }, 2500);
  }
})();
