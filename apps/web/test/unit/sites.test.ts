import { MantineProvider } from '@mantine/core';
import { CreateSiteRequest, SITE_MESSAGES, type SiteModel } from '@proctor/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseForm } from '../../src/components/contractForm';
import {
  ADD_ENDPOINT_MESSAGES,
  checkAddEndpoint,
  defaultModelName,
  initialAddEndpointValues,
  isJsonContentType,
} from '../../src/features/sites/addEndpointForm';
import { DOCUMENT_REQUIRED, parseDocumentText } from '../../src/features/sites/documentText';
import { openApiFileName } from '../../src/features/sites/openApiFileName';
import { canEditSites } from '../../src/features/sites/siteAccess';
import {
  EMPTY_SITE_REQUEST_FILTER,
  isFiltered,
  siteRequestsQuery,
} from '../../src/features/sites/siteRequestFilter';

describe('Create Site form', () => {
  it('should require name, URL and image URL with the messages of 002 §5', () => {
    const parsed = parseForm(CreateSiteRequest, { name: ' ', url: '', imgUrl: '' });
    expect(parsed).toEqual({
      success: false,
      errors: {
        name: SITE_MESSAGES.nameRequired,
        url: SITE_MESSAGES.urlRequired,
        imgUrl: SITE_MESSAGES.imgUrlRequired,
      },
    });
  });

  it('should refuse a URL that is not an http(s) URL and send a valid site trimmed', () => {
    const invalid = parseForm(CreateSiteRequest, {
      name: 'Shop',
      url: 'shop.example.com',
      imgUrl: 'javascript:alert(1)',
    });
    expect(invalid).toEqual({
      success: false,
      errors: { url: SITE_MESSAGES.urlInvalid, imgUrl: SITE_MESSAGES.imgUrlInvalid },
    });
    expect(
      parseForm(CreateSiteRequest, {
        name: ' Shop ',
        url: 'https://shop.example.com',
        imgUrl: 'https://shop.example.com/logo.png',
      }),
    ).toEqual({
      success: true,
      request: { name: 'Shop', url: 'https://shop.example.com', imgUrl: 'https://shop.example.com/logo.png' },
    });
  });
});

describe('site requests filter', () => {
  it('should send trimmed filters and leave blank ones out', () => {
    expect(siteRequestsQuery(EMPTY_SITE_REQUEST_FILTER)).toEqual({});
    expect(
      siteRequestsQuery({
        originUrl: 'https://shop.example.com',
        url: '  /api/orders ',
        method: 'POST',
        contentType: '   ',
        sessionPublicId: ' sess_1 ',
      }),
    ).toEqual({
      originUrl: 'https://shop.example.com',
      url: '/api/orders',
      method: 'POST',
      sessionPublicId: 'sess_1',
    });
  });

  it('should count only filters with text as narrowing the list', () => {
    expect(isFiltered(EMPTY_SITE_REQUEST_FILTER)).toBe(false);
    expect(isFiltered({ ...EMPTY_SITE_REQUEST_FILTER, url: '  ' })).toBe(false);
    expect(isFiltered({ ...EMPTY_SITE_REQUEST_FILTER, contentType: 'json' })).toBe(true);
  });
});

describe('Add endpoint form', () => {
  const request = {
    method: 'get',
    url: 'https://shop.example.com/api/orders/12345?expand=items',
    contentType: null,
  };

  it('should name the model by method and URL pattern', () => {
    expect(defaultModelName(request)).toBe('GET /api/orders/{orderId}');
  });

  it('should offer a model only for JSON responses', () => {
    expect(isJsonContentType('application/json; charset=utf-8')).toBe(true);
    expect(isJsonContentType('application/problem+json')).toBe(true);
    expect(isJsonContentType('text/html')).toBe(false);
    expect(isJsonContentType(null)).toBe(false);
    expect(initialAddEndpointValues(request).withModel).toBe(false);
    expect(initialAddEndpointValues({ ...request, contentType: 'application/json' }).withModel).toBe(true);
  });

  it('should require a site, and a model name only when a model is to be created', () => {
    expect(checkAddEndpoint({ siteId: '', withModel: false, modelName: '' })).toEqual({
      siteId: ADD_ENDPOINT_MESSAGES.siteRequired,
    });
    expect(checkAddEndpoint({ siteId: '3', withModel: true, modelName: '  ' })).toEqual({
      modelName: ADD_ENDPOINT_MESSAGES.modelNameRequired,
    });
    expect(checkAddEndpoint({ siteId: '3', withModel: false, modelName: '' })).toEqual({});
  });
});

describe('document text', () => {
  it('should read JSON, and say why text is not', () => {
    expect(parseDocumentText(' {"total": 4.5} ')).toEqual({ ok: true, value: { total: 4.5 } });
    expect(parseDocumentText('null')).toEqual({ ok: true, value: null });
    expect(parseDocumentText('  ')).toEqual({ ok: false, error: DOCUMENT_REQUIRED });
    const broken = parseDocumentText('{total: 4.5}');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.error).toMatch(/^Invalid JSON: /);
  });
});

describe('OpenAPI export', () => {
  it("should save the document under the site's name in lower-case words", () => {
    expect(openApiFileName('Café Shop (EU)')).toBe('cafe-shop-eu-openapi.json');
    expect(openApiFileName('***')).toBe('site-openapi.json');
  });
});

describe('site access', () => {
  const permissions = { dashboard_access: false, is_account_admin: false, is_admin: false };
  it('should let members with dashboard access or admins change sites, and no one else', () => {
    expect(canEditSites({ permissions })).toBe(false);
    expect(canEditSites({ permissions: { ...permissions, dashboard_access: true } })).toBe(true);
    expect(canEditSites({ permissions: { ...permissions, is_account_admin: true } })).toBe(true);
    expect(canEditSites({ permissions: { ...permissions, is_admin: true } })).toBe(true);
  });
});

describe('SiteModels', () => {
  const model = (id: number, name: string, schema: Record<string, unknown>): SiteModel => ({
    id,
    siteId: 1,
    name,
    schema,
    documentCount: id,
    createdAt: '2026-11-29T10:00:00.000Z',
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** The API layer (the Documents tab's read) reads localStorage and listens on window when it loads. */
  async function render(models: SiteModel[], selectedId: number | null): Promise<string> {
    vi.stubGlobal('localStorage', { getItem: () => null, setItem() {}, removeItem() {} });
    vi.stubGlobal('window', new EventTarget());
    const { SiteModels } = await import('../../src/features/sites/components/SiteModels');
    return renderToStaticMarkup(
      createElement(
        MantineProvider,
        null,
        createElement(SiteModels, { models, selectedId, onSelect: () => {}, editable: true }),
      ),
    );
  }

  it('should say how to make a model when there is none', async () => {
    expect(await render([], null)).toContain('No models yet');
  });

  it("should show the chosen model's schema, pretty, with its Documents tab", async () => {
    const html = await render(
      [model(1, 'Order', { type: 'object' }), model(2, 'Cart', { type: 'object', required: ['items'] })],
      2,
    );
    expect(html).toContain('Documents (2)');
    expect(html).toContain('aria-label="Schema of Cart"');
    expect(html).toContain('&quot;required&quot;: [\n    &quot;items&quot;\n  ]');
    expect(html).not.toContain('Schema of Order');
  });
});
