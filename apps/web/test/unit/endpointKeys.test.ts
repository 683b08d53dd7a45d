import { endpoints } from '@proctor/contracts';
import { hashKey, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { endpointQueryKey, invalidateEndpoints, sameResource } from '../../src/api/endpointKeys';

const hash = (key: readonly unknown[]) => hashKey(key);

describe('endpointQueryKey', () => {
  it('should start every key with the endpoint, so two endpoints on one path never share a key', () => {
    const read = endpointQueryKey(endpoints.getSession, { params: { id: 's1' } });
    const archive = endpointQueryKey(endpoints.archiveSession, { params: { id: 's1' } });
    expect(read[0]).toBe(`${endpoints.getSession.method} ${endpoints.getSession.path}`);
    expect(hash(read)).not.toBe(hash(archive));
  });

  it('should give two spellings of one URL one key, and different params or query different keys', () => {
    const numeric = endpointQueryKey(endpoints.archiveTestCaseSet, { params: { id: 5 } });
    const text = endpointQueryKey(endpoints.archiveTestCaseSet, { params: { id: '5' } });
    expect(hash(numeric)).toBe(hash(text));
    expect(hash(endpointQueryKey(endpoints.listSessions, { query: { page: 1, status: undefined } }))).toBe(
      hash(endpointQueryKey(endpoints.listSessions, { query: { page: '1' } })),
    );
    expect(hash(endpointQueryKey(endpoints.listSessions, { query: {} }))).toBe(
      hash(endpointQueryKey(endpoints.listSessions)),
    );
    expect(hash(endpointQueryKey(endpoints.getSession, { params: { id: 'a' } }))).not.toBe(
      hash(endpointQueryKey(endpoints.getSession, { params: { id: 'b' } })),
    );
    expect(hash(endpointQueryKey(endpoints.listSessions, { query: { page: 1 } }))).not.toBe(
      hash(endpointQueryKey(endpoints.listSessions, { query: { page: 2 } })),
    );
  });

  it('should key a read sent as POST by its body, and add refetchOn only when given', () => {
    const a = endpointQueryKey(endpoints.mergedMutations, { body: { test_case_id: 'tc_a' } });
    const b = endpointQueryKey(endpoints.mergedMutations, { body: { test_case_id: 'tc_b' } });
    expect(hash(a)).not.toBe(hash(b));
    const params = { id: 's1' };
    expect(hash(endpointQueryKey(endpoints.sessionScores, { params }, 'running'))).not.toBe(
      hash(endpointQueryKey(endpoints.sessionScores, { params }, 'completed')),
    );
    expect(endpointQueryKey(endpoints.sessionScores, { params })).toEqual([
      expect.any(String),
      { params: { id: 's1' } },
    ]);
  });

  it('should say whether a previous key read the same resource', () => {
    const running = endpointQueryKey(endpoints.getSession, { params: { id: 's1' } });
    const adminView = endpointQueryKey(endpoints.getSession, {
      params: { id: 's1' },
      query: { admin_view: 'true' },
    });
    const other = endpointQueryKey(endpoints.getSession, { params: { id: 's2' } });
    expect(sameResource(running, adminView)).toBe(true);
    expect(sameResource(other, adminView)).toBe(false);
    expect(sameResource(endpointQueryKey(endpoints.sessionScores, { params: { id: 's1' } }), running)).toBe(
      false,
    );
    expect(sameResource(undefined, running)).toBe(false);
  });
});

describe('invalidation by endpoint', () => {
  function cache() {
    const queryClient = new QueryClient();
    const keys = {
      firstPage: endpointQueryKey(endpoints.listSessions, { query: { page: 1 } }),
      agentSessions: endpointQueryKey(endpoints.listSessions, { query: { agentArtifactIds: '3' } }),
      session: endpointQueryKey(endpoints.getSession, { params: { id: 's1' } }),
      sessionAdmin: endpointQueryKey(endpoints.getSession, {
        params: { id: 's1' },
        query: { admin_view: 'true' },
      }),
      otherSession: endpointQueryKey(endpoints.getSession, { params: { id: 's2' } }),
      simulators: endpointQueryKey(endpoints.simulators),
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, { cached: true });
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;
    return { queryClient, keys, invalidated };
  }

  it('should reach every read of the endpoints named, whatever their params and query, and nothing else', async () => {
    const { queryClient, keys, invalidated } = cache();
    await invalidateEndpoints(queryClient, [endpoints.listSessions]);
    expect(invalidated(keys.firstPage)).toBe(true);
    expect(invalidated(keys.agentSessions)).toBe(true);
    expect(invalidated(keys.session)).toBe(false);
    expect(invalidated(keys.simulators)).toBe(false);
  });

  it("should reach one resource's reads through a key of its params only", () => {
    const { queryClient, keys } = cache();
    queryClient.removeQueries({ queryKey: endpointQueryKey(endpoints.getSession, { params: { id: 's1' } }) });
    expect(queryClient.getQueryData(keys.session)).toBeUndefined();
    expect(queryClient.getQueryData(keys.sessionAdmin)).toBeUndefined();
    expect(queryClient.getQueryData(keys.otherSession)).toEqual({ cached: true });
  });

  it("should reach every read with 'all'", async () => {
    const { queryClient, keys, invalidated } = cache();
    await invalidateEndpoints(queryClient, 'all');
    for (const key of Object.values(keys)) expect(invalidated(key)).toBe(true);
  });
});
