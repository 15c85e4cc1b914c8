import type { Platform } from '../../contracts/index.js';
import type { PageAnalyzer } from './analyzer-pool.js';
import type { SafeFetcher } from './fetch.js';
import { detectPlatform } from './platforms.js';

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
  summaryShort: string | null;
  summaryLong: string | null;
  keyPoints: string[];
  highlights: string[];
  tags: string[];
}

export class HttpStatusError extends Error {
  constructor(readonly status: number) {
    super(`The page answered HTTP ${status}`);
  }
}

const compact = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null && v !== undefined && v !== ''));

/** Fetches a saved page and describes it: HTML through extraction and analysis, other types through headers and URL. */
export class Enricher {
  constructor(
    private readonly fetcher: SafeFetcher,
    private readonly analyzer: PageAnalyzer,
  ) {}

  async close(): Promise<void> {
    await Promise.all([this.fetcher.close(), this.analyzer.close()]);
  }

  async enrich(url: string, existingTags: string[]): Promise<Enrichment> {
    const page = await this.fetcher.fetch(url);
    if (page.status >= 400) throw new HttpStatusError(page.status);
    const { platform, metadata: platformIds } = detectPlatform(page.url);
    const favicon = new URL('/favicon.ico', page.url).toString();

    if (page.text === null || !page.contentType.includes('html')) {
      const fileName = decodeURIComponent(new URL(page.url).pathname.split('/').pop() ?? '') || null;
      return {
        title: fileName,
        ogTitle: null,
        ogDescription: null,
        ogImageUrl: page.contentType.startsWith('image/') ? page.url : null,
        favicon,
        platform,
        platformMetadata: compact({ ...platformIds, contentType: page.contentType }),
        extractionMethod: 'headers',
        summaryShort: null,
        summaryLong: null,
        keyPoints: [],
        highlights: [],
        tags: [],
      };
    }

    const analysis = await this.analyzer.analyze({ html: page.text, url: page.url, existingTags });
    const meta = analysis.metadata;
    const generic = platform === 'generic';
    return {
      title: meta.title,
      ogTitle: meta.title,
      ogDescription: meta.description,
      ogImageUrl: meta.imageUrl,
      favicon: meta.faviconUrl,
      platform,
      platformMetadata: compact({
        ...platformIds,
        author: meta.author,
        siteName: meta.siteName,
        publishedTime: meta.publishedTime,
        language: meta.language,
        canonicalUrl: meta.canonicalUrl,
      }),
      extractionMethod: !generic && analysis.method === 'metadata' ? 'platform' : analysis.method,
      ...analysis.summary,
      tags: analysis.tags,
    };
  }
}
