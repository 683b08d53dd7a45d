/**
 * The code web flows run inside the page, as plain JavaScript text: a compiled function's `toString()` would carry
 * the build tool's helpers (`__name`), which the page does not have. Each is an expression of a function, called as
 * `(${script})(${JSON.stringify(argument)})`.
 */

/** A call of one of these scripts with its argument, as one expression. */
export const called = (script: string, argument: unknown) => `(${script})(${JSON.stringify(argument)})`;

/**
 * Collects what an extract's fields read (extractOutput.ts's RawItem tree): for each field the elements its
 * selector matches inside the parent's element (all of them, but only the first of a single value without
 * filters), each with its value, the texts its filters compare and its sub-parameters' items. Throws past
 * `maxValues` elements, so a runaway selector cannot fill the server's memory.
 */
export const COLLECT_EXTRACT = String.raw`function (input) {
  var count = 0;
  var clean = function (text) { return (text || '').replace(/\s+/g, ' ').trim(); };
  var textOf = function (el) {
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return el.value;
    return clean(el.textContent);
  };
  var collect = function (fields, root) {
    return fields.map(function (field) {
      var elements = field.selector ? Array.prototype.slice.call(root.querySelectorAll(field.selector)) : [root === document ? document.documentElement : root];
      if (!field.isArray && field.filters.length === 0) elements = elements.slice(0, 1);
      return elements.map(function (el) {
        count += 1;
        if (count > input.maxValues) throw new Error('The extract matched more than ' + input.maxValues + ' elements');
        var item = {
          value: field.type === 'object' ? null : (field.attribute ? el.getAttribute(field.attribute) : textOf(el)),
          filters: field.filters.map(function (filter) {
            var target = filter.element ? el.querySelector(filter.element) : el;
            if (!target) return null;
            return filter.attribute ? target.getAttribute(filter.attribute) : textOf(target);
          }),
          sub: field.type === 'object' ? collect(field.subParameters, el) : []
        };
        if (field.type === 'boolean' && !field.attribute && (el.type === 'checkbox' || el.type === 'radio')) item.checked = el.checked;
        return item;
      });
    });
  };
  return collect(input.fields, document);
}`;

/**
 * What an act records of an element (the locator candidates, checked against the page afterwards) and what an
 * extract field takes: a CSS selector of its kind (tag and classes under its nearest classed ancestors), not of
 * its position, so one picked row's cell selects the cell of every row.
 */
const DESCRIBE_ELEMENT = String.raw`function (el) {
  var clean = function (text) { return (text || '').replace(/\s+/g, ' ').trim(); };
  var tag = el.localName;
  var type = (el.getAttribute('type') || '').toLowerCase();
  var implicitRole = function () {
    if (tag === 'a' && el.hasAttribute('href')) return 'link';
    if (tag === 'button' || tag === 'summary') return 'button';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'select') return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'img' && el.getAttribute('alt')) return 'img';
    if (tag === 'li') return 'listitem';
    if (tag === 'input') {
      if (type === 'checkbox' || type === 'radio') return type;
      if (['submit', 'button', 'reset', 'image'].indexOf(type) >= 0) return 'button';
      if (type === 'search') return 'searchbox';
      if (type === 'range') return 'slider';
      if (type === 'number') return 'spinbutton';
      if (['', 'text', 'email', 'tel', 'url'].indexOf(type) >= 0) return 'textbox';
    }
    return '';
  };
  var role = clean(el.getAttribute('role')).split(' ')[0] || implicitRole();
  var labelled = function () {
    var ids = clean(el.getAttribute('aria-labelledby'));
    if (!ids) return '';
    return clean(ids.split(' ').map(function (id) { var other = document.getElementById(id); return other ? other.textContent : ''; }).join(' '));
  };
  var labelOf = function () {
    if (el.labels && el.labels.length) return clean(el.labels[0].textContent);
    return '';
  };
  var control = tag === 'input' || tag === 'textarea' || tag === 'select';
  var name = clean(el.getAttribute('aria-label')) || labelled() || labelOf() ||
    (control ? (type === 'submit' || type === 'button' ? clean(el.value) : '') || clean(el.getAttribute('placeholder')) : '') ||
    (tag === 'img' ? clean(el.getAttribute('alt')) : '') ||
    (control ? '' : clean(el.textContent)) || clean(el.getAttribute('title'));
  var text = control ? '' : clean(el.textContent);
  var escape = function (value) { return CSS.escape(value); };
  var uniqueId = function (node) { return node.id && document.querySelectorAll('#' + escape(node.id)).length === 1; };
  var path = [];
  for (var node = el; node && node !== document.documentElement; node = node.parentElement) {
    if (uniqueId(node)) { path.unshift('#' + escape(node.id)); break; }
    var part = node.localName;
    var parent = node.parentElement;
    if (parent) {
      var same = Array.prototype.filter.call(parent.children, function (child) { return child.localName === node.localName; });
      if (same.length > 1) part += ':nth-of-type(' + (same.indexOf(node) + 1) + ')';
    }
    path.unshift(part);
  }
  var classes = function (node) {
    return Array.prototype.slice.call(node.classList, 0, 2).map(function (c) { return '.' + escape(c); }).join('');
  };
  var kind = [tag + classes(el)];
  for (var up = el.parentElement, taken = 0; up && up !== document.body && taken < 2; up = up.parentElement) {
    if (uniqueId(up)) { kind.unshift('#' + escape(up.id)); break; }
    if (up.classList.length) { kind.unshift(up.localName + classes(up)); taken += 1; }
  }
  var editable = (tag === 'input' && ['checkbox', 'radio', 'submit', 'button', 'reset', 'image', 'file', 'range', 'color'].indexOf(type) < 0) || tag === 'textarea' || el.isContentEditable;
  return {
    role: role, name: name.slice(0, 1000), testId: el.getAttribute('data-testid') || '',
    text: text.length <= 200 ? text : '', css: path.join(' > '), selector: kind.join(' '),
    tagName: tag, fullText: text.slice(0, 1000), editable: !!editable,
    hint: name || text.slice(0, 200) || clean(el.getAttribute('placeholder')) || tag
  };
}`;

/**
 * The element at a point, or the nearest actionable one around it (a click on a link's icon records the link),
 * with its description; a null element when the point is off the page.
 */
export const ELEMENT_AT = `function (point) {
  var el = document.elementFromPoint(point.x, point.y);
  if (!el) return { element: null, description: null };
  var actionable = el.closest('a[href],button,input,select,textarea,summary,[role=button],[role=link],[role=checkbox],[role=radio],[role=tab],[role=menuitem],[role=option],[role=switch],[contenteditable=""],[contenteditable=true],[data-testid]');
  el = actionable || el;
  return { element: el, description: (${DESCRIBE_ELEMENT})(el) };
}`;
