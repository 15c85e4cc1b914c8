import { afterAll, describe, expect, it } from 'vitest';
import type { FetchedPage, SafeFetcher } from '../fetch/safe-fetcher.js';
import { Enricher } from './enricher.js';
import { PageParser } from './page-parser.js';

/** A fetcher that answers from memory, so that platform URLs can be enriched without the internet. */
function memoryFetcher(pages: Record<string, string>): SafeFetcher {
  return {
    fetch: (url: string): Promise<FetchedPage> => {
      const text = pages[url];
      if (text === undefined) return Promise.reject(new Error(`no page for ${url}`));
      return Promise.resolve({
        url,
        status: 200,
        contentType: 'text/html',
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: new TextEncoder().encode(text),
        truncated: false,
      });
    },
    close: () => Promise.resolve(),
  } as unknown as SafeFetcher;
}

const YOUTUBE_WATCH = `<!doctype html><html lang="en"><head>
  <title>Never Gonna Give You Up - YouTube</title>
  <meta property="og:site_name" content="YouTube">
  <meta property="og:title" content="Rick Astley - Never Gonna Give You Up (Official Video)">
  <meta property="og:description" content="The official video for Never Gonna Give You Up by Rick Astley.">
  <meta property="og:image" content="https://i.ytimg.com/vi/dQw4w9WgXcQ/maxresdefault.jpg">
  <link rel="canonical" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">
  <script type="application/ld+json">{"@type":"VideoObject","name":"Never Gonna Give You Up","author":{"@type":"Person","name":"Rick Astley"},"datePublished":"2009-10-25"}</script>
</head><body><div id="player"></div></body></html>`;

const TWEET = `<!doctype html><html><head>
  <meta property="og:site_name" content="X (formerly Twitter)">
  <meta property="og:title" content="NASA on X">
  <meta property="og:description" content="“Liftoff! Artemis I is on its way to the Moon.”">
  <meta property="og:image" content="https://pbs.twimg.com/media/artemis.jpg">
  <meta name="twitter:creator" content="@NASA">
</head><body></body></html>`;

const INSTAGRAM = `<!doctype html><html><head>
  <meta property="og:title" content="National Geographic on Instagram: &quot;A snow leopard in Ladakh.&quot;">
  <meta property="og:description" content="1M likes, 5,000 comments - natgeo on March 1, 2024">
  <meta property="og:image" content="https://scontent.cdninstagram.com/leopard.jpg">
  <meta property="og:site_name" content="Instagram">
</head><body></body></html>`;

const LINKEDIN = `<!doctype html><html><head>
  <meta property="og:title" content="Jane Doe on LinkedIn: What I learned building AI tools">
  <meta property="og:description" content="Three lessons from a year of shipping.">
  <meta property="og:image" content="https://media.licdn.com/post.jpg">
  <meta name="author" content="Jane Doe">
</head><body></body></html>`;

describe('platform metadata from the page and the URL', () => {
  const urls = {
    youtube: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    youtuBe: 'https://youtu.be/dQw4w9WgXcQ',
    shorts: 'https://www.youtube.com/shorts/aBcDeFgHiJk',
    tweet: 'https://x.com/NASA/status/1593146437285658624',
    instagram: 'https://www.instagram.com/p/CxYz123AbC/',
    linkedin: 'https://www.linkedin.com/posts/janedoe_ai-activity-7123456789012345678-AbCd',
    generic: 'https://blog.example.org/notes',
  };
  const enricher = new Enricher(
    memoryFetcher({
      [urls.youtube]: YOUTUBE_WATCH,
      [urls.youtuBe]: YOUTUBE_WATCH,
      [urls.shorts]: YOUTUBE_WATCH,
      [urls.tweet]: TWEET,
      [urls.instagram]: INSTAGRAM,
      [urls.linkedin]: LINKEDIN,
      [urls.generic]:
        '<html><head><title>Notes</title><meta name="description" content="Some notes."></head></html>',
    }),
    new PageParser(1),
  );
  afterAll(() => enricher.close());

  it('youtube watch page: video id from the URL, title, image, author and date from the page', async () => {
    const result = await enricher.enrich(urls.youtube, []);
    expect(result).toMatchObject({
      platform: 'youtube',
      extractionMethod: 'platform',
      title: 'Rick Astley - Never Gonna Give You Up (Official Video)',
      ogImageUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/maxresdefault.jpg',
      summaryShort: 'The official video for Never Gonna Give You Up by Rick Astley.',
    });
    expect(result.platformMetadata).toMatchObject({
      videoId: 'dQw4w9WgXcQ',
      kind: 'video',
      author: 'Rick Astley',
      siteName: 'YouTube',
      publishedTime: '2009-10-25',
      canonicalUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
  });

  it('youtu.be and shorts links', async () => {
    expect((await enricher.enrich(urls.youtuBe, [])).platformMetadata).toMatchObject({
      videoId: 'dQw4w9WgXcQ',
      kind: 'video',
    });
    expect(await enricher.enrich(urls.shorts, [])).toMatchObject({
      platform: 'youtube',
      platformMetadata: { videoId: 'aBcDeFgHiJk', kind: 'short', author: 'Rick Astley' },
    });
  });

  it('x.com post: handle and post id from the URL, text and image from the page', async () => {
    expect(await enricher.enrich(urls.tweet, [])).toMatchObject({
      platform: 'twitter',
      extractionMethod: 'platform',
      title: 'NASA on X',
      ogImageUrl: 'https://pbs.twimg.com/media/artemis.jpg',
      platformMetadata: {
        handle: '@NASA',
        postId: '1593146437285658624',
        kind: 'post',
        siteName: 'X (formerly Twitter)',
      },
    });
  });

  it('instagram post and linkedin post', async () => {
    expect(await enricher.enrich(urls.instagram, [])).toMatchObject({
      platform: 'instagram',
      title: 'National Geographic on Instagram: "A snow leopard in Ladakh."',
      platformMetadata: { postId: 'CxYz123AbC', kind: 'post', siteName: 'Instagram' },
    });
    expect(await enricher.enrich(urls.linkedin, [])).toMatchObject({
      platform: 'linkedin',
      title: 'Jane Doe on LinkedIn: What I learned building AI tools',
      platformMetadata: {
        handle: 'janedoe',
        postId: '7123456789012345678',
        kind: 'post',
        author: 'Jane Doe',
      },
    });
  });

  it("a video page without an image of its own shows the video's thumbnail", async () => {
    const bare = 'https://www.youtube.com/watch?v=abc123DEF45';
    const plain = new Enricher(
      memoryFetcher({ [bare]: '<html><head><title>A video</title></head><body></body></html>' }),
      new PageParser(1),
    );
    try {
      expect((await plain.enrich(bare, [])).ogImageUrl).toBe(
        'https://i.ytimg.com/vi/abc123DEF45/hqdefault.jpg',
      );
    } finally {
      await plain.close();
    }
    // The page's own image comes first.
    expect((await enricher.enrich(urls.youtube, [])).ogImageUrl).toBe(
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/maxresdefault.jpg',
    );
  });

  it('anything else is generic, with no platform ids', async () => {
    const result = await enricher.enrich(urls.generic, []);
    expect(result.platform).toBe('generic');
    expect(result.extractionMethod).toBe('metadata');
    expect(result.platformMetadata).not.toHaveProperty('videoId');
    expect(result.platformMetadata).not.toHaveProperty('postId');
  });
});
