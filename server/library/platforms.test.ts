import { describe, expect, it } from 'vitest';
import { detectPlatform, isTitleFromUrl, platformPlaceholder, titleForUrl } from './platforms.js';

describe('detectPlatform', () => {
  it.each([
    // YouTube: watch, youtu.be, shorts, embeds, channels, playlists
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', { videoId: 'dQw4w9WgXcQ', kind: 'video' }],
    [
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'youtube',
      { videoId: 'dQw4w9WgXcQ', kind: 'video', startAt: '42s' },
    ],
    [
      'https://m.youtube.com/watch?v=abc123DEF45&feature=share',
      'youtube',
      { videoId: 'abc123DEF45', kind: 'video' },
    ],
    ['https://youtu.be/dQw4w9WgXcQ', 'youtube', { videoId: 'dQw4w9WgXcQ', kind: 'video' }],
    [
      'https://youtu.be/dQw4w9WgXcQ?t=10',
      'youtube',
      { videoId: 'dQw4w9WgXcQ', kind: 'video', startAt: '10' },
    ],
    ['https://www.youtube.com/shorts/aBcDeFgHiJk', 'youtube', { videoId: 'aBcDeFgHiJk', kind: 'short' }],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'youtube', { videoId: 'dQw4w9WgXcQ', kind: 'video' }],
    [
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'youtube',
      { videoId: 'dQw4w9WgXcQ', kind: 'video' },
    ],
    ['https://www.youtube.com/@veritasium', 'youtube', { channel: '@veritasium', kind: 'channel' }],
    [
      'https://www.youtube.com/playlist?list=PL1234567890',
      'youtube',
      { playlistId: 'PL1234567890', kind: 'playlist' },
    ],
    // Twitter and X
    ['https://twitter.com/jack/status/20', 'twitter', { handle: '@jack', postId: '20', kind: 'post' }],
    [
      'https://x.com/elonmusk/status/1234567890123456789',
      'twitter',
      { handle: '@elonmusk', postId: '1234567890123456789', kind: 'post' },
    ],
    [
      'https://mobile.twitter.com/nasa/status/555?s=20',
      'twitter',
      { handle: '@nasa', postId: '555', kind: 'post' },
    ],
    ['https://x.com/nasa', 'twitter', { handle: '@nasa', kind: 'profile' }],
    ['https://x.com/i/bookmarks', 'twitter', {}],
    // Instagram
    ['https://www.instagram.com/p/CxYz123AbC/', 'instagram', { postId: 'CxYz123AbC', kind: 'post' }],
    [
      'https://instagram.com/reel/C9aBcDeFgHi/?igsh=xyz',
      'instagram',
      { postId: 'C9aBcDeFgHi', kind: 'reel' },
    ],
    [
      'https://www.instagram.com/stories/natgeo/3141592653589793238/',
      'instagram',
      { handle: '@natgeo', kind: 'story' },
    ],
    ['https://www.instagram.com/natgeo/', 'instagram', { handle: '@natgeo', kind: 'profile' }],
    // LinkedIn
    ['https://www.linkedin.com/in/satyanadella/', 'linkedin', { handle: 'satyanadella', kind: 'profile' }],
    ['https://www.linkedin.com/company/microsoft/', 'linkedin', { company: 'microsoft', kind: 'company' }],
    [
      'https://www.linkedin.com/pulse/future-work-jane-doe',
      'linkedin',
      { slug: 'future-work-jane-doe', kind: 'article' },
    ],
    [
      'https://www.linkedin.com/posts/janedoe_ai-activity-7123456789012345678-AbCd',
      'linkedin',
      { handle: 'janedoe', postId: '7123456789012345678', kind: 'post' },
    ],
    [
      'https://www.linkedin.com/feed/update/urn:li:activity:7123456789012345678/',
      'linkedin',
      { postId: '7123456789012345678', kind: 'post' },
    ],
    ['https://www.linkedin.com/jobs/view/3900000000/', 'linkedin', { kind: 'job' }],
    // Everything else, including look-alikes
    ['https://example.com/article', 'generic', {}],
    ['https://notyoutube.com/watch?v=dQw4w9WgXcQ', 'generic', {}],
    ['https://x.com.evil.example/nasa/status/1', 'generic', {}],
    ['https://youtube.com.example.net/watch?v=abc', 'generic', {}],
    ['https://fakelinkedin.com/in/someone', 'generic', {}],
  ] as const)('%s → %s', (url, platform, metadata) => {
    expect(detectPlatform(url)).toEqual({ platform, metadata });
  });
});

describe('what a link shows before its page is fetched', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'YouTube video'],
    ['https://www.youtube.com/shorts/aBcDeFgHiJk', 'YouTube Short'],
    ['https://www.youtube.com/@veritasium', '@veritasium on YouTube'],
    ['https://www.youtube.com/playlist?list=PL1234567890', 'YouTube playlist'],
    ['https://www.youtube.com/feed/subscriptions', 'YouTube'],
    ['https://x.com/elonmusk/status/1234567890123456789', 'Post by @elonmusk on X'],
    ['https://twitter.com/nasa', '@nasa on X'],
    ['https://x.com/i/bookmarks', 'X'],
    ['https://www.instagram.com/p/CxYz123AbC/', 'Instagram post'],
    ['https://instagram.com/reel/C9aBcDeFgHi/', 'Instagram reel'],
    ['https://www.instagram.com/stories/natgeo/3141592653589793238/', 'Story by @natgeo on Instagram'],
    ['https://www.instagram.com/natgeo/', '@natgeo on Instagram'],
    ['https://www.linkedin.com/in/satyanadella/', 'Satyanadella on LinkedIn'],
    ['https://www.linkedin.com/in/jane-doe-4b2a1c7/', 'Jane Doe on LinkedIn'],
    ['https://www.linkedin.com/in/jos%C3%A9-garc%C3%ADa/', 'José García on LinkedIn'],
    ['https://www.linkedin.com/in/broken%E0%A4/', 'Broken%E0%A4 on LinkedIn'],
    ['https://www.linkedin.com/company/acme-robotics/', 'Acme Robotics on LinkedIn'],
    [
      'https://www.linkedin.com/posts/janedoe_ai-activity-7123456789012345678-AbCd',
      'Post by Janedoe on LinkedIn',
    ],
    ['https://www.linkedin.com/feed/update/urn:li:activity:7123456789012345678/', 'LinkedIn post'],
    ['https://www.linkedin.com/pulse/future-work-jane-doe', 'LinkedIn article'],
    ['https://www.linkedin.com/jobs/view/3900000000/', 'LinkedIn job'],
    // Everything else keeps SPEC.md's title: the host.
    ['https://www.example.com/blog/post', 'Example.com'],
    ['not a url', 'Untitled Link'],
  ])('%s is titled %s', (url, title) => {
    expect(titleForUrl(url)).toBe(title);
    expect(isTitleFromUrl(title, url)).toBe(true);
  });

  it('knows the host title of links saved before platform titles as derived too, and nothing else', () => {
    expect(isTitleFromUrl('X.com', 'https://x.com/nasa')).toBe(true);
    expect(isTitleFromUrl('NASA on X', 'https://x.com/nasa')).toBe(false);
  });

  it('gives a YouTube video its thumbnail from the video id, and nothing to anything else', () => {
    const preview = (url: string) => platformPlaceholder(detectPlatform(url)).previewImageUrl;
    expect(preview('https://youtu.be/dQw4w9WgXcQ?t=10')).toBe(
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    );
    expect(preview('https://www.youtube.com/shorts/aBcDeFgHiJk')).toBe(
      'https://i.ytimg.com/vi/aBcDeFgHiJk/hqdefault.jpg',
    );
    // An id is letters, digits, - and _: anything else never reaches an address.
    expect(preview('https://www.youtube.com/watch?v=../../x')).toBeNull();
    expect(preview('https://www.youtube.com/@veritasium')).toBeNull();
    expect(preview('https://x.com/nasa/status/1')).toBeNull();
    expect(preview('https://example.com/watch?v=dQw4w9WgXcQ')).toBeNull();
  });
});
