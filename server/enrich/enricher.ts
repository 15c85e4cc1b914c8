import type { Platform } from '../../contracts/index.js';
import { extractMetadata } from './extract.js';
import type { SafeFetcher } from './fetch.js';

/** What enrichment writes to a link (SPEC.md §3 fields). */
export interface Enrichment {
  title: string | null;
  ogTitle: string | null;
  ogDescription: string | null;
  ogImageUrl: string | null;
  favicon: string | null;
  platform: Platform;
  platformMetadata: Record<string, unknown>;
  extractionMethod: string;
}

const PLATFORM_HOSTS: [RegExp, Platform][] = [
  [/(^|\.)instagram\.com$/, 'instagram'],
  [/(^|\.)(twitter\.com|x\.com)$/, 'twitter'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'youtube'],
  [/(^|\.)linkedin\.com$/, 'linkedin'],
];

export function platformOf(url: string): Platform {
  const host = new URL(url).hostname.toLowerCase();
  return PLATFORM_HOSTS.find(([pattern]) => pattern.test(host))?.[1] ?? 'generic';
}

export class HttpStatusError extends Error {
  constructor(readonly status: number) {
    super(`The page answered HTTP ${status}`);
  }
}

/** Fetches a saved page and describes it: HTML through its metadata, other types through headers and URL. */
export class Enricher {
  constructor(private readonly fetcher: SafeFetcher) {}

  async enrich(url: string): Promise<Enrichment> {
    const page = await this.fetcher.fetch(url);
    if (page.status >= 400) throw new HttpStatusError(page.status);
    const platform = platformOf(page.url);
    if (page.text === null || !page.contentType.includes('html')) {
      const fileName = decodeURIComponent(new URL(page.url).pathname.split('/').pop() ?? '') || null;
      return {
        title: fileName,
        ogTitle: null,
        ogDescription: null,
        ogImageUrl: page.contentType.startsWith('image/') ? page.url : null,
        favicon: new URL('/favicon.ico', page.url).toString(),
        platform,
        platformMetadata: { contentType: page.contentType },
        extractionMethod: 'headers',
      };
    }
    const meta = extractMetadata(page.text, page.url);
    return {
      title: meta.title,
      ogTitle: meta.title,
      ogDescription: meta.description,
      ogImageUrl: meta.imageUrl,
      favicon: meta.faviconUrl,
      platform,
      platformMetadata: {
        ...(meta.siteName && { siteName: meta.siteName }),
        ...(meta.canonicalUrl && { canonicalUrl: meta.canonicalUrl }),
        ...(meta.language && { language: meta.language }),
      },
      extractionMethod: 'metadata',
    };
  }
}
