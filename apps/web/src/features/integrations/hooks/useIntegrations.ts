import { type EndpointBody, endpoints } from '@proctor/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../api';

/** The organization's installed sources (the HTTP API (OpenAPI) app's), newest first, with their methods. */
export function useIntegrationSources() {
  return useEndpointQuery(endpoints.integrationSources, { select: (response) => response.sources });
}

const READS = [endpoints.integrationSources, endpoints.listIntegrations, endpoints.integration];

/** Install HTTP API (OpenAPI): a document by URL or as uploaded text. */
export function useInstallSource() {
  return useEndpointMutation(endpoints.installIntegrationSource, {
    request: (body: EndpointBody<typeof endpoints.installIntegrationSource>) => ({ body }),
    invalidates: READS,
  });
}

/** Connect: a source and its API key. */
export function useConnectIntegration() {
  return useEndpointMutation(endpoints.createIntegration, {
    request: (body: EndpointBody<typeof endpoints.createIntegration>) => ({ body }),
    invalidates: READS,
  });
}

/** An integration with its source and methods (the integration page). */
export function useIntegration(id: number) {
  return useEndpointQuery(endpoints.integration, { params: { id } });
}

/** API Authentication's Configure: a new key. */
export function useConfigureIntegration(id: number) {
  return useEndpointMutation(endpoints.updateIntegration, {
    request: (body: EndpointBody<typeof endpoints.updateIntegration>) => ({ params: { id }, body }),
    invalidates: READS,
  });
}

/** API Endpoints' Add: a site endpoint made a method. */
export function useAddIntegrationMethod(id: number) {
  return useEndpointMutation(endpoints.addIntegrationMethod, {
    request: (siteEndpointId: number) => ({ params: { id }, body: { siteEndpointId } }),
    invalidates: READS,
  });
}

/** The organization's site endpoints, offered by API Endpoints' Add. */
export function useSiteEndpointChoices(enabled: boolean) {
  return useEndpointQuery(endpoints.siteEndpoints, {
    query: {},
    enabled,
    select: (response) => response.endpoints,
  });
}

/** A method called with its parameters' values. */
export function useCallIntegrationMethod(id: number, methodId: number) {
  return useEndpointMutation(endpoints.callIntegrationMethod, {
    request: (body: EndpointBody<typeof endpoints.callIntegrationMethod>) => ({
      params: { id, methodId },
      body,
    }),
  });
}

/** The organization's web flows: the integration page's Web Scrapers. */
export function useWebScrapers() {
  return useEndpointQuery(endpoints.listWebFlows, { query: {}, select: (response) => response.flows });
}
