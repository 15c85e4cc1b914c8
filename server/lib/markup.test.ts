import { describe, expect, it } from 'vitest';
import { Markup, markup } from './markup.js';

describe('markup', () => {
  it('escapes every value, in text and in quoted attributes alike', () => {
    const title = `"><script>alert('x')</script>&`;
    expect(markup`<a title="${title}">${title}</a>`.text).toBe(
      '<a title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;">&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;</a>',
    );
  });

  it('keeps markup made by markup, joins lists, and leaves out null, undefined and false', () => {
    const items = ['a<b', 'c'].map((text) => markup`<li>${text}</li>`);
    expect(markup`<ul>${items}${null}${undefined}${false}${0}</ul>`.text).toBe(
      '<ul><li>a&lt;b</li><li>c</li>0</ul>',
    );
    expect(markup`${new Markup('<b>kept</b>')}`.text).toBe('<b>kept</b>');
  });

  it('drops what XML cannot hold (control characters, lone surrogates) and keeps the rest of Unicode', () => {
    expect(markup`${'tab\there\u0001, \u000b bell\u0007 🌊 \ud800 é\ufffe'}`.text).toBe(
      'tab\there,  bell 🌊  é',
    );
  });
});
