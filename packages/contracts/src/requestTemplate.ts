import { z } from 'zod';

/**
 * The Request Template Builder (002 §2.6): a captured request made a template, `{{ parameter }}` (Liquid) in its
 * URL, header values and body, rendered with the given parameter values and sent, through the outbound guard.
 *
 * Templates are only tried, never saved: the spec's builder keeps none and names no store for them; a template
 * lives in the page that made it (a site's endpoint keeps the request's URL pattern, which is what is reused).
 * Who may call: the spec's roles (002 §6) name none for the builder; sending reaches the web from Proctor's
 * machine, so it needs SITE_EDIT_PERMISSIONS, as changing a site does; rendering alone is any member's.
 */

/** Limits of a try: the outbound guard's, for every call Proctor makes to an address a user gave. */
export const REQUEST_TEMPLATE_TRY = { timeoutMs: 30_000, maxResponseBytes: 5 * 1024 * 1024 } as const;

/** A request with Liquid placeholders. */
export const RequestTemplate = z.object({
  method: z.string().trim().min(1, 'Method is required').max(20),
  url: z.string().trim().min(1, 'URL is required').max(8192),
  headers: z.record(z.string().min(1).max(256), z.string().max(8192)).default({}),
  body: z
    .string()
    .max(1024 * 1024)
    .nullable()
    .default(null),
});
export type RequestTemplate = z.input<typeof RequestTemplate>;

/** POST /api/template/try-request. */
export const TryRequestTemplateRequest = z.object({
  template: RequestTemplate,
  /** Each `{{ name }}`'s value. */
  parameters: z.record(z.string(), z.string()).default({}),
});
export type TryRequestTemplateRequest = z.input<typeof TryRequestTemplateRequest>;

/** What was sent (the template rendered) and what answered; the body as UTF-8 text. */
export const TryRequestTemplateResponse = z.object({
  request: z.object({
    method: z.string(),
    url: z.string(),
    headers: z.record(z.string(), z.string()),
    body: z.string().nullable(),
  }),
  response: z.object({
    status: z.number().int(),
    /** The URL that answered, after redirects. */
    url: z.string(),
    headers: z.record(z.string(), z.string()),
    body: z.string(),
  }),
});
export type TryRequestTemplateResponse = z.infer<typeof TryRequestTemplateResponse>;
