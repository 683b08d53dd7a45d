import { type RequestTemplate, type SiteRequest, urlPatternOf } from '@proctor/contracts';

/**
 * A captured request as a template being edited (the Request Template Builder, 002 §2.6): Liquid `{{ name }}`
 * placeholders in its URL, header values and body, and a value for each, first the captured one.
 */
export interface TemplateDraft {
  method: string;
  url: string;
  headers: { name: string; value: string }[];
  body: string;
  /** Each parameter's value for Try it. */
  values: Record<string, string>;
}

export function draftOf(request: SiteRequest): TemplateDraft {
  return {
    method: request.method.toUpperCase(),
    url: request.url,
    headers: Object.entries(request.requestHeaders)
      // HTTP/2 pseudo-headers and what the connection sets itself are not the template's.
      .filter(([name]) => !name.startsWith(':') && !['host', 'content-length'].includes(name.toLowerCase()))
      .map(([name, value]) => ({ name, value })),
    body: request.requestBody ?? '',
    values: {},
  };
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The parameters the draft's URL, header values and body name, in order of first use. */
export function parametersOf(draft: Pick<TemplateDraft, 'url' | 'headers' | 'body'>): string[] {
  const texts = [draft.url, ...draft.headers.map((header) => header.value), draft.body];
  return [
    ...new Set(texts.flatMap((text) => [...text.matchAll(PLACEHOLDER)].map((match) => match[1] as string))),
  ];
}

/** A Liquid variable name from any text: letters, digits and `_`, not starting with a digit. */
function variableName(text: string, taken: Set<string>): string {
  const base = text.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^(?=[0-9])|^$/, 'p');
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  taken.add(name);
  return name;
}

function safeDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The draft with its URL's ids (the segments urlPatternOf finds varying) and query values made parameters,
 * each valued as captured. A URL that already has placeholders, or is not absolute, is left as it is.
 */
export function withUrlParameters(draft: TemplateDraft): TemplateDraft {
  if (parametersOf({ url: draft.url, headers: [], body: '' }).length > 0 || !URL.canParse(draft.url))
    return draft;
  const url = new URL(draft.url);
  const pattern = urlPatternOf(url.href);
  const taken = new Set(Object.keys(draft.values));
  const values: Record<string, string> = { ...draft.values };
  let path = pattern.urlPattern;
  for (const parameter of pattern.parameters) {
    const name = variableName(parameter.name, taken);
    path = path.replace(`{${parameter.name}}`, `{{ ${name} }}`);
    values[name] = safeDecoded(parameter.value);
  }
  const query = [...url.searchParams].map(([key, value]) => {
    const name = variableName(key, taken);
    values[name] = value;
    return `${encodeURIComponent(key)}={{ ${name} }}`;
  });
  return { ...draft, url: `${url.origin}${path}${query.length ? `?${query.join('&')}` : ''}`, values };
}

/** The draft as the contract's template, headers without a name left out. */
export function templateOf(draft: TemplateDraft): RequestTemplate {
  return {
    method: draft.method,
    url: draft.url,
    headers: Object.fromEntries(
      draft.headers
        .filter((header) => header.name.trim())
        .map((header) => [header.name.trim(), header.value]),
    ),
    body: draft.body === '' ? null : draft.body,
  };
}
