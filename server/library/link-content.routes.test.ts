import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientFor, expectError, expectNotFound } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { html, usePageServer } from '../../test/page-server.js';

const ARTICLE = `<!doctype html><html lang="en"><head><title>Kelp forests | Sea Notes</title>
<meta property="og:site_name" content="Sea Notes"><meta name="author" content="Ana Reef">
<script>window.tracked = true</script></head><body>
<nav><a href="/">Home</a></nav>
<article><h1>Kelp forests</h1>
<p>Kelp forests grow along cold coasts, where the water carries enough nutrients to feed fronds that rise thirty metres from the rocks to the surface.</p>
<p>Sea otters keep them alive: they eat the urchins that would otherwise graze the holdfasts until the whole forest drifts away.</p>
<p>Divers describe the light inside as green and moving, like a cathedral whose windows sway with every swell that passes overhead.</p>
<img src="/img/otter.jpg" alt="An otter" onerror="alert(1)"><a href="javascript:alert(2)">bad</a>
<p><a href="/more?utm_source=feed&amp;page=2">More about kelp</a></p>
</article>
<form action="/subscribe"><input name="email"></form>
<img src="https://tracker.example/p.gif" width="1" height="1">
</body></html>`;

/** API.md "Reading, organising and finding": GET /api/links/:id/content and /archive. */
describe('link content', () => {
  const pages = usePageServer({ '/kelp': html(ARTICLE), '/report.pdf': pdf });
  const ctx = useTestApp({ fetchAllow: ['127.0.0.1'] });
  const drain = async () => {
    while (await ctx.services.workers.runOnce());
  };

  function pdf(_req: unknown, res: ServerResponse) {
    res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4');
  }

  it('keeps the article of a fetched page for the reader, sanitized, with what the reader shows', async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    const link = await me.link({ url: pages.url('/kelp') });
    expect(link.contentAvailable).toBe(false);
    expectError(await me.get(`/api/links/${link.id}/content`), 404, 'not_found');
    await drain();

    expect((await me.get(`/api/links/${link.id}`)).json().contentAvailable).toBe(true);
    const res = await me.get(`/api/links/${link.id}/content`);
    expect(res.statusCode, res.body).toBe(200);
    const content = res.json();
    expect(content).toMatchObject({
      linkId: link.id,
      title: 'Kelp forests',
      byline: 'Ana Reef',
      siteName: 'Sea Notes',
      language: 'en',
      readingMinutes: 1,
      fetchedAt: expect.any(String),
    });
    expect(content.wordCount).toBeGreaterThan(60);
    expect(content.wordCount).toBeLessThan(90);
    expect(content.text).toMatch(/^Kelp forests grow along cold coasts/m);
    expect(content.text).toContain('Sea otters keep them alive');
    expect(content.html).toContain(`<img src="${pages.url('/img/otter.jpg')}" alt="An otter" />`);
    expect(content.html).toContain(`<a href="${pages.url('/more?page=2')}">More about kelp</a>`);
    expect(content.html).not.toMatch(/alert|javascript|onerror|<script|<form|Home/);
  });

  it('serves the page as fetched, sanitized, in a sandbox without scripts', async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    const link = await me.link({ url: pages.url('/kelp') });
    expectError(await me.get(`/api/links/${link.id}/archive`), 404, 'not_found');
    await drain();

    const res = await me.get(`/api/links/${link.id}/archive`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toMatch(/^sandbox;/);
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toMatch(/script-src|allow-scripts/);
    expect(res.body).toContain(`Archived copy of <a href="${pages.url('/kelp')}">`);
    expect(res.body).toContain('<nav><a href="' + pages.url('/') + '">Home</a></nav>');
    expect(res.body).toContain('Divers describe the light inside');
    expect(res.body).not.toMatch(/<script|alert|tracked|<form|<input|tracker\.example|javascript:/);
  });

  it('keeps nothing of a file that is not a page, and forgets what an earlier fetch kept', async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    const link = await me.link({ url: pages.url('/kelp') });
    await drain();
    expect((await me.get(`/api/links/${link.id}/content`)).statusCode).toBe(200);
    await me.patch(`/api/links/${link.id}`, { url: pages.url('/report.pdf') });
    await drain();
    expect((await me.get(`/api/links/${link.id}`)).json()).toMatchObject({
      enrichmentStatus: 'enriched',
      contentAvailable: false,
    });
    expectError(await me.get(`/api/links/${link.id}/content`), 404, 'not_found');
  });

  it("answers 404 for another person's link, and for a link that does not exist", async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    const other = clientFor(ctx.app, await signUp(ctx.app));
    const theirs = await other.link({ url: pages.url('/kelp') });
    await drain();
    expect((await other.get(`/api/links/${theirs.id}/content`)).statusCode).toBe(200);
    for (const path of ['content', 'archive']) {
      const res = await me.get(`/api/links/${theirs.id}/${path}`);
      expectNotFound(res);
      expect(res.json().error.message).toBe('Link not found');
      expectNotFound(await me.get(`/api/links/no-such-link/${path}`));
    }
    expect((await clientFor(ctx.app, null).get(`/api/links/${theirs.id}/archive`)).statusCode).toBe(401);
  });
});
