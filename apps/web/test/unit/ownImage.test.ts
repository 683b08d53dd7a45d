import { describe, expect, it } from 'vitest';
import { ownImage } from '../../src/components/ownImage';

describe('images the dashboard shows', () => {
  it("should keep Proctor's own paths and data: images, and leave out every other site", () => {
    expect(ownImage('/api/env/simulators/shop/icon')).toBe('/api/env/simulators/shop/icon');
    expect(ownImage('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    for (const outside of [
      'https://cdn.example.test/logo.png',
      'http://example.test/a.png',
      '//example.test/a.png',
      '/\\example.test/a.png',
      'javascript:alert(1)',
      'data:text/html,<p>',
      '',
      null,
      undefined,
    ])
      expect(ownImage(outside), String(outside)).toBeNull();
  });
});
