// Hubbub's page behaviours: the rich-text composer (formatting, shortcuts, links, attachments), the message
// hover toolbar and its shadow-DOM emoji picker, inline editing, teammates typing, and the Ctrl+K switcher.
// Plain DOM over server-rendered markup; the only timer reveals a reply the server has already written.
(() => {
  const ZWSP = '\u200b';

  /** The editor's DOM as Hubbub's markdown: **bold**, _italic_, `code`, [text](url), newlines. */
  function toMarkdown(node) {
    let out = '';
    const wrap = (inner, mark) => {
      if (inner.replace(ZWSP, '').trim() === '') return inner;
      const lead = /^\s*/.exec(inner)[0];
      const trail = /\s*$/.exec(inner)[0];
      return `${lead}${mark}${inner.trim()}${mark}${trail}`;
    };
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        out += child.nodeValue;
        continue;
      }
      if (child.nodeType !== Node.ELEMENT_NODE) continue;
      const tag = child.tagName;
      const inner = tag === 'CODE' ? child.textContent : toMarkdown(child);
      if (tag === 'BR') out += '\n';
      else if (tag === 'B' || tag === 'STRONG') out += wrap(inner, '**');
      else if (tag === 'I' || tag === 'EM') out += wrap(inner, '_');
      else if (tag === 'CODE') out += wrap(inner, '`');
      else if (tag === 'A') out += `[${inner}](${child.getAttribute('href') || ''})`;
      else if (tag === 'DIV' || tag === 'P') out += `${out && !out.endsWith('\n') ? '\n' : ''}${inner}`;
      else out += inner;
    }
    return out;
  }

  function serialize(editor) {
    return toMarkdown(editor)
      .replaceAll(ZWSP, '')
      .replaceAll('\u00a0', ' ')
      .replace(/\*\*\*\*/g, '')
      .trim();
  }

  function placeCaretAfter(node) {
    const text = document.createTextNode(ZWSP);
    node.after(text);
    const range = document.createRange();
    range.setStart(text, 1);
    range.collapse(true);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  function selectionIn(editor) {
    const selection = window.getSelection();
    if (!selection.rangeCount) return null;
    const range = selection.getRangeAt(0);
    return editor.contains(range.commonAncestorContainer) ? range : null;
  }

  function toggleCode(editor) {
    editor.focus();
    const range = selectionIn(editor);
    if (!range) return;
    const start = range.startContainer;
    const inside = (start.nodeType === Node.ELEMENT_NODE ? start : start.parentElement)?.closest('code');
    if (inside && editor.contains(inside)) {
      placeCaretAfter(inside);
      return;
    }
    const code = document.createElement('code');
    if (range.collapsed) {
      code.textContent = ZWSP;
      range.insertNode(code);
      const caret = document.createRange();
      caret.setStart(code.firstChild, 1);
      caret.collapse(true);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(caret);
    } else {
      code.append(range.extractContents());
      range.insertNode(code);
      placeCaretAfter(code);
    }
  }

  const linkDialog = document.getElementById('link-dialog');
  let linkTarget = null;

  function openLinkDialog(editor) {
    editor.focus();
    const range = selectionIn(editor);
    linkTarget = { editor, range: range ? range.cloneRange() : null };
    const form = linkDialog.querySelector('form');
    form.reset();
    form.querySelector('[data-link-error]').hidden = true;
    form.elements.text.value = range ? range.toString() : '';
    linkDialog.showModal();
    (form.elements.text.value ? form.elements.url : form.elements.text).focus();
  }

  linkDialog?.querySelector('form').addEventListener('submit', (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const url = form.elements.url.value.trim();
    const text = form.elements.text.value.trim() || url;
    if (!/^(https?:\/\/|mailto:)\S+$/i.test(url)) {
      form.querySelector('[data-link-error]').hidden = false;
      form.elements.url.focus();
      return;
    }
    linkDialog.close();
    if (!linkTarget) return;
    const { editor } = linkTarget;
    editor.focus();
    let range = linkTarget.range;
    if (!range) {
      range = document.createRange();
      range.selectNodeContents(editor);
      range.collapse(false);
    }
    const link = document.createElement('a');
    link.href = url;
    link.textContent = text;
    range.deleteContents();
    range.insertNode(link);
    placeCaretAfter(link);
    linkTarget = null;
  });

  function format(editor, kind) {
    editor.focus();
    if (kind === 'bold' || kind === 'italic') document.execCommand(kind);
    else if (kind === 'code') toggleCode(editor);
    else if (kind === 'link') openLinkDialog(editor);
  }

  const PEOPLE = JSON.parse(document.getElementById('hubbub-people')?.textContent || '[]');

  /** Typing @ and a few letters of a name offers the matching people; Enter, Tab or a click picks one. */
  function mentions(form, editor) {
    const popup = document.createElement('ul');
    popup.className = 'mention-popup';
    popup.setAttribute('role', 'listbox');
    popup.setAttribute('aria-label', 'People to mention');
    popup.hidden = true;
    form.append(popup);
    let state = null;

    function close() {
      popup.hidden = true;
      popup.replaceChildren();
      state = null;
    }
    function mark() {
      popup.querySelectorAll('li').forEach((li, i) => {
        li.setAttribute('aria-selected', String(i === state.index));
      });
    }
    function pick(person) {
      const { node, start, end } = state;
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, end);
      range.deleteContents();
      const text = document.createTextNode(`@${person.name} `);
      range.insertNode(text);
      const caret = document.createRange();
      caret.setStart(text, text.length);
      caret.collapse(true);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(caret);
      close();
    }
    function update() {
      const selection = window.getSelection();
      const node = selection.rangeCount ? selection.getRangeAt(0).startContainer : null;
      if (!selection.isCollapsed || !node || node.nodeType !== Node.TEXT_NODE || !editor.contains(node)) {
        close();
        return;
      }
      const offset = selection.getRangeAt(0).startOffset;
      const before = node.nodeValue.slice(0, offset).replaceAll('\u00a0', ' ');
      const match = /(?:^|\s)@([^\s@]*(?: [^\s@]*)?)$/u.exec(before);
      const query = match ? match[1].toLowerCase() : '';
      const found = match
        ? PEOPLE.filter(
            (p) =>
              p.name.toLowerCase().startsWith(query) ||
              p.name
                .toLowerCase()
                .split(' ')
                .some((word) => word.startsWith(query)),
          ).slice(0, 6)
        : [];
      if (found.length === 0) {
        close();
        return;
      }
      state = { node, start: offset - match[1].length - 1, end: offset, index: 0, found };
      popup.replaceChildren(
        ...found.map((p) => {
          const li = document.createElement('li');
          li.setAttribute('role', 'option');
          li.textContent = p.name;
          const title = document.createElement('span');
          title.className = 'muted small';
          title.textContent = ` · ${p.title}`;
          li.append(title);
          li.addEventListener('mousedown', (event) => {
            event.preventDefault();
            pick(p);
          });
          return li;
        }),
      );
      popup.hidden = false;
      mark();
    }
    editor.addEventListener('input', update);
    editor.addEventListener('blur', close);
    /** Handles a key while the list is open; true when it was the list's. */
    return (event) => {
      if (!state) return false;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const step = event.key === 'ArrowDown' ? 1 : state.found.length - 1;
        state.index = (state.index + step) % state.found.length;
        mark();
      } else if (event.key === 'Enter' || event.key === 'Tab') {
        pick(state.found[state.index]);
      } else if (event.key === 'Escape') {
        close();
      } else return false;
      event.preventDefault();
      return true;
    };
  }

  function composer(form) {
    const editor = form.querySelector('.editor');
    const mentionKeys = mentions(form, editor);
    const fileInput = form.querySelector('[data-attach]');
    const chip = form.querySelector('[data-attachment]');
    let attachment = null;
    let sending = false;

    form.querySelector('.composer-toolbar').addEventListener('mousedown', (event) => {
      // Keep the editor's selection while a formatting button is pressed.
      if (event.target.closest('[data-format]')) event.preventDefault();
    });
    form.querySelector('.composer-toolbar').addEventListener('click', (event) => {
      const button = event.target.closest('[data-format]');
      if (button) format(editor, button.dataset.format);
    });

    editor.addEventListener('keydown', (event) => {
      if (mentionKeys(event)) return;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && (event.key === 'b' || event.key === 'B')) {
        event.preventDefault();
        format(editor, 'bold');
      } else if (mod && (event.key === 'i' || event.key === 'I')) {
        event.preventDefault();
        format(editor, 'italic');
      } else if (event.key === 'Enter' && event.shiftKey) {
        event.preventDefault();
        document.execCommand('insertLineBreak');
      } else if (event.key === 'Enter' && !event.isComposing) {
        event.preventDefault();
        form.requestSubmit();
      }
    });
    editor.addEventListener('paste', (event) => {
      // Pasted text arrives plain: no foreign markup gets into a message.
      event.preventDefault();
      document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
    });

    function showAttachment() {
      chip.replaceChildren();
      chip.hidden = !attachment;
      if (!attachment) return;
      const name = document.createElement('span');
      name.textContent = `📎 ${attachment.name} (${attachment.size} bytes)`;
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.className = 'icon-btn';
      remove.setAttribute('aria-label', `Remove ${attachment.name}`);
      remove.textContent = '✕';
      remove.addEventListener('click', () => {
        attachment = null;
        fileInput.value = '';
        showAttachment();
      });
      chip.append(name, remove);
    }

    fileInput.addEventListener('change', () => {
      const file = fileInput.files[0];
      if (!file) return;
      const reader = new FileReader();
      reader.addEventListener('load', () => {
        const url = String(reader.result);
        attachment = {
          name: file.name,
          type: file.type || 'application/octet-stream',
          size: file.size,
          content: url.slice(url.indexOf(',') + 1),
        };
        showAttachment();
        editor.focus();
      });
      reader.readAsDataURL(file);
    });

    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (sending) return;
      const body = serialize(editor);
      if (!body && !attachment) {
        window.kit?.toast('Write a message or attach a file first.', 'error');
        return;
      }
      sending = true;
      form.classList.add('sending');
      try {
        const response = await fetch(form.action, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            body,
            parent_id: form.elements.parent_id.value || null,
            file: attachment
              ? { name: attachment.name, type: attachment.type, content: attachment.content }
              : null,
          }),
        });
        const data = await response.json().catch(() => ({}));
        if (response.ok && data.location) {
          window.location.assign(data.location);
          return;
        }
        window.kit?.toast(data.error || data.detail || 'The message could not be sent.', 'error');
      } catch {
        window.kit?.toast('You appear to be offline. The message was not sent.', 'error');
      }
      sending = false;
      form.classList.remove('sending');
    });
  }

  /** The emoji picker lives in a shadow root; the message it reacts to is the last one asked. */
  function emojiPicker() {
    const popover = document.getElementById('emoji-popover');
    if (!popover) return;
    const host = popover.querySelector('emoji-picker');
    const root = host.shadowRoot;
    const form = document.getElementById('react-form');
    let opener = null;

    function close() {
      popover.hidden = true;
      opener?.closest('.msg')?.classList.remove('actions-open');
      opener = null;
    }
    function open(button) {
      close();
      opener = button;
      button.closest('.msg')?.classList.add('actions-open');
      const box = button.getBoundingClientRect();
      popover.hidden = false;
      const height = popover.offsetHeight || 320;
      const top =
        box.bottom + 6 + height > window.innerHeight ? Math.max(8, box.top - height - 6) : box.bottom + 6;
      popover.style.top = `${top}px`;
      popover.style.left = `${Math.max(8, Math.min(window.innerWidth - 316, box.right - 300))}px`;
      const search = root?.querySelector('input');
      if (search) {
        search.value = '';
        filter('');
      }
    }
    function filter(text) {
      for (const b of root?.querySelectorAll('button[data-emoji]') ?? [])
        b.hidden = text !== '' && !b.dataset.emoji.includes(text.toLowerCase().replace(/^:|:$/g, ''));
    }

    document.addEventListener('click', (event) => {
      const button = event.target instanceof Element ? event.target.closest('[data-react]') : null;
      if (button) {
        if (opener === button) close();
        else open(button);
        return;
      }
      if (!popover.hidden && !event.composedPath().includes(popover)) close();
    });
    root?.addEventListener('click', (event) => {
      const choice = event.target instanceof Element ? event.target.closest('button[data-emoji]') : null;
      if (!choice || !opener) return;
      form.action = `/m/${opener.dataset.react}/react`;
      form.elements.emoji.value = choice.dataset.emoji;
      form.elements.back.value = opener.dataset.back || window.location.pathname;
      form.submit();
    });
    root?.addEventListener('mouseover', (event) => {
      const choice = event.target instanceof Element ? event.target.closest('button[data-emoji]') : null;
      const name = root.querySelector('.name');
      if (choice && name) name.textContent = `:${choice.dataset.emoji}:`;
    });
    root?.querySelector('input')?.addEventListener('input', (event) => filter(event.target.value.trim()));
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !popover.hidden) close();
    });
  }

  function editing() {
    document.addEventListener('click', (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const edit = target?.closest('[data-edit]');
      const cancel = target?.closest('[data-edit-cancel]');
      const id = edit?.dataset.edit ?? cancel?.dataset.editCancel;
      if (!id) return;
      const form = document.getElementById(`edit-${id}`);
      const body = form?.closest('.msg-main')?.querySelector('.msg-body');
      if (!form || !body) return;
      form.hidden = Boolean(cancel);
      body.hidden = !cancel;
      if (edit) {
        const area = form.querySelector('textarea');
        area.focus();
        area.setSelectionRange(area.value.length, area.value.length);
      }
    });
    document.addEventListener('keydown', (event) => {
      const area = event.target instanceof Element ? event.target.closest('.edit-form textarea') : null;
      if (!area) return;
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        area.form.requestSubmit();
      } else if (event.key === 'Escape') {
        area.form.querySelector('[data-edit-cancel]').click();
      }
    });
  }

  /** A teammate's reply is already written; it shows once they have "finished typing". */
  function typingIndicators() {
    for (const box of document.querySelectorAll('.typing[data-src]')) {
      setTimeout(async () => {
        try {
          const response = await fetch(box.dataset.src, { headers: { accept: 'text/html' } });
          if (!response.ok) return;
          const template = document.createElement('template');
          template.innerHTML = await response.text();
          const message = template.content.querySelector('.msg');
          if (message) {
            box.replaceWith(message);
            message.scrollIntoView({ block: 'nearest' });
          }
        } catch {
          box.textContent = 'Could not load the new message. Reload the page.';
        }
      }, 2500);
    }
  }

  function switcher() {
    const dialog = document.getElementById('switcher');
    if (!dialog) return;
    const input = dialog.querySelector('input');
    const items = () => [...dialog.querySelectorAll('li[data-name]')].filter((li) => !li.hidden);
    let index = 0;
    function mark() {
      items().forEach((li, i) => {
        li.setAttribute('aria-selected', String(i === index));
      });
    }
    function filter() {
      const text = input.value.trim().toLowerCase().replace(/^#/, '');
      for (const li of dialog.querySelectorAll('li[data-name]')) li.hidden = !li.dataset.name.includes(text);
      index = 0;
      mark();
    }
    function open() {
      if (dialog.open) return;
      input.value = '';
      filter();
      dialog.showModal();
      input.focus();
    }
    document.addEventListener('keydown', (event) => {
      if ((event.ctrlKey || event.metaKey) && (event.key === 'k' || event.key === 'K')) {
        event.preventDefault();
        open();
      }
    });
    for (const button of document.querySelectorAll('[data-switcher-open]'))
      button.addEventListener('click', open);
    input.addEventListener('input', filter);
    input.addEventListener('keydown', (event) => {
      const list = items();
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        index = Math.min(list.length - 1, index + 1);
        mark();
      } else if (event.key === 'ArrowUp') {
        event.preventDefault();
        index = Math.max(0, index - 1);
        mark();
      } else if (event.key === 'Enter') {
        event.preventDefault();
        const link = list[index]?.querySelector('a');
        if (link) window.location.assign(link.href);
      }
    });
  }

  function statusPresets() {
    document.addEventListener('click', (event) => {
      const preset = event.target instanceof Element ? event.target.closest('[data-status-emoji]') : null;
      if (!preset) return;
      const form = preset.closest('form');
      form.elements.status_emoji.value = preset.dataset.statusEmoji;
      form.elements.status_text.value = preset.dataset.statusText;
      form.elements.status_text.focus();
    });
  }

  function listFilters() {
    for (const input of document.querySelectorAll('[data-filter-list]')) {
      const list = document.getElementById(input.dataset.filterList);
      input.addEventListener('input', () => {
        const text = input.value.trim().toLowerCase();
        for (const li of list.querySelectorAll('[data-filter-text]'))
          li.hidden = text !== '' && !li.dataset.filterText.toLowerCase().includes(text);
      });
      input.addEventListener('keydown', (event) => {
        if (event.key === 'Enter') event.preventDefault();
      });
    }
  }

  function scrollMessages() {
    for (const pane of document.querySelectorAll('[data-messages], .thread-body')) {
      const highlighted = pane.querySelector('.msg.highlight');
      if (highlighted) highlighted.scrollIntoView({ block: 'center' });
      else pane.scrollTop = pane.scrollHeight;
    }
  }

  function start() {
    document.execCommand('styleWithCSS', false, false);
    for (const form of document.querySelectorAll('[data-composer]')) composer(form);
    emojiPicker();
    editing();
    typingIndicators();
    switcher();
    statusPresets();
    listFilters();
    scrollMessages();
    const composerEditor =
      document.querySelector('.thread .editor') || document.querySelector('.channel .editor');
    if (composerEditor && !document.querySelector('.msg.highlight')) composerEditor.focus();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
