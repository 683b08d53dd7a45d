import {
  buildPath,
  type Endpoint,
  type EndpointBody,
  endpoints,
  type Simulator,
  type TestCase,
  type TestCaseSet,
} from '@proctor/contracts';
import type { Page } from 'playwright-core';
import type { z } from 'zod';

/**
 * Catalogue data made through the API (simulators, test cases, datasets), for tests whose subject is a
 * page that shows it. Bodies are typed by the same contract the dashboard uses; answers are parsed by it.
 */
interface CallOptions<B extends z.ZodType> {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: z.input<B>;
  /** Call as the organization's API key instead of the signed-in user. */
  apiKey?: string;
}

export interface CatalogApi {
  call<B extends z.ZodType, R extends z.ZodType>(
    endpoint: Endpoint<z.ZodType, z.ZodType, B, R>,
    options?: CallOptions<B>,
  ): Promise<z.output<R>>;
  createSimulator(body: EndpointBody<typeof endpoints.createSimulator>): Promise<Simulator>;
  createTestCase(body: EndpointBody<typeof endpoints.createTestCases>): Promise<TestCase>;
  createDataset(body: EndpointBody<typeof endpoints.createTestCaseSet>): Promise<TestCaseSet>;
  simulators(): Promise<Simulator[]>;
}

export function catalogApi(baseUrl: string, accessToken: string): CatalogApi {
  async function call<B extends z.ZodType, R extends z.ZodType>(
    endpoint: Endpoint<z.ZodType, z.ZodType, B, R>,
    options: CallOptions<B> = {},
  ): Promise<z.output<R>> {
    const query = options.query
      ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]))}`
      : '';
    const url = `${baseUrl}${buildPath(endpoint.path, options.params)}${query}`;
    const headers: Record<string, string> = options.apiKey
      ? { 'X-API-Key': options.apiKey }
      : { Authorization: `Bearer ${accessToken}` };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(url, {
      method: endpoint.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    if (!response.ok)
      throw new Error(`${endpoint.method} ${url} answered ${response.status}: ${await response.text()}`);
    return endpoint.response.parse(await response.json());
  }

  return {
    call,
    async createSimulator(body) {
      return (await call(endpoints.createSimulator, { body })).simulator;
    },
    async createTestCase(body) {
      const [created] = (await call(endpoints.createTestCases, { body })).testCases;
      if (!created) throw new Error('No test case was created');
      return created;
    },
    async createDataset(body) {
      return (await call(endpoints.createTestCaseSet, { body })).testCaseSet;
    },
    async simulators() {
      return (await call(endpoints.simulators)).simulators;
    },
  };
}

/** What a table shows: the data-name of each row with this test id, in order. */
export function rowNames(page: Page, testId: string): Promise<string[]> {
  return page
    .getByTestId(testId)
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-name') ?? ''));
}

/** A short suffix that keeps names unique within a run. */
export const unique = () => Math.random().toString(36).slice(2, 7);
