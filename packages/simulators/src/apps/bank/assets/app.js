// Larkspur Bank's client behaviours: receipt uploads (read in the browser and posted as base64 JSON), and
// one-time codes that arrive in the secure messages panel a moment after
// the transfer is reviewed. Everything else is server-rendered forms.
(() => {
  const toast = (message, kind) => window.kit?.toast?.(message, kind);

  // ---- Receipts: a chosen file uploads at once. (Row selection for bulk categories is the kit's.)
  document.addEventListener('change', (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement && target.matches('input[type="file"][data-upload]'))
      upload(target);
  });

  // FileReader -> base64 -> JSON post.
  function upload(input) {
    const file = input.files?.[0];
    if (!file) return;
    const label = input.closest('label');
    label?.classList.add('busy');
    const reader = new FileReader();
    reader.onerror = () => toast('The file could not be read. Try again.', 'error');
    reader.onload = async () => {
      const data = String(reader.result).replace(/^data:[^,]*,/, '');
      try {
        const response = await fetch(input.dataset.upload, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ filename: file.name, contentType: file.type, data }),
        });
        const body = await response.json().catch(() => ({}));
        if (response.ok && body.redirect) {
          window.location.assign(body.redirect);
          return;
        }
        toast(body.detail || 'Upload failed. Try again.', 'error');
      } catch {
        toast('Upload failed. Check your connection.', 'error');
      }
      label?.classList.remove('busy');
      input.value = '';
    };
    reader.readAsDataURL(file);
  }

  // ---- One-time codes: the message the last request wrote shows up after a short wait.
  const arriving = document.querySelector('[data-arriving]');
  if (arriving) {
    const status = document.getElementById('code-status');
    if (status) status.textContent = 'Sending your one-time code…';
    window.setTimeout(async () => {
      const response = await fetch(`/messages/${arriving.dataset.arriving}`, {
        headers: { accept: 'application/json' },
      });
      if (!response.ok) return;
      const message = await response.json();
      const item = document.createElement('li');
      item.className = 'msg unread msg-new';
      item.dataset.message = String(message.id);
      const subject = document.createElement('strong');
      subject.className = 'msg-subject';
      subject.textContent = message.subject;
      const body = document.createElement('p');
      body.className = 'msg-body';
      body.textContent = message.body;
      const time = document.createElement('time');
      time.dateTime = message.created_at;
      time.textContent = message.when;
      item.append(subject, body, time);
      document.querySelector('.msg-list')?.prepend(item);
      arriving.remove();
      const badge = document.querySelector('.msg-badge');
      if (badge) {
        badge.textContent = String((Number(badge.textContent) || 0) + 1);
        badge.hidden = false;
      }
      if (status) status.textContent = 'Code sent. Open Secure messages (✉ at the top) to read it.';
      toast(`New secure message: ${message.subject}`, 'info');
    }, 2500);
  }
})();
