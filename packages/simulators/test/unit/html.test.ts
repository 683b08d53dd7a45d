import { describe, expect, it } from 'vitest';
import { classNames, html, jsonScript, raw } from '../../src/index';

describe('html', () => {
  it('should escape interpolated text, in content and in attributes', () => {
    const name = `<script>alert("x")</script> & 'quotes'`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</p>',
    );
  });

  it('should nest templates without escaping them twice, and join arrays', () => {
    const items = ['a<b', 'c'];
    expect(html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>`.value).toBe(
      '<ul><li>a&lt;b</li><li>c</li></ul>',
    );
  });

  it('should render nothing for null, undefined and false, and numbers as text', () => {
    const error: string | undefined = undefined;
    expect(html`${null}${undefined}${false}${error && html`<b>${error}</b>`}${0}${12.5}`.value).toBe('012.5');
  });

  it('should pass raw markup through, and keep JSON from closing a script element', () => {
    expect(html`${raw('<svg></svg>')}`.value).toBe('<svg></svg>');
    expect(jsonScript({ note: '</script><script>x()' }).value).toBe(
      '{"note":"\\u003c/script>\\u003cscript>x()"}',
    );
    expect(classNames('btn', false, 'btn-primary', null)).toBe('btn btn-primary');
  });
});
