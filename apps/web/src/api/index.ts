export {
  ApiError,
  errorDetail,
  isApiError,
  requestFailure,
  streamFailure,
} from './ApiError';
export { type CallOptions, call, fetchBlob, upload } from './client';
export { endpointKey, endpointQueryKey, invalidateEndpoints } from './endpointKeys';
export {
  type EndpointRequest,
  useEndpointMutation,
  useEndpointMutationEach,
  useEndpointQuery,
  useInvalidateEndpoints,
} from './endpointQuery';
export { type LineSchema, streamNdjson } from './ndjson';
export { createQueryClient } from './queryClient';
export { saveBlob } from './saveBlob';
export { expireSession, onSessionExpired, SESSION_EXPIRED_MESSAGE, storeTokens } from './session';
export { type StoredTokens, tokenStore } from './tokenStore';
export { useBlobUrl } from './useBlobUrl';
