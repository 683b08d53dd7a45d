import type { Endpoint, EndpointOptionsArgument, EndpointResponse } from '@proctor/contracts';
import {
  keepPreviousData,
  type QueryClient,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { type CallOptions, call } from './client';
import { endpointQueryKey, type InvalidateOptions, invalidateEndpoints, sameResource } from './endpointKeys';

/** What one call of the endpoint sends: its params, query and body, as `call` takes them. */
export type EndpointRequest<E extends Endpoint> = Omit<CallOptions<E>, 'signal'>;

const callEndpoint = call as (
  endpoint: Endpoint,
  options?: { params?: unknown; query?: unknown; body?: unknown; signal?: AbortSignal },
) => Promise<unknown>;

export type EndpointQueryOptions<E extends Endpoint, TData> = EndpointRequest<E> &
  Omit<UseQueryOptions<EndpointResponse<E>, Error, TData>, 'queryKey' | 'queryFn' | 'placeholderData'> & {
    /**
     * What stays on screen while another key loads: 'always' the previous answer (the next page of a list),
     * 'same-params' only one for the same resource (another query of the same session), never another's.
     */
    keepPrevious?: 'always' | 'same-params';
    /** Part of the key besides the request: a new value reads the endpoint again. */
    refetchOn?: unknown;
  };

/** A read of one endpoint of the contract, keyed by the endpoint, its params and its query (endpointQueryKey). */
export function useEndpointQuery<E extends Endpoint, TData = EndpointResponse<E>>(
  endpoint: E,
  ...[options]: EndpointOptionsArgument<E, EndpointQueryOptions<E, TData>>
): UseQueryResult<TData, Error> {
  const { params, query, body, keepPrevious, refetchOn, ...queryOptions } = (options ?? {}) as {
    params?: unknown;
    query?: unknown;
    body?: unknown;
    keepPrevious?: 'always' | 'same-params';
    refetchOn?: unknown;
  } & Omit<UseQueryOptions<unknown, Error, TData>, 'queryKey' | 'queryFn'>;
  const queryKey = endpointQueryKey(endpoint, { params, query, body }, refetchOn);
  return useQuery({
    ...queryOptions,
    queryKey,
    queryFn: ({ signal }) => callEndpoint(endpoint, { params, query, body, signal }),
    placeholderData:
      keepPrevious === 'always'
        ? keepPreviousData
        : keepPrevious === 'same-params'
          ? (previous: unknown, previousQuery?: { queryKey: readonly unknown[] }) =>
              sameResource(previousQuery?.queryKey, queryKey) ? previous : undefined
          : undefined,
  });
}

/** invalidateEndpoints for code that changes data outside a mutation (a poll that saw progress, a refresh button). */
export function useInvalidateEndpoints() {
  const queryClient = useQueryClient();
  return useCallback(
    (targets: readonly Endpoint[] | 'all', options?: InvalidateOptions) =>
      invalidateEndpoints(queryClient, targets, options),
    [queryClient],
  );
}

export interface EndpointMutationOptions<E extends Endpoint, V> extends InvalidateOptions {
  /** Turns the caller's variables into the call; without it the variables are the call's params/query/body. */
  request?: (variables: V) => EndpointRequest<E>;
  /** The endpoints whose reads this change makes stale, read again before the mutation counts as done. */
  invalidates?: readonly Endpoint[] | 'all';
  /** Runs before the invalidation (to drop or patch cached reads). */
  onSuccess?: (data: EndpointResponse<E>, variables: V, queryClient: QueryClient) => unknown;
}

/** A change through one endpoint of the contract, invalidating the reads of the endpoints it names. */
export function useEndpointMutation<E extends Endpoint, V = EndpointRequest<E>>(
  endpoint: E,
  options: EndpointMutationOptions<E, V> = {},
): UseMutationResult<EndpointResponse<E>, Error, V> {
  const queryClient = useQueryClient();
  const { request, invalidates, onSuccess, refetch } = options;
  return useMutation({
    mutationFn: (variables: V) =>
      callEndpoint(endpoint, (request ? request(variables) : variables) as EndpointRequest<E>) as Promise<
        EndpointResponse<E>
      >,
    onSuccess: async (data, variables) => {
      await onSuccess?.(data, variables, queryClient);
      if (invalidates) await invalidateEndpoints(queryClient, invalidates, { refetch });
    },
  });
}

/**
 * One call of the endpoint per item, where the API offers no bulk form (make public, assign to organizations):
 * every call is made even when one fails, the reads are invalidated once after all have settled (some may have
 * changed data), and the mutation fails with the first failure.
 */
export function useEndpointMutationEach<E extends Endpoint, T>(
  endpoint: E,
  options: { request: (item: T) => EndpointRequest<E>; invalidates: readonly Endpoint[] | 'all' },
): UseMutationResult<EndpointResponse<E>[], Error, readonly T[]> {
  const queryClient = useQueryClient();
  const { request, invalidates } = options;
  return useMutation({
    mutationFn: async (items: readonly T[]) => {
      const results = await Promise.allSettled(
        items.map((item) => callEndpoint(endpoint, request(item)) as Promise<EndpointResponse<E>>),
      );
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      return results.map((result) => (result as PromiseFulfilledResult<EndpointResponse<E>>).value);
    },
    onSettled: () => invalidateEndpoints(queryClient, invalidates),
  });
}
