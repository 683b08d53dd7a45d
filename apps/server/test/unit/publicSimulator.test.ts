import type { SimulatorInstance, SimulatorRequest, SimulatorResponse } from '@proctor/simulators';
import { describe, expect, it } from 'vitest';
import {
  PUBLIC_TOKEN_HEADER,
  publicAliasOf,
  publicEnvironmentUrl,
  servePublicRequest,
} from '../../src/environments/publicSimulator';

describe('public environment names', () => {
  it('should build {alias}.sims.{host} on PUBLIC_URL, lower case, with its scheme and port', () => {
    expect(publicEnvironmentUrl('Demo', 'http://localhost:3000')).toBe('http://demo.sims.localhost:3000');
    expect(publicEnvironmentUrl('demo', 'https://proctor.example.com')).toBe(
      'https://demo.sims.proctor.example.com',
    );
    // No name sits under an address: localhost's stands in, on the same port.
    expect(publicEnvironmentUrl('demo', 'http://127.0.0.1:4000')).toBe('http://demo.sims.localhost:4000');
    expect(publicEnvironmentUrl('demo', 'http://[::1]:4000')).toBe('http://demo.sims.localhost:4000');
  });

  it('should read the alias of sims.localhost and sims.{public host} names, whatever the port, and nothing else', () => {
    const publicUrl = 'https://proctor.example.com';
    expect(publicAliasOf('Demo.sims.localhost:3000', publicUrl)).toBe('demo');
    expect(publicAliasOf('demo.sims.proctor.example.com', publicUrl)).toBe('demo');
    expect(publicAliasOf('demo.sims.proctor.example.com.:443', publicUrl)).toBe('demo');
    expect(publicAliasOf('a.b.sims.localhost', publicUrl)).toBe('a.b');
    for (const host of [
      undefined,
      'localhost:3000',
      'sims.localhost',
      '.sims.localhost',
      'proctor.example.com',
      'demo.sims.other.example.com',
      'demo.sims.localhost.evil.com',
      'x1.shop.localhost:4000',
    ])
      expect(publicAliasOf(host, publicUrl), host).toBeUndefined();
  });
});

describe('a public request', () => {
  const instanceOrigin = 'http://env1.calendar.localhost:4100';
  const publicOrigin = 'https://team.sims.proctor.example.com';

  function instanceAnswering(answer: SimulatorResponse) {
    const received: SimulatorRequest[] = [];
    const instance = {
      origin: instanceOrigin,
      dispatch: async (request: SimulatorRequest) => {
        received.push(request);
        return answer;
      },
    } as unknown as SimulatorInstance;
    return { instance, received };
  }

  it("should reach the instance as if from its own origin, without Proctor's headers", async () => {
    const { instance, received } = instanceAnswering({ status: 200, headers: {}, body: '' });
    await servePublicRequest(
      instance,
      {
        method: 'POST',
        url: '/book/intro?x=1',
        headers: {
          host: 'team.sims.proctor.example.com',
          origin: publicOrigin,
          referer: `${publicOrigin}/book/intro`,
          cookie: 'sim_session=abc',
          [PUBLIC_TOKEN_HEADER]: 'secret',
          'content-length': '3',
        },
        body: Buffer.from('a=1'),
      },
      publicOrigin,
    );
    expect(received[0]).toMatchObject({
      method: 'POST',
      url: '/book/intro?x=1',
      headers: {
        host: 'env1.calendar.localhost:4100',
        origin: instanceOrigin,
        referer: `${instanceOrigin}/book/intro`,
        cookie: 'sim_session=abc',
      },
    });
    expect(received[0]!.headers[PUBLIC_TOKEN_HEADER]).toBeUndefined();
    expect(received[0]!.body?.toString()).toBe('a=1');
  });

  it('should send an absolute-form request line to a path of the instance only', async () => {
    const { instance, received } = instanceAnswering({ status: 200, headers: {}, body: '' });
    await servePublicRequest(
      instance,
      { method: 'GET', url: 'http://localhost:3000/api/health', headers: {}, body: Buffer.alloc(0) },
      publicOrigin,
    );
    expect(received[0]!.url).toBe('/');
  });

  it("should answer with the instance's origin turned into the public one: Location, cookies, text bodies", async () => {
    const { instance } = instanceAnswering({
      status: 303,
      headers: {
        location: `${instanceOrigin}/book/intro?done=1`,
        'set-cookie': ['sim_session=abc; Path=/; Domain=env1.calendar.localhost; HttpOnly'],
        'content-type': 'text/html; charset=utf-8',
      },
      body: `<a href="${instanceOrigin}/book/intro">${instanceOrigin}/book/intro</a>`,
    });
    const answer = await servePublicRequest(
      instance,
      { method: 'GET', url: '/', headers: {}, body: Buffer.alloc(0) },
      publicOrigin,
    );
    expect(answer.headers.location).toBe(`${publicOrigin}/book/intro?done=1`);
    expect(answer.headers['set-cookie']).toEqual(['sim_session=abc; Path=/; HttpOnly']);
    expect(answer.body).toBe(`<a href="${publicOrigin}/book/intro">${publicOrigin}/book/intro</a>`);
  });

  it('should leave binary bodies and other origins alone', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    const { instance } = instanceAnswering({
      status: 302,
      headers: { location: 'https://elsewhere.example.com/', 'content-type': 'image/png' },
      body: png,
    });
    const answer = await servePublicRequest(
      instance,
      { method: 'GET', url: '/', headers: {}, body: Buffer.alloc(0) },
      publicOrigin,
    );
    expect(answer.headers.location).toBe('https://elsewhere.example.com/');
    expect(answer.body).toBe(png);
  });
});
