import { describe, expect, it } from 'vitest';
import { escapeHtml, html } from './html.ts';

describe('html tag', () => {
  it('escapes interpolated text and attributes', () => {
    const name = `<script>alert("x")</script> & 'y'`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</p>',
    );
    expect(escapeHtml('a<b')).toBe('a&lt;b');
  });

  it('keeps nested html, joins lists and drops null and undefined', () => {
    const items = ['<a>', 'b'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>${null}${undefined}${3}`.value).toBe('<ul><li>&lt;a&gt;</li><li>b</li></ul>3');
  });
});
