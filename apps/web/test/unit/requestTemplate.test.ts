import type { SiteRequest } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import {
  draftOf,
  parametersOf,
  templateOf,
  withUrlParameters,
} from '../../src/features/requestTemplates/requestTemplate';

const captured: SiteRequest = {
  id: 1,
  sessionPublicId: 's',
  method: 'post',
  url: 'https://shop.example.test/api/users/12/orders/550e8400-e29b-41d4-a716-446655440000?expand=items&page=2',
  originUrl: 'https://shop.example.test',
  contentType: 'application/json',
  status: 200,
  startedAt: null,
  requestHeaders: {
    ':authority': 'shop.example.test',
    Host: 'shop.example.test',
    Accept: 'application/json',
  },
  requestBody: '{"qty":2}',
};

describe('request templates', () => {
  it('should start from the request without pseudo and connection headers', () => {
    const draft = draftOf(captured);
    expect(draft).toMatchObject({ method: 'POST', body: '{"qty":2}', values: {} });
    expect(draft.headers).toEqual([{ name: 'Accept', value: 'application/json' }]);
  });

  it('should make path ids and query values parameters valued as captured', () => {
    const draft = withUrlParameters(draftOf(captured));
    expect(draft.url).toBe(
      'https://shop.example.test/api/users/{{ userId }}/orders/{{ orderId }}?expand={{ expand }}&page={{ page }}',
    );
    expect(draft.values).toEqual({
      userId: '12',
      orderId: '550e8400-e29b-41d4-a716-446655440000',
      expand: 'items',
      page: '2',
    });
    expect(parametersOf(draft)).toEqual(['userId', 'orderId', 'expand', 'page']);
    // Once parameterized, the URL is left as the user has it.
    expect(withUrlParameters(draft)).toBe(draft);
  });

  it('should find parameters in headers and body and leave unnamed headers out of the template', () => {
    const draft = {
      ...draftOf(captured),
      headers: [
        { name: 'X-Token', value: '{{token}}' },
        { name: ' ', value: 'x' },
      ],
      body: '{"qty": {{ qty }}, "again": {{ token }}}',
    };
    expect(parametersOf(draft)).toEqual(['token', 'qty']);
    expect(templateOf(draft).headers).toEqual({ 'X-Token': '{{token}}' });
    expect(templateOf({ ...draft, body: '' }).body).toBeNull();
  });
});
