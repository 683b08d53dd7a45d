import { type EndpointBody, endpoints } from '@proctor/contracts';
import { afterAll, expect, it } from 'vitest';
import { ICON_IMAGE_MESSAGES } from '../src/services/iconImages';
import { describeEachDatabase } from './support/proctor';
import { startStandIn } from './unit/support/standIn';

/**
 * Image URLs given for datasets and simulators: fetched once through the outbound guard and served by Proctor at
 * /api/images/{hash}.{extension}, so that the dashboard never makes a reviewer's browser call the other site.
 * The image site is a stand-in on loopback, which these servers allow as an operator would allow a host.
 */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const imageSite = await startStandIn({
  '/cart.png': (_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(PNG),
  '/logo.gif': (_request, response) => response.writeHead(200, { 'content-type': 'image/gif' }).end(GIF),
  '/page.html': (_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end('<p>Not an image</p>'),
});
afterAll(() => imageSite.close());
const KEPT = /^\/api\/images\/[0-9a-f]{64}\.(png|gif)$/;

describeEachDatabase(
  'images given by URL',
  (proctor) => {
    const fetchesOf = (url: string) => {
      const { pathname, search } = new URL(url);
      return imageSite.received.filter((request) => request.url === pathname + search).length;
    };
    /** A kept image: no endpoint of the contract describes an image's bytes. */
    const image = (url: string) => proctor().request({ method: 'GET', url });

    it("should keep a dataset's icon URL and serve it from Proctor to anyone, fetched once", async () => {
      const author = await proctor().actor({ permissions: { create_test_cases: true } });
      const icon = `${imageSite.origin}/cart.png?set=${Math.random()}`;
      const createSet = (body: EndpointBody<typeof endpoints.createTestCaseSet>) =>
        proctor().call(endpoints.createTestCaseSet, { body, as: author });
      const created = await createSet({ name: 'Checkout', description: 'Checkout flows', icon });
      expect(created.status, created.body.detail).toBe(201);
      const set = created.body.testCaseSet;
      expect(set.icon).toBe(icon);
      expect(set.imgUrl).toMatch(KEPT);
      for (let shown = 0; shown < 2; shown++) {
        // An <img> sends no token.
        const served = await image(set.imgUrl!);
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/png');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.rawPayload).toEqual(PNG);
      }
      expect(fetchesOf(icon)).toBe(1);

      const refused = await createSet({
        name: 'Broken',
        description: 'd',
        icon: `${imageSite.origin}/page.html`,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ detail: ICON_IMAGE_MESSAGES.notAnImage('text/html') });
    });

    it("should keep a simulator's image URL when it is added or changed, and leave paths as they are", async () => {
      const admin = await proctor().actor({ permissions: { is_admin: true } });
      const imgUrl = `${imageSite.origin}/cart.png?simulator=${Math.random()}`;
      const created = await proctor().call(endpoints.createSimulator, {
        body: { name: `pictured-${Math.random().toString(36).slice(2)}`, simType: 'app', imgUrl },
        as: admin,
      });
      expect(created.status, created.body.detail).toBe(201);
      const simulator = created.body.simulator;
      expect(simulator.imgUrl).toMatch(KEPT);
      expect((await image(simulator.imgUrl!)).rawPayload).toEqual(PNG);
      expect(fetchesOf(imgUrl)).toBe(1);

      const update = async (body: EndpointBody<typeof endpoints.updateSimulator>) => {
        const response = await proctor().call(endpoints.updateSimulator, {
          params: { id: simulator.id },
          body,
          as: admin,
        });
        expect(response.status, response.body.detail).toBe(200);
        return response.body.simulator.imgUrl;
      };
      // Sent back as it is: nothing is fetched.
      expect(await update({ imgUrl: simulator.imgUrl, description: 'Edited' })).toBe(simulator.imgUrl);
      const logo = `${imageSite.origin}/logo.gif?simulator=${Math.random()}`;
      const changed = await update({ imgUrl: logo });
      expect(changed).toMatch(/\.gif$/);
      expect((await image(changed!)).headers['content-type']).toBe('image/gif');
      expect(fetchesOf(logo)).toBe(1);
      expect(await update({ imgUrl: '/shop.png' })).toBe('/shop.png');
      expect(await update({ imgUrl: null })).toBeNull();
    });

    it('should answer 404 for an image it does not keep, whatever the name', async () => {
      for (const name of [`${'0'.repeat(64)}.png`, 'cart.png', `${'0'.repeat(64)}.svg`, '..%2F..%2Fsecret'])
        expect((await image(`/api/images/${name}`)).statusCode, name).toBe(404);
    });
  },
  { env: { OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1' } },
);
