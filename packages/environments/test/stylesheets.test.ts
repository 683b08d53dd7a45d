import { describe, expect, it } from 'vitest';
import { absoluteCssUrls, inlineStylesheets } from '../src/recording/stylesheets';

const BASE = 'http://i1.shop.localhost:4000';
const FILES: Record<string, string> = {
  [`${BASE}/assets/app.css?v=abc`]: "body { background: url('img/paper.png') } /* kept */",
  [`${BASE}/_kit/kit.css?v=def`]: '.kit { color: red }',
};
const stylesheetText = (url: string) => FILES[url];

const link = (href: string, rel = 'stylesheet') => ({
  type: 2,
  tagName: 'link',
  attributes: { rel, href },
  childNodes: [],
  id: 7,
});

describe('inlineStylesheets', () => {
  it("should put a linked stylesheet's text where rrweb's inlining would, in full snapshots and added nodes", () => {
    const head = {
      type: 2,
      tagName: 'head',
      attributes: {},
      childNodes: [link(`${BASE}/assets/app.css?v=abc`)],
    };
    const full = {
      type: 2,
      data: {
        node: { type: 0, childNodes: [{ type: 2, tagName: 'html', attributes: {}, childNodes: [head] }] },
      },
    };
    const added = {
      type: 3,
      data: { source: 0, adds: [{ parentId: 3, nextId: null, node: link(`${BASE}/_kit/kit.css?v=def`) }] },
    };
    expect(inlineStylesheets([full, added], stylesheetText)).toBe(2);
    expect(head.childNodes[0]).toEqual({
      type: 2,
      tagName: 'link',
      attributes: { _cssText: `body { background: url('${BASE}/assets/img/paper.png') } /* kept */` },
      childNodes: [],
      id: 7,
    });
    expect(added.data.adds[0]?.node.attributes).toEqual({ _cssText: '.kit { color: red }' });
  });

  it('should leave alone what Proctor has no file for, links that are no stylesheets, and inlined ones', () => {
    const other = link('http://elsewhere.test/site.css');
    const icon = link(`${BASE}/assets/app.css?v=abc`, 'icon');
    const inlined = { ...link(`${BASE}/assets/app.css?v=abc`), attributes: { _cssText: 'p {}' } };
    const events = [{ type: 2, data: { node: { type: 0, childNodes: [other, icon, inlined] } } }];
    const before = JSON.stringify(events);
    expect(inlineStylesheets(events, stylesheetText)).toBe(0);
    expect(JSON.stringify(events)).toBe(before);
    // Events of other kinds, and malformed ones, pass through.
    expect(inlineStylesheets([null, 3, { type: 3, data: { source: 2 } }, { type: 2 }], stylesheetText)).toBe(
      0,
    );
  });
});

describe('absoluteCssUrls', () => {
  it("should make relative url() references absolute against the stylesheet's URL, and leave the rest", () => {
    const css = [
      'a { background: url(img/a.png) }',
      'b { background: url("../fonts/b.woff2") }',
      "c { background: url('/root.png') }",
      'd { background: url(data:image/png;base64,AAAA) }',
      'e { background: url(http://other.test/e.png) }',
      'f { filter: url(#shadow) }',
    ].join('\n');
    expect(absoluteCssUrls(css, `${BASE}/assets/css/app.css?v=1`).split('\n')).toEqual([
      `a { background: url(${BASE}/assets/css/img/a.png) }`,
      `b { background: url("${BASE}/assets/fonts/b.woff2") }`,
      `c { background: url('${BASE}/root.png') }`,
      'd { background: url(data:image/png;base64,AAAA) }',
      'e { background: url(http://other.test/e.png) }',
      'f { filter: url(#shadow) }',
    ]);
  });
});
