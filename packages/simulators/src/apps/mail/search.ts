import type { Folder } from './schema';

/**
 * The search box's query language, as in the mail clients people know:
 * `from:priya has:attachment "board deck"`, `label:clients is:unread`, `in:archive subject:invoice`.
 * Free words match the subject, the body or the sender; every term must hold (AND).
 */
export type SearchTerm =
  | { kind: 'from' | 'to' | 'subject' | 'text'; value: string }
  | { kind: 'label'; value: string }
  | { kind: 'has'; value: 'attachment' }
  | { kind: 'is'; value: 'unread' | 'read' | 'starred' }
  | { kind: 'in'; value: Folder | 'anywhere' };

export interface ParsedQuery {
  terms: SearchTerm[];
  /** Operators that were not understood, shown to the user instead of being silently dropped. */
  unknown: string[];
}

const IN_VALUES = new Set(['inbox', 'sent', 'archive', 'spam', 'trash', 'anywhere']);

/** Splits on spaces, keeping "quoted phrases" (also after an operator: subject:"board deck") together. */
function tokens(query: string): string[] {
  const found: string[] = [];
  const pattern = /(\w+:)?"([^"]*)"|\S+/g;
  for (const match of query.matchAll(pattern)) {
    found.push(match[2] !== undefined ? `${match[1] ?? ''}${match[2]}` : match[0]);
  }
  return found.filter((t) => t.trim() !== '');
}

export function parseSearch(query: string): ParsedQuery {
  const terms: SearchTerm[] = [];
  const unknown: string[] = [];
  for (const token of tokens(query)) {
    const colon = token.indexOf(':');
    const operator = colon > 0 ? token.slice(0, colon).toLowerCase() : '';
    const value = colon > 0 ? token.slice(colon + 1).trim() : token;
    if (operator === 'from' || operator === 'to' || operator === 'subject') {
      if (value) terms.push({ kind: operator, value });
    } else if (operator === 'label') {
      // Labels with spaces are written with dashes, as in label:needs-reply.
      if (value) terms.push({ kind: 'label', value: value.replaceAll('-', ' ') });
    } else if (operator === 'has') {
      if (value.toLowerCase() === 'attachment') terms.push({ kind: 'has', value: 'attachment' });
      else unknown.push(token);
    } else if (operator === 'is') {
      const v = value.toLowerCase();
      if (v === 'unread' || v === 'read' || v === 'starred') terms.push({ kind: 'is', value: v });
      else unknown.push(token);
    } else if (operator === 'in') {
      const v = value.toLowerCase();
      if (IN_VALUES.has(v)) terms.push({ kind: 'in', value: v as Folder | 'anywhere' });
      else unknown.push(token);
    } else if (/^https?:/i.test(token) || operator === '') {
      terms.push({ kind: 'text', value: token });
    } else {
      unknown.push(token);
    }
  }
  return { terms, unknown };
}

const like = (value: string) => `%${value.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The WHERE clause over `threads t` for a parsed query. Without an in: term it searches every folder except
 * Spam and Trash, as real clients do.
 */
export function searchWhere(parsed: ParsedQuery): { sql: string; args: (string | number)[] } {
  const clauses: string[] = [];
  const args: (string | number)[] = [];
  const inMessage = (condition: string, ...values: string[]) => {
    clauses.push(`EXISTS (SELECT 1 FROM messages m WHERE m.thread_id = t.id AND (${condition}))`);
    args.push(...values);
  };
  let folder: Folder | 'anywhere' | null = null;
  for (const term of parsed.terms) {
    switch (term.kind) {
      case 'from':
        inMessage(
          "m.from_email LIKE ? ESCAPE '\\' OR m.from_name LIKE ? ESCAPE '\\'",
          like(term.value),
          like(term.value),
        );
        break;
      case 'to':
        inMessage(
          "m.to_addrs LIKE ? ESCAPE '\\' OR m.cc_addrs LIKE ? ESCAPE '\\'",
          like(term.value),
          like(term.value),
        );
        break;
      case 'subject':
        clauses.push("t.subject LIKE ? ESCAPE '\\'");
        args.push(like(term.value));
        break;
      case 'text':
        inMessage(
          "m.subject LIKE ? ESCAPE '\\' OR m.body LIKE ? ESCAPE '\\' OR m.from_name LIKE ? ESCAPE '\\' OR m.from_email LIKE ? ESCAPE '\\'",
          like(term.value),
          like(term.value),
          like(term.value),
          like(term.value),
        );
        break;
      case 'label':
        clauses.push(
          'EXISTS (SELECT 1 FROM thread_labels tl JOIN labels l ON l.id = tl.label_id WHERE tl.thread_id = t.id AND l.name = ? COLLATE NOCASE)',
        );
        args.push(term.value);
        break;
      case 'has':
        clauses.push(
          'EXISTS (SELECT 1 FROM messages m JOIN attachments a ON a.message_id = m.id WHERE m.thread_id = t.id)',
        );
        break;
      case 'is':
        clauses.push(
          term.value === 'starred'
            ? 't.starred = 1'
            : term.value === 'unread'
              ? 't.is_read = 0'
              : 't.is_read = 1',
        );
        break;
      case 'in':
        folder = term.value;
        break;
    }
  }
  if (folder === null) clauses.push("t.folder NOT IN ('spam', 'trash')");
  else if (folder !== 'anywhere') {
    clauses.push('t.folder = ?');
    args.push(folder);
  }
  return { sql: clauses.length ? clauses.join(' AND ') : '1 = 1', args };
}
