import { type SiteEndpoint, UpdateSiteEndpointRequest } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { parseForm } from '../../src/components/contractForm';
import {
  checkEditEndpoint,
  EDIT_ENDPOINT_MESSAGES,
  type EditEndpointValues,
  editEndpointRequest,
  initialEditEndpointValues,
} from '../../src/features/sites/editEndpointForm';

const endpoint: SiteEndpoint = {
  id: 3,
  siteId: 1,
  originUrl: 'https://shop.example.test',
  url: '/api/orders/12345',
  urlPattern: '/api/orders/{orderId}',
  method: 'GET',
  contentType: null,
  modelId: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const parse = (values: EditEndpointValues) =>
  parseForm(UpdateSiteEndpointRequest, values, { request: editEndpointRequest, check: checkEditEndpoint });

describe('Edit endpoint form', () => {
  it('should start from the endpoint and send every field, no content type as null', () => {
    const values = initialEditEndpointValues(endpoint);
    expect(values.contentType).toBe('');
    expect(parse({ ...values, method: 'post' })).toEqual({
      success: true,
      request: {
        method: 'POST',
        originUrl: endpoint.originUrl,
        urlPattern: endpoint.urlPattern,
        contentType: null,
      },
    });
  });

  it('should require a method and refuse a pattern that is not a path, with the messages shown', () => {
    const parsed = parse({ ...initialEditEndpointValues(endpoint), method: ' ', urlPattern: 'orders' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.errors.method).toBe(EDIT_ENDPOINT_MESSAGES.methodRequired);
    expect(parsed.errors.urlPattern).toMatch(/^urlPattern must be a path from \//);
  });
});
