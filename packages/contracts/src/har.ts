import { z } from 'zod';
import {
  isSecretName,
  type Placeholder,
  redactBody,
  redactHeaderValue,
  redactJwts,
  redactUrl,
} from './redaction';

/**
 * An uploaded HAR (HTTP Archive 1.2) becomes a session: its entries the session's network requests, its pages
 * url_change steps. The upload's limits, its screen's texts, and the shape each entry must have.
 */
export const HAR_UPLOAD = {
  /** The largest HAR file accepted by default (HAR_MAX_BYTES); a larger one answers 413. */
  maxBytes: 200 * 1024 * 1024,
  /** File names the upload screen accepts (Chrome and Firefox save .har; some tools .json). */
  accept: '.har,.json',
  /** What a secret in an upload is stored as: the prefix, then the first 8 hex digits of its HMAC. */
  placeholderPrefix: 'redacted:',
} as const;

export const HAR_UPLOAD_MESSAGES = {
  invalidFile: 'Please select a valid .har file',
  required: 'Please select both a HAR file and a simulator',
  failed: 'Failed to upload HAR file',
  loadSimulators: 'Failed to load simulators',
} as const;

/** Whether the upload screen takes a file of this name (000 §5: a .har file). */
export function isHarFileName(name: string): boolean {
  return /\.(har|json)$/i.test(name);
}

const NameValue = z.looseObject({ name: z.string(), value: z.string() });
const Cookie = z.looseObject({ name: z.string(), value: z.string() });

/** One entry of `log.entries`, with the fields HAR 1.2 requires; tools' own fields (`_resourceType`) are kept. */
export const HarEntry = z.looseObject({
  pageref: z.string().optional(),
  startedDateTime: z.iso.datetime({ offset: true }),
  time: z.number(),
  request: z.looseObject({
    method: z.string().min(1),
    url: z.string().min(1),
    httpVersion: z.string(),
    cookies: z.array(Cookie),
    headers: z.array(NameValue),
    queryString: z.array(NameValue),
    postData: z
      .looseObject({
        mimeType: z.string(),
        text: z.string().optional(),
        params: z.array(z.looseObject({ name: z.string(), value: z.string().optional() })).optional(),
      })
      .optional(),
    headersSize: z.number(),
    bodySize: z.number(),
  }),
  response: z.looseObject({
    status: z.number().int(),
    statusText: z.string(),
    httpVersion: z.string(),
    cookies: z.array(Cookie),
    headers: z.array(NameValue),
    content: z.looseObject({
      size: z.number(),
      mimeType: z.string(),
      text: z.string().optional(),
      encoding: z.string().optional(),
    }),
    redirectURL: z.string(),
    headersSize: z.number(),
    bodySize: z.number(),
  }),
  // Required by HAR 1.2, but left out by some exporters and never read here.
  cache: z.looseObject({}).optional(),
  timings: z.looseObject({
    blocked: z.number().optional(),
    dns: z.number().optional(),
    connect: z.number().optional(),
    send: z.number(),
    wait: z.number(),
    receive: z.number(),
    ssl: z.number().optional(),
  }),
});
export type HarEntry = z.infer<typeof HarEntry>;

export const HarUploadResponse = z.object({
  /** The new session's public id. */
  session_id: z.string(),
  requests_count: z.number().int(),
});
export type HarUploadResponse = z.infer<typeof HarUploadResponse>;

/**
 * The entry with every secret replaced: Authorization, Cookie, Set-Cookie and other secret-named headers, both
 * `cookies` arrays, secret query and form fields and JSON keys (`isSecretName`), and JWT-shaped strings
 * anywhere in URLs, headers and text bodies. `decodeText` reads a base64 response body (null: not text,
 * left as it is).
 */
export function redactHarEntry(
  entry: HarEntry,
  placeholder: Placeholder,
  decodeText: (base64: string) => string | null,
  encodeText: (text: string) => string,
): HarEntry {
  const text = (value: string) => redactJwts(value, placeholder);
  const headers = (list: HarEntry['request']['headers']) =>
    list.map((header) => ({ ...header, value: redactHeaderValue(header.name, header.value, placeholder) }));
  const cookies = (list: HarEntry['request']['cookies']) =>
    list.map((cookie) => ({ ...cookie, value: placeholder(cookie.value) }));
  const pairs = (list: HarEntry['request']['queryString']) =>
    list.map((pair) => ({
      ...pair,
      value: isSecretName(pair.name) ? placeholder(pair.value) : text(pair.value),
    }));
  const body = (value: string, mimeType: string) => text(redactBody(value, mimeType, placeholder));
  const { request, response } = entry;
  const { postData } = request;
  const { content } = response;
  let contentText = content.text;
  if (contentText !== undefined) {
    if (content.encoding === 'base64') {
      const decoded = decodeText(contentText);
      if (decoded !== null) contentText = encodeText(body(decoded, content.mimeType));
    } else contentText = body(contentText, content.mimeType);
  }
  return {
    ...entry,
    request: {
      ...request,
      url: text(redactUrl(request.url, placeholder)),
      cookies: cookies(request.cookies),
      headers: headers(request.headers),
      queryString: pairs(request.queryString),
      ...(postData
        ? {
            postData: {
              ...postData,
              ...(postData.text === undefined ? {} : { text: body(postData.text, postData.mimeType) }),
              ...(postData.params
                ? {
                    params: postData.params.map((param) => ({
                      ...param,
                      ...(param.value === undefined
                        ? {}
                        : {
                            value: isSecretName(param.name) ? placeholder(param.value) : text(param.value),
                          }),
                    })),
                  }
                : {}),
            },
          }
        : {}),
    },
    response: {
      ...response,
      cookies: cookies(response.cookies),
      headers: headers(response.headers),
      redirectURL: text(redactUrl(response.redirectURL, placeholder)),
      content: { ...content, ...(contentText === undefined ? {} : { text: contentText }) },
    },
  };
}
