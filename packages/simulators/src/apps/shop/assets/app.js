// Storefront behaviour on top of kit.js: leave checkout when the payment frame reports an approved
// payment, and keep the product page's availability line in step with the chosen colour and size.
(() => {
  window.addEventListener('message', (event) => {
    if (event.origin !== location.origin) return;
    const data = event.data;
    if (
      data &&
      data.type === 'harborpay' &&
      data.status === 'approved' &&
      typeof data.redirect === 'string'
    ) {
      location.assign(data.redirect);
    }
  });

  function syncAvailability() {
    const box = document.querySelector('.buy-box');
    const line = document.getElementById('selected-stock');
    if (!box || !line) return;
    const color = box.querySelector('input[name="color"]:checked')?.value;
    const size =
      box.querySelector('input[name="size"]:checked')?.value ??
      box.querySelector('input[name="size"]')?.value;
    const legend = box.querySelector('.swatches legend b');
    if (legend && color) legend.textContent = color;
    for (const row of document.querySelectorAll('.variant-table tbody tr')) {
      const cells = row.querySelectorAll('td');
      if (cells[0]?.textContent.trim() === color && cells[1]?.textContent.trim() === size) {
        line.textContent = `${color} / ${size}: ${cells[3]?.textContent.trim()}`;
        line.className = `stock ${cells[3]?.className ?? ''}`;
      }
    }
  }
  document.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.closest('.buy-box')) syncAvailability();
  });
})();
