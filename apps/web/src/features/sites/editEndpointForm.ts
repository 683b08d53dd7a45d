import type { SiteEndpoint, UpdateSiteEndpointRequest } from '@proctor/contracts';

/** The Edit endpoint dialog's fields: what makes an endpoint itself (its model is linked from the Models tab). */
export interface EditEndpointValues {
  method: string;
  originUrl: string;
  urlPattern: string;
  contentType: string;
}

export const EDIT_ENDPOINT_MESSAGES = { methodRequired: 'Method is required' } as const;

export function initialEditEndpointValues(endpoint: SiteEndpoint): EditEndpointValues {
  return {
    method: endpoint.method,
    originUrl: endpoint.originUrl,
    urlPattern: endpoint.urlPattern,
    contentType: endpoint.contentType ?? '',
  };
}

/** The PUT body: every field given, so a blank one is checked rather than left unchanged; no content type is null. */
export function editEndpointRequest(values: EditEndpointValues): UpdateSiteEndpointRequest {
  return { ...values, contentType: values.contentType.trim() || null };
}

/** The contract takes a method as optional (a PUT changes what it is given); this form always gives one. */
export function checkEditEndpoint(values: EditEndpointValues): Record<string, string> {
  return values.method.trim() ? {} : { method: EDIT_ENDPOINT_MESSAGES.methodRequired };
}
