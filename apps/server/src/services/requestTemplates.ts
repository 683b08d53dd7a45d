import {
  REQUEST_TEMPLATE_TRY,
  type TryRequestTemplateRequest,
  type TryRequestTemplateResponse,
} from '@proctor/contracts';
import type { z } from 'zod';
import { guardedRequest, type OutboundGuardOptions } from '../kernel/outbound/outboundGuard';
import { outboundHttpError } from '../kernel/outbound/outboundHttpError';
import type { TemplateRenderer } from '../kernel/template/templateRenderer';

/** Headers the connection sets itself, and HTTP/2's pseudo-headers a capture may hold (`:authority`). */
const CONNECTION_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'keep-alive',
]);

/** Response headers as one string each (repeated ones joined), as the contracts answer them. */
export const headerValues = (headers: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter((entry): entry is [string, string | string[]] => entry[1] !== undefined)
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
  );

/**
 * A request template tried (the Request Template Builder): its URL, header values and body rendered with the
 * parameters by the sandboxed Liquid renderer, then sent through the outbound guard with the builder's limits.
 */
export async function tryRequestTemplate(
  renderer: TemplateRenderer,
  guard: OutboundGuardOptions,
  { template, parameters }: z.output<typeof TryRequestTemplateRequest>,
): Promise<TryRequestTemplateResponse> {
  const render = (text: string) => renderer.render(text, parameters);
  const url = (await render(template.url)).trim();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(template.headers)) {
    if (name.startsWith(':') || CONNECTION_HEADERS.has(name.toLowerCase())) continue;
    headers[name] = await render(value);
  }
  const body = template.body === null ? null : await render(template.body);
  const method = template.method.toUpperCase();
  try {
    const response = await guardedRequest(
      url,
      { method, headers, ...(body !== null && method !== 'GET' && method !== 'HEAD' ? { body } : {}) },
      { ...guard, ...REQUEST_TEMPLATE_TRY },
    );
    return {
      request: { method, url, headers, body },
      response: {
        status: response.status,
        url: response.url,
        headers: headerValues(response.headers),
        body: response.body.toString('utf8'),
      },
    };
  } catch (error) {
    throw outboundHttpError(error);
  }
}
