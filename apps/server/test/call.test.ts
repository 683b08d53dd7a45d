import { endpoint, endpoints } from '@proctor/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { callEndpoint } from './support/call';
import { describeEachDatabase } from './support/proctor';

describeEachDatabase('calling the contract from tests', (proctor) => {
  it('should build the path and answer the body parsed with the response schema', async () => {
    const member = await proctor().actor();
    const answer = await proctor().call(endpoints.fromJwt, { as: member });
    expect(answer.status).toBe(200);
    expect(answer.body.email).toBe(member.user.email);
  });

  it("should answer a refusal's {detail}", async () => {
    const answer = await proctor().call(endpoints.fromJwt);
    expect(answer).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
  });

  it('should fail when the answer does not match the response schema', async () => {
    const wrong = { ...endpoints.health, response: z.object({ status: z.literal('down') }) };
    await expect(proctor().call(wrong)).rejects.toThrow(
      /GET \/api\/health \(\/api\/health\) answered 200 with a body that does not match its response schema/,
    );
  });

  it('should encode path parameters and the query', async () => {
    const urls: string[] = [];
    const request = async (options: { url?: unknown }) => {
      urls.push(String(options.url));
      return { statusCode: 200, json: () => ({ ok: true }) } as unknown as LightMyRequestResponse;
    };
    const item = endpoint({
      method: 'GET',
      path: '/api/things/{id}/parts/:part',
      tag: 'test',
      summary: 'A made-up endpoint',
      params: z.object({ id: z.string(), part: z.number() }),
      query: z.object({ q: z.string().optional(), tags: z.array(z.string()).optional() }),
      response: z.object({ ok: z.boolean() }),
    });
    await callEndpoint({ request }, item, {
      params: { id: 'a/b?c d', part: 7 },
      query: { q: 'x&y', tags: ['one', 'two'] },
    });
    expect(urls).toEqual(['/api/things/a%2Fb%3Fc%20d/parts/7?q=x%26y&tags=one%2Ctwo']);
  });
});
