import { buildPath, type EndpointBody, type EndpointQuery, endpoints, type Site } from '@proctor/contracts';
import { useMutation } from '@tanstack/react-query';
import { errorDetail, fetchBlob, saveBlob, useEndpointMutation, useEndpointQuery } from '../../../api';
import { notify } from '../../../components/notify';
import { openApiFileName } from '../openApiFileName';

/** The organization's sites and the shared ones, by name. */
export function useSites() {
  return useEndpointQuery(endpoints.listSites, { select: (response) => response.sites });
}

export function useCreateSite() {
  return useEndpointMutation(endpoints.createSite, {
    request: (body: EndpointBody<typeof endpoints.createSite>) => ({ body }),
    invalidates: [endpoints.listSites],
  });
}

/** Edit site: its name, URL and image URL. */
export function useUpdateSite() {
  return useEndpointMutation(endpoints.updateSite, {
    request: ({ id, ...body }: { id: number } & EndpointBody<typeof endpoints.updateSite>) => ({
      params: { id },
      body,
    }),
    invalidates: [endpoints.listSites],
  });
}

/** The endpoints of the organization's sites, or of one site. */
export function useSiteEndpoints(query: EndpointQuery<typeof endpoints.siteEndpoints> = {}) {
  return useEndpointQuery(endpoints.siteEndpoints, { query, select: (response) => response.endpoints });
}

/** A site's models (named JSON Schemas) with their document counts. */
export function useSiteModels(siteId: number) {
  return useEndpointQuery(endpoints.siteModels, {
    params: { id: siteId },
    select: (response) => response.models,
  });
}

/** A page of a model's documents, newest first. */
export function useModelDocuments(modelId: number, page: number) {
  return useEndpointQuery(endpoints.siteModelDocuments, {
    params: { id: modelId },
    query: { page },
    keepPrevious: 'same-params',
  });
}

/** A page of the organization's captured requests under the filters, newest first. */
export function useSiteRequests(query: EndpointQuery<typeof endpoints.siteRequests>) {
  return useEndpointQuery(endpoints.siteRequests, { query, keepPrevious: 'always' });
}

/** The origins the organization has captured traffic of (the origin filter's choices, offline sessions' starts). */
export function useSiteOriginUrls(enabled = true) {
  return useEndpointQuery(endpoints.siteOriginUrls, { select: (response) => response.originUrls, enabled });
}

/** One captured request's response in full, read when its row is opened. A capture does not change. */
export function useSiteResponse(requestId: number) {
  return useEndpointQuery(endpoints.siteResponse, {
    body: { requestId },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const ENDPOINT_READS = [endpoints.siteEndpoints];

/** The endpoint a captured request stands for, on a site (answered as it is when the site has it already). */
export function useEndpointFromRequest() {
  return useEndpointMutation(endpoints.siteEndpointFromRequest, {
    request: (body: EndpointBody<typeof endpoints.siteEndpointFromRequest>) => ({ body }),
    invalidates: ENDPOINT_READS,
  });
}

/** Edit endpoint: its method, origin, URL pattern or content type (409 when the site has that endpoint already). */
export function useUpdateSiteEndpoint() {
  return useEndpointMutation(endpoints.updateSiteEndpoint, {
    request: ({ id, ...body }: { id: number } & EndpointBody<typeof endpoints.updateSiteEndpoint>) => ({
      params: { id },
      body,
    }),
    invalidates: ENDPOINT_READS,
  });
}

/** Create model from response: a model whose schema is inferred from a captured JSON response. */
export function useCreateSiteModel() {
  return useEndpointMutation(endpoints.createSiteModel, {
    request: ({ siteId, ...body }: { siteId: number } & EndpointBody<typeof endpoints.createSiteModel>) => ({
      params: { id: siteId },
      body,
    }),
    invalidates: [endpoints.siteModels, ...ENDPOINT_READS],
  });
}

/** Export OpenAPI: the site's OpenAPI 3.1 document (its endpoints and models), saved as a JSON file. */
export function useExportOpenApi() {
  return useMutation({
    mutationFn: async (site: Pick<Site, 'id' | 'name'>) =>
      saveBlob(
        await fetchBlob(buildPath(endpoints.siteOpenApi.path, { id: site.id })),
        openApiFileName(site.name),
      ),
    onError: (error) => notify.error(errorDetail(error), 'Failed to export OpenAPI'),
  });
}

/** A document of a model, checked by the server against the model's schema (400 naming the JSON path). */
export function useCreateSiteDocument() {
  return useEndpointMutation(endpoints.createSiteDocument, {
    request: ({ modelId, data }: { modelId: number; data: unknown }) => ({
      params: { id: modelId },
      body: { data },
    }),
    invalidates: [endpoints.siteModelDocuments, endpoints.siteModels],
  });
}
