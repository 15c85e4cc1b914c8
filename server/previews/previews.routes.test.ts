import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { previewPath } from '../../contracts/index.js';
import { clientFor, expectError, expectNotFound, expectUnauthenticated } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { html, usePageServer } from '../../test/page-server.js';

/** Pictures drawn here (no test corpus has og:images): a 1200x630 Open Graph photo, a small logo. */
const pictures: Record<string, Buffer> = {};
const served: string[] = [];

const picture =
  (name: string, type = 'image/png') =>
  (req: IncomingMessage, res: ServerResponse) => {
    served.push(req.url ?? '');
    res.writeHead(200, { 'content-type': type }).end(pictures[name]);
  };

const pageWithImage = (image: string) =>
  html(`<!doctype html><html><head><title>Tide pools</title>
<meta property="og:image" content="${image}"></head><body><p>Anemones close when the tide goes out.</p></body></html>`);

/** Issue 17: preview images loaded at the size shown and never from a private address. */
describe('link preview images', () => {
  const pages = usePageServer({
    '/og.jpg': picture('og', 'image/jpeg'),
    '/small.png': picture('small'),
    '/drawing.svg': picture('svg', 'image/svg+xml'),
    '/not-a-picture.png': html('<p>An error page served where a picture should be</p>'),
    '/later.jpg': picture('og', 'image/jpeg'),
    '/bytes': picture('small', 'application/octet-stream'),
    '/bomb.png': picture('bomb'),
  });
  const ctx = useTestApp({ fetchAllow: ['127.0.0.1'] });
  const drain = async () => {
    while (await ctx.services.workers.runOnce());
  };

  beforeAll(async () => {
    // Grain over a gradient, as a photo has: a JPEG of the size pages serve (some hundred kilobytes).
    const photo = Buffer.alloc(1200 * 630 * 3);
    for (let i = 0; i < photo.length; i += 1) photo[i] = ((i / 3) % 1200) / 5 + Math.random() * 60;
    pictures.og = await sharp(photo, { raw: { width: 1200, height: 630, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    pictures.small = await sharp({
      create: { width: 200, height: 100, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    // A decompression bomb: 150 KB of PNG that would decode to 48 megapixels (144 MB).
    pictures.bomb = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#123456' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    pictures.svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300"><rect width="600" height="300"/></svg>',
    );
  });

  /** A saved and enriched link whose page names `image` as its og:image. */
  let saved = 0;
  async function linkWithImage(me: ReturnType<typeof clientFor>, image: string, page = `/page-${++saved}`) {
    pages.routes[page] = pageWithImage(image);
    const link = await me.link({ url: pages.url(page) });
    await drain();
    const enriched = (await me.get(`/api/links/${link.id}`)).json<{ ogImageUrl: string | null }>();
    expect(enriched.ogImageUrl).toBe(image);
    return { id: link.id, image };
  }

  it('serves the og:image cut to 1.91:1 at the width asked, as WebP, made once and kept', async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    const link = await linkWithImage(me, pages.url('/og.jpg'));
    const before = served.length;

    const res = await me.get(previewPath(link.id, link.image, 320));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, max-age=2592000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 168 });
    expect(res.rawPayload.length).toBeLessThan(pictures.og!.length / 10);

    const wide = await me.get(previewPath(link.id, link.image, 960));
    expect(await sharp(wide.rawPayload).metadata()).toMatchObject({ width: 960, height: 503 });
    expect(served.length - before).toBe(2);

    const again = await me.get(previewPath(link.id, link.image, 320));
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(served.length - before).toBe(2);
  });

  it('reads a picture served as plain bytes by what it is, not by its header', async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    const link = await linkWithImage(me, pages.url('/bytes'));
    const res = await me.get(previewPath(link.id, link.image, 320));
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
  });

  it('never enlarges a picture smaller than the width asked', async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    const link = await linkWithImage(me, pages.url('/small.png'));
    const res = await me.get(previewPath(link.id, link.image, 960));
    expect(res.statusCode).toBe(200);
    const { width = 0, height = 0 } = await sharp(res.rawPayload).metadata();
    expect(width).toBeLessThanOrEqual(200);
    expect(height).toBeLessThanOrEqual(100);
  });

  it('answers 404 for a picture on a private address, a drawing, a bomb, or a page that is no picture', async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    for (const image of [
      'http://169.254.169.254/latest/meta-data.png',
      'http://10.0.0.1/router.png',
      pages.url('/drawing.svg'),
      pages.url('/bomb.png'),
      pages.url('/not-a-picture.png'),
      pages.url('/missing.png'),
    ]) {
      const link = await linkWithImage(me, image);
      const res = await me.get(previewPath(link.id, image, 480));
      expectError(res, 404, 'not_found');
      expect(res.json().error.message).toBe('This link has no preview image');
    }
  });

  it('does not fetch a broken picture again on every view, and makes a new one when the image changes', async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    const page = '/changing';
    const link = await linkWithImage(me, pages.url('/gone.png'), page);
    expectNotFound(await me.get(previewPath(link.id, link.image, 320)));
    pages.routes['/gone.png'] = picture('small');
    expectNotFound(await me.get(previewPath(link.id, link.image, 320)));
    expect(served.filter((url) => url === '/gone.png')).toEqual([]);

    pages.routes[page] = pageWithImage(pages.url('/later.jpg'));
    expect((await me.post(`/api/links/${link.id}/enrich`, {})).statusCode).toBeLessThan(300);
    await drain();
    const res = await me.get(previewPath(link.id, pages.url('/later.jpg'), 320));
    expect(res.statusCode).toBe(200);
    expect(served).toContain('/later.jpg');
  });

  it("is the owner's alone, signed in by token or by the web app's session cookie", async () => {
    const owner = await signUp(ctx.app);
    const me = clientFor(ctx.app, owner);
    const other = clientFor(ctx.app, await signUp(ctx.app));
    const link = await linkWithImage(me, pages.url('/og.jpg'));
    const path = previewPath(link.id, link.image, 480);

    expectNotFound(await other.get(path));
    expectUnauthenticated(await ctx.app.inject({ method: 'GET', url: path }));
    const byCookie = await ctx.app.inject({
      method: 'GET',
      url: path,
      headers: { cookie: `lv_refresh=${owner.refresh_token}` },
    });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.headers['content-type']).toBe('image/webp');
  });

  it('refuses a width it does not keep with 400', async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    const link = await linkWithImage(me, pages.url('/og.jpg'));
    for (const w of ['100', '2000', 'wide', '']) {
      expectError(await me.get(`/api/links/${link.id}/preview?w=${w}`), 400);
    }
  });
});
