import { z } from 'zod';

/** A Liquid template and the data it is rendered with (the request template builder). */
export const TEMPLATE_MAX_BYTES = 100 * 1024;
export const TEMPLATE_OUTPUT_MAX_BYTES = 1024 * 1024;
/** Wall time one render may take before it is stopped. */
export const TEMPLATE_RENDER_TIMEOUT_MS = 1000;

export const TemplateRenderRequest = z.object({
  template: z.string(),
  data: z.record(z.string(), z.unknown()).default({}),
});

export const TemplateRenderResponse = z.object({ rendered: z.string() });
