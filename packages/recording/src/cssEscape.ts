/**
 * CSS.escape (CSSOM §2.1) for Node, where there is no `CSS`: makes any string usable as an identifier in a
 * selector, so `'#' + cssEscape(id)` finds the element with that id whatever characters it holds.
 */
export function cssEscape(value: string): string {
  let escaped = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const char = value.charAt(i);
    const isDigit = code >= 0x30 && code <= 0x39;
    if (code === 0) escaped += '\ufffd';
    else if (
      (code >= 0x01 && code <= 0x1f) ||
      code === 0x7f ||
      (i === 0 && isDigit) ||
      (i === 1 && isDigit && value.charCodeAt(0) === 0x2d)
    )
      escaped += `\\${code.toString(16)} `;
    else if (i === 0 && value.length === 1 && char === '-') escaped += '\\-';
    else if (code >= 0x80 || char === '-' || char === '_' || isDigit || /[a-zA-Z]/.test(char))
      escaped += char;
    else escaped += `\\${char}`;
  }
  return escaped;
}
