import { type SiteRequest, urlPatternOf } from '@proctor/contracts';

/** The Add endpoint dialog's fields: the site, and a model of the response to create with it. */
export interface AddEndpointValues {
  siteId: string;
  withModel: boolean;
  modelName: string;
}

export const ADD_ENDPOINT_MESSAGES = {
  siteRequired: 'Choose a site',
  modelNameRequired: 'Name the model',
} as const;

/** Whether a captured response's content type says JSON (`application/json`, `application/problem+json; …`). */
export function isJsonContentType(contentType: string | null): boolean {
  const media = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return media === 'application/json' || media.endsWith('+json') || media === 'text/json';
}

/** A model's name for the response of a request: its method and URL pattern (`GET /api/orders/{orderId}`). */
export function defaultModelName(request: Pick<SiteRequest, 'method' | 'url'>): string {
  return `${request.method.toUpperCase()} ${urlPatternOf(request.url).urlPattern}`;
}

export function initialAddEndpointValues(request: Pick<SiteRequest, 'method' | 'url' | 'contentType'>) {
  return {
    siteId: '',
    withModel: isJsonContentType(request.contentType),
    modelName: defaultModelName(request),
  } satisfies AddEndpointValues;
}

/** The dialog's own rules besides the contract's: a site chosen, and a name when a model is to be created. */
export function checkAddEndpoint(values: AddEndpointValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.siteId) errors.siteId = ADD_ENDPOINT_MESSAGES.siteRequired;
  if (values.withModel && !values.modelName.trim())
    errors.modelName = ADD_ENDPOINT_MESSAGES.modelNameRequired;
  return errors;
}
