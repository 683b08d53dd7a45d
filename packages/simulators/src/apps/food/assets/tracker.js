// The live tracker: the next update of the order (already decided when it was placed) is fetched and shown
// a moment after the page loads, as a courier app would push it.
(() => {
  const root = document.querySelector('[data-status-url]');
  if (!root || ['delivered', 'scheduled'].includes(root.dataset.status)) return;
  const live = root.querySelector('.t-live');
  if (live) live.hidden = false;
  const steps = ['placed', 'preparing', 'on_the_way', 'delivered'];
  window.setTimeout(async () => {
    const response = await fetch(root.dataset.statusUrl, { headers: { accept: 'application/json' } });
    if (live) live.hidden = true;
    if (!response.ok) return;
    const state = await response.json();
    root.dataset.status = state.status;
    root.querySelector('.t-status').textContent = state.label;
    root.querySelector('.t-eta').textContent =
      state.status === 'delivered' ? 'Enjoy your meal!' : `Arriving in about ${state.eta} min`;
    const reached = steps.indexOf(state.status);
    root.querySelectorAll('.t-steps li').forEach((li, i) => {
      li.classList.toggle('done', i <= reached);
      li.classList.toggle('current', i === reached);
    });
    const courier = root.querySelector('.t-courier');
    if (state.courier) {
      courier.replaceChildren('Your courier: ');
      const name = document.createElement('strong');
      name.className = 'courier-name';
      name.textContent = state.courier;
      courier.append(name);
    }
  }, 2500);
})();
