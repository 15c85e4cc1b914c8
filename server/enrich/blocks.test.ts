import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { analyzePage, analyzedMarkup } from './analyze.js';
import { textBlocks } from './blocks.js';

const blocksOf = (html: string) => textBlocks(parseHTML(`<html><body>${html}</body></html>`).document.body);

describe('textBlocks: the main text as a reader sees it', () => {
  it('keeps headings, lists, tables, captions and code, each a block of its own', () => {
    expect(
      blocksOf(`<h2>The future</h2><p>We don't <em>know</em> it yet.</p>
        <ul><li>One</li><li>Two <b>parts</b></li></ul>
        <figure><img src="a.jpg"><figcaption>A lighthouse at dusk.</figcaption></figure>
        <table><caption>Ships by year</caption><tr><th>Year</th><td>1822</td></tr></table>
        <pre><code>npm start</code></pre>`),
    ).toEqual([
      { kind: 'heading', text: 'The future' },
      { kind: 'prose', text: "We don't know it yet." },
      { kind: 'prose', text: 'One' },
      { kind: 'prose', text: 'Two parts' },
      { kind: 'prose', text: 'A lighthouse at dusk.' },
      { kind: 'prose', text: 'Ships by year' },
      { kind: 'cell', text: 'Year' },
      { kind: 'cell', text: '1822' },
      { kind: 'code', text: 'npm start' },
    ]);
  });

  it('never runs a heading into the sentence after it, and keeps text set loose in a container', () => {
    expect(
      blocksOf('<div><h3>The future</h3>We don’t know it.<br>Nobody does.<div>Inner</div>After</div>'),
    ).toEqual([
      { kind: 'heading', text: 'The future' },
      { kind: 'prose', text: 'We don’t know it. Nobody does.' },
      { kind: 'prose', text: 'Inner' },
      { kind: 'prose', text: 'After' },
    ]);
  });

  it('leaves out scripts, styles and what no reader sees', () => {
    expect(
      blocksOf('<p>Seen<script>var hidden = 1;</script><style>p{}</style><noscript>Enable JS</noscript></p>'),
    ).toEqual([{ kind: 'prose', text: 'Seen' }]);
  });

  it('reads preformatted prose with hard line breaks (an RFC) as prose, one block per paragraph', () => {
    const rfc = `<pre>
1.  Introduction

   The Hypertext Transfer Protocol is a stateless application-level
   protocol for distributed, collaborative, hypertext information
   systems.  This document describes the overall architecture of the
   protocol.  It also defines the terms used in the other documents.

   A client sends a request to a server.  The server answers with a
   response.  Both messages carry a header section and an optional
   content.

2.  Conformance

   An implementation is not conformant unless it follows every
   requirement in this document.  Senders must not generate messages
   that violate these rules.
</pre>`;
    expect(blocksOf(rfc)).toEqual([
      { kind: 'prose', text: '1. Introduction' },
      {
        kind: 'prose',
        text:
          'The Hypertext Transfer Protocol is a stateless application-level protocol for distributed, collaborative, ' +
          'hypertext information systems. This document describes the overall architecture of the protocol. ' +
          'It also defines the terms used in the other documents.',
      },
      {
        kind: 'prose',
        text: 'A client sends a request to a server. The server answers with a response. Both messages carry a header section and an optional content.',
      },
      { kind: 'prose', text: '2. Conformance' },
      {
        kind: 'prose',
        text: 'An implementation is not conformant unless it follows every requirement in this document. Senders must not generate messages that violate these rules.',
      },
    ]);
  });

  it('keeps preformatted code (braces, semicolons, =) one code block, blank lines and all', () => {
    const code = `<pre><code>function total(items) {
  let sum = 0;
  for (const item of items) {
    sum += item.price * item.count;
  }
  return sum;
}

const cart = [{ price: 2, count: 3 }];
console.log(total(cart));
</code></pre>`;
    expect(blocksOf(code)).toEqual([
      {
        kind: 'code',
        text:
          'function total(items) { let sum = 0; for (const item of items) { sum += item.price * item.count; } ' +
          'return sum; } const cart = [{ price: 2, count: 3 }]; console.log(total(cart));',
      },
    ]);
  });

  it('walks 100,000 nested elements without overflowing the stack', () => {
    expect(blocksOf(`${'<div>'.repeat(100_000)}<p>Deep down.</p>`)).toEqual([
      { kind: 'prose', text: 'Deep down.' },
    ]);
  });
});

describe('analyzedMarkup: scripts and styles go before the size cut', () => {
  it('drops scripts, styles and comments as the HTML tokenizer ends them, keeping JSON-LD', () => {
    const html =
      '<head><script>if (a < b) document.write("<p>x</p>")</script><!-- <script> -->' +
      '<style>p::after { content: "</p>" }</style>' +
      '<script type="application/ld+json">{"image":"a.jpg"}</script></head><body><p>Kept</p></body>';
    const markup = analyzedMarkup(html);
    expect(markup).not.toContain('document.write');
    expect(markup).not.toContain('content:');
    expect(markup).not.toContain('<!--');
    expect(markup).toContain('{"image":"a.jpg"}');
    expect(markup).toContain('<p>Kept</p>');
  });

  it('keeps the article of a page whose head carries megabytes of scripts', () => {
    const paragraph = (i: number) =>
      `<p>Paragraph ${i} of the article tells how the Fresnel lens let one lamp be seen twenty miles out to sea.</p>`;
    const html =
      `<html><head><title>Lighthouses</title>${'<script>var x = "' + 'a'.repeat(500_000) + '";</script>'.repeat(3)}</head>` +
      `<body><article><h1>Lighthouses</h1>${Array.from({ length: 12 }, (_, i) => paragraph(i)).join('')}</article></body></html>`;
    const analysis = analyzePage({ html, url: 'https://news.example/lighthouses', existingTags: [] });
    expect(analysis.method).toBe('readability');
    expect(analysis.text).toContain('Paragraph 11 of the article');
  });
});
