import {
  type EnvironmentStatus as ContractEnvironmentStatus,
  type Mutation as ContractMutation,
  type EndpointBody,
  type EndpointResponse,
  endpoints,
  hubGitPath,
  TIMING,
} from '@proctor/contracts';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ENVIRONMENT_TIMING } from '../src/constants';
import type { ApiClient } from '../src/http';
import { Hub } from '../src/hub';
import { ROUTES, type RouteTypes } from '../src/routes';
import type * as Sdk from '../src/types';

/**
 * The SDK carries its own copy of the API's shapes (the installed package depends on nothing); this file
 * holds the copy to the contract. The type checks fail `tsc -p packages/sdk` (npm run typecheck), the
 * others vitest.
 */

type Endpoints = typeof endpoints;
type Request<N extends keyof RouteTypes> = RouteTypes[N]['body'];
type Response<N extends keyof RouteTypes> = RouteTypes[N]['response'];
/** A body the server defaults to {} when absent is that object as far as the SDK is concerned. */
type ContractBody<N extends keyof RouteTypes> = Exclude<EndpointBody<Endpoints[N]>, undefined>;
type ContractResponse<N extends keyof RouteTypes> = EndpointResponse<Endpoints[N]>;

describe('the SDK and the contract', () => {
  it('should call every endpoint with the contract method and path', () => {
    for (const [name, route] of Object.entries(ROUTES)) {
      const endpoint = endpoints[name as keyof typeof ROUTES];
      expect({ name, method: endpoint.method, path: endpoint.path }).toEqual({ name, ...route });
    }
  });

  it('should cover every environment endpoint of the contract', () => {
    const environmentEndpoints = Object.entries(endpoints)
      .filter(([, endpoint]) => endpoint.tag === 'environments')
      .map(([name]) => name);
    const environmentRoutes = Object.keys(ROUTES).filter(
      (name) => endpoints[name as keyof typeof ROUTES].tag === 'environments',
    );
    expect(environmentRoutes.sort()).toEqual(environmentEndpoints.sort());
  });

  it("should clone from the hub's git address", () => {
    const api = { call: () => Promise.reject(new Error('not called')) } as unknown as ApiClient;
    const hub = new Hub({ api, baseUrl: 'http://proctor.test/prefix' });
    expect(hub.gitUrl({ owner: 'org_1', name: 'shop' })).toBe(
      `http://proctor.test/prefix${hubGitPath('org_1', 'shop')}`,
    );
  });

  it('should wait and beat on the timings the server expects', () => {
    expect(ENVIRONMENT_TIMING).toMatchObject({
      readyTimeoutMs: TIMING.envReadyTimeoutMs,
      pollStartMs: TIMING.envPollStartMs,
      pollMaxMs: TIMING.envPollMaxMs,
      heartbeatMs: TIMING.heartbeatMs,
    });
  });

  // Exact equality, field for field and deep: an optional field that one side lacks fails too.
  it('should send the request bodies the contract accepts, and none where it takes none', () => {
    expectTypeOf<Request<'makeEnvironment'>>().toEqualTypeOf<ContractBody<'makeEnvironment'>>();
    expectTypeOf<Request<'resetEnvironment'>>().toEqualTypeOf<ContractBody<'resetEnvironment'>>();
    expectTypeOf<Request<'evaluateEnvironment'>>().toEqualTypeOf<ContractBody<'evaluateEnvironment'>>();
    type WithoutBody = Exclude<
      keyof RouteTypes,
      'makeEnvironment' | 'resetEnvironment' | 'evaluateEnvironment'
    >;
    expectTypeOf<Request<WithoutBody>>().toEqualTypeOf<undefined>();
    expectTypeOf<EndpointBody<Endpoints[WithoutBody]>>().toEqualTypeOf<undefined>();
  });

  it('should read the responses the contract promises', () => {
    expectTypeOf<Response<'makeEnvironment'>>().toEqualTypeOf<ContractResponse<'makeEnvironment'>>();
    expectTypeOf<Response<'environmentStatus'>>().toEqualTypeOf<ContractResponse<'environmentStatus'>>();
    expectTypeOf<Response<'environmentWorkerReady'>>().toEqualTypeOf<
      ContractResponse<'environmentWorkerReady'>
    >();
    expectTypeOf<Response<'environmentState'>>().toEqualTypeOf<ContractResponse<'environmentState'>>();
    expectTypeOf<Response<'resetEnvironment'>>().toEqualTypeOf<ContractResponse<'resetEnvironment'>>();
    expectTypeOf<Response<'evaluateEnvironment'>>().toEqualTypeOf<ContractResponse<'evaluateEnvironment'>>();
    expectTypeOf<Response<'backupEnvironment'>>().toEqualTypeOf<ContractResponse<'backupEnvironment'>>();
    expectTypeOf<Response<'closeEnvironment'>>().toEqualTypeOf<ContractResponse<'closeEnvironment'>>();
    expectTypeOf<Response<'environmentHeartbeat'>>().toEqualTypeOf<
      ContractResponse<'environmentHeartbeat'>
    >();
    expectTypeOf<Response<'environmentCdpUrl'>>().toEqualTypeOf<ContractResponse<'environmentCdpUrl'>>();
    expectTypeOf<Response<'keepaliveJobs'>>().toEqualTypeOf<ContractResponse<'keepaliveJobs'>>();
    expectTypeOf<Response<'hubMyInfo'>>().toEqualTypeOf<ContractResponse<'hubMyInfo'>>();
    expectTypeOf<Response<'hubSimulators'>>().toEqualTypeOf<ContractResponse<'hubSimulators'>>();
    expectTypeOf<Response<'hubSimulatorRepository'>>().toEqualTypeOf<
      ContractResponse<'hubSimulatorRepository'>
    >();
    expectTypeOf<Sdk.EnvironmentStatus>().toEqualTypeOf<ContractEnvironmentStatus>();
    expectTypeOf<Sdk.StateMutation>().toEqualTypeOf<ContractMutation>();
  });
});
