import type { Platform } from '../../contracts/index.js';
import { decodedPathPart, titleFromUrl } from '../lib/urls.js';

export interface PlatformInfo {
  platform: Platform;
  metadata: Record<string, string>;
}

const segments = (url: URL) => url.pathname.split('/').filter(Boolean);
const hostIs = (url: URL, ...domains: string[]) =>
  domains.some((d) => url.hostname === d || url.hostname.endsWith(`.${d}`));

/** SPEC.md §3 platforms, told from the URL alone, with the ids the URL carries. */
export function detectPlatform(raw: string): PlatformInfo {
  const url = new URL(raw);
  const parts = segments(url);
  if (hostIs(url, 'youtube.com', 'youtube-nocookie.com', 'youtu.be')) return youtube(url, parts);
  if (hostIs(url, 'twitter.com', 'x.com')) return twitter(parts);
  if (hostIs(url, 'instagram.com')) return instagram(parts);
  if (hostIs(url, 'linkedin.com')) return linkedin(parts);
  return { platform: 'generic', metadata: {} };
}

function youtube(url: URL, parts: string[]): PlatformInfo {
  const metadata: Record<string, string> = {};
  if (url.hostname.endsWith('youtu.be') && parts[0]) {
    metadata.videoId = parts[0];
    metadata.kind = 'video';
  } else if (['shorts', 'embed', 'live', 'v'].includes(parts[0] ?? '') && parts[1]) {
    metadata.videoId = parts[1];
    metadata.kind = parts[0] === 'shorts' ? 'short' : 'video';
  } else if (url.searchParams.get('v')) {
    metadata.videoId = url.searchParams.get('v') as string;
    metadata.kind = 'video';
  } else if (parts[0]?.startsWith('@')) {
    metadata.channel = parts[0];
    metadata.kind = 'channel';
  } else if (url.searchParams.get('list')) {
    metadata.playlistId = url.searchParams.get('list') as string;
    metadata.kind = 'playlist';
  }
  const start = url.searchParams.get('t');
  if (start && metadata.videoId) metadata.startAt = start;
  return { platform: 'youtube', metadata };
}

function twitter(parts: string[]): PlatformInfo {
  const [handle, section, id] = parts;
  const metadata: Record<string, string> = {};
  if (handle && !['i', 'home', 'search', 'explore'].includes(handle)) metadata.handle = `@${handle}`;
  if (section === 'status' && id) {
    metadata.postId = id;
    metadata.kind = 'post';
  } else if (handle && !section) metadata.kind = 'profile';
  return { platform: 'twitter', metadata };
}

function instagram(parts: string[]): PlatformInfo {
  const [first, second] = parts;
  const kinds: Record<string, string> = {
    p: 'post',
    reel: 'reel',
    reels: 'reel',
    tv: 'video',
    stories: 'story',
  };
  const metadata: Record<string, string> = {};
  const kind = first ? kinds[first] : undefined;
  if (kind && second) {
    metadata.kind = kind;
    if (first === 'stories') metadata.handle = `@${second}`;
    else metadata.postId = second;
  } else if (first && !['explore', 'accounts', 'direct'].includes(first)) {
    metadata.handle = `@${first}`;
    metadata.kind = 'profile';
  }
  return { platform: 'instagram', metadata };
}

function linkedin(parts: string[]): PlatformInfo {
  const [first, second] = parts;
  const metadata: Record<string, string> = {};
  if (first === 'in' && second) Object.assign(metadata, { kind: 'profile', handle: second });
  else if (first === 'company' && second) Object.assign(metadata, { kind: 'company', company: second });
  else if (first === 'pulse' && second) Object.assign(metadata, { kind: 'article', slug: second });
  else if (first === 'posts' && second) {
    metadata.kind = 'post';
    const author = second.split('_')[0];
    if (author) metadata.handle = author;
    const activity = /activity-(\d+)/.exec(second)?.[1];
    if (activity) metadata.postId = activity;
  } else if (first === 'feed' && second === 'update') {
    metadata.kind = 'post';
    const activity = /activity:(\d+)/.exec(parts[2] ?? '')?.[1];
    if (activity) metadata.postId = activity;
  } else if (first === 'jobs') metadata.kind = 'job';
  return { platform: 'linkedin', metadata };
}

/**
 * What a link of a platform shows before its page is fetched, and keeps when the site refuses fetchers
 *: a title told from the URL ("@nasa on X", "YouTube video") and, for a YouTube video, its
 * thumbnail, whose address the video id gives. Null for generic pages: SPEC.md §4 names them by their host.
 */
export interface PlatformPlaceholder {
  title: string | null;
  previewImageUrl: string | null;
}

export function platformPlaceholder({ platform, metadata }: PlatformInfo): PlatformPlaceholder {
  return { title: TITLES[platform](metadata), previewImageUrl: previewImage(platform, metadata) };
}

type Titler = (metadata: Record<string, string>) => string | null;

const TITLES: Record<Platform, Titler> = {
  youtube: ({ kind, channel }) =>
    kind === 'channel' && channel
      ? `${channel} on YouTube`
      : ({ video: 'YouTube video', short: 'YouTube Short', playlist: 'YouTube playlist' }[kind ?? ''] ??
        'YouTube'),
  twitter: ({ kind, handle }) => {
    if (!handle) return 'X';
    return kind === 'post' ? `Post by ${handle} on X` : `${handle} on X`;
  },
  instagram: ({ kind, handle }) => {
    if (handle) return kind === 'story' ? `Story by ${handle} on Instagram` : `${handle} on Instagram`;
    return (
      { post: 'Instagram post', reel: 'Instagram reel', video: 'Instagram video' }[kind ?? ''] ?? 'Instagram'
    );
  },
  linkedin: ({ kind, handle, company }) => {
    if (kind === 'profile' && handle) return `${nameFromSlug(handle)} on LinkedIn`;
    if (kind === 'company' && company) return `${nameFromSlug(company)} on LinkedIn`;
    if (kind === 'post') return handle ? `Post by ${nameFromSlug(handle)} on LinkedIn` : 'LinkedIn post';
    return { article: 'LinkedIn article', job: 'LinkedIn job' }[kind ?? ''] ?? 'LinkedIn';
  },
  generic: () => null,
};

/**
 * A LinkedIn address's name, as words: "jane-doe-4b2a1c7" → "Jane Doe". LinkedIn adds a part with digits to
 * names already taken; it names nobody, so it goes.
 */
function nameFromSlug(slug: string): string {
  const words = decodedPathPart(slug).split(/[-_]+/).filter(Boolean);
  if (words.length > 1 && /\d/.test(words.at(-1) ?? '')) words.pop();
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ') || slug;
}

/** YouTube serves every video's thumbnail at this address (480×360, present for every public video). */
function previewImage(platform: Platform, { videoId }: Record<string, string>): string | null {
  if (platform !== 'youtube' || !videoId || !/^[\w-]{6,20}$/.test(videoId)) return null;
  return `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`;
}

/** The title of a link saved without one: its platform's (above), else its host (SPEC.md §4, Add Link). */
export function titleForUrl(url: string): string {
  if (!URL.canParse(url)) return titleFromUrl(url);
  return platformPlaceholder(detectPlatform(url)).title ?? titleFromUrl(url);
}

/**
 * Whether a link's title is one Linkvault gave it (so its page's own title may replace it): the title of
 * titleForUrl, or the host alone, which links saved before platform titles were given.
 */
export function isTitleFromUrl(title: string, url: string): boolean {
  return title === titleForUrl(url) || title === titleFromUrl(url);
}
