// Dealflow's client behaviours: drag and drop on the pipeline board and inline editing of table cells (row
// selection for bulk actions is the kit's). Everything else is server-rendered forms.
(() => {
  // ---- Board: drag a card onto another stage column.
  let dragged = null;
  document.addEventListener('dragstart', (event) => {
    const card = event.target instanceof Element ? event.target.closest('.deal-card') : null;
    if (!card) return;
    dragged = card.dataset.deal;
    card.classList.add('dragging');
    event.dataTransfer?.setData('text/plain', dragged);
    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
  });
  document.addEventListener('dragend', () => {
    dragged = null;
    for (const el of document.querySelectorAll('.dragging, .drop-target'))
      el.classList.remove('dragging', 'drop-target');
  });
  document.addEventListener('dragover', (event) => {
    const stage = event.target instanceof Element ? event.target.closest('.stage') : null;
    if (!stage || !dragged) return;
    event.preventDefault();
    for (const el of document.querySelectorAll('.drop-target'))
      if (el !== stage) el.classList.remove('drop-target');
    stage.classList.add('drop-target');
  });
  document.addEventListener('drop', (event) => {
    const stage = event.target instanceof Element ? event.target.closest('.stage') : null;
    const form = document.getElementById('board-move');
    const deal = dragged ?? event.dataTransfer?.getData('text/plain');
    if (!stage || !deal || !form) return;
    event.preventDefault();
    const card = document.querySelector(`.deal-card[data-deal="${deal}"]`);
    if (card && card.closest('.stage') === stage) return;
    form.action = `/deals/${deal}/stage`;
    form.elements.stage_id.value = stage.dataset.stage;
    form.submit();
  });

  // ---- Tables: inline editing. Click a cell, Enter saves, Escape cancels; errors show under the input.
  const closeEditor = (td, restore) => {
    const editor = td.querySelector('.cell-editor');
    if (editor) editor.remove();
    const button = td.querySelector('.cell-value');
    if (button) {
      button.hidden = false;
      if (restore) button.focus();
    }
    td.classList.remove('editing');
  };
  const openEditor = (td) => {
    if (td.classList.contains('editing')) return;
    td.classList.add('editing');
    const button = td.querySelector('.cell-value');
    button.hidden = true;
    const label = button.getAttribute('aria-label')?.replace(/^Edit /, '') ?? 'Value';
    const editor = document.createElement('div');
    editor.className = 'cell-editor';
    editor.innerHTML = '<input class="cell-input"><p class="field-error" role="alert" hidden></p>';
    const input = editor.querySelector('input');
    input.value = td.dataset.value ?? '';
    input.setAttribute('aria-label', label);
    td.appendChild(editor);
    input.focus();
    input.select();
    let busy = false;
    input.addEventListener('keydown', async (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeEditor(td, true);
      } else if (event.key === 'Enter') {
        event.preventDefault();
        if (busy) return;
        busy = true;
        const body = new URLSearchParams({ field: td.dataset.edit, value: input.value });
        const response = await fetch(td.dataset.url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body,
        });
        const answer = await response.json().catch(() => ({ error: 'Something went wrong. Try again.' }));
        busy = false;
        if (!response.ok) {
          const error = editor.querySelector('.field-error');
          error.textContent = answer.error ?? answer.detail ?? 'Could not save';
          error.hidden = false;
          input.setAttribute('aria-invalid', 'true');
          return;
        }
        td.dataset.value = String(answer.value);
        button.textContent = answer.display;
        closeEditor(td, true);
        window.kit?.toast(answer.message, 'success');
      }
    });
    input.addEventListener('blur', () => {
      setTimeout(() => {
        if (!editor.querySelector('.field-error').hidden) return;
        if (td.contains(editor) && document.activeElement !== input) closeEditor(td, false);
      }, 150);
    });
  };
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('.editable .cell-value') : null;
    if (button) openEditor(button.closest('td'));
  });
})();
