import type { PageParser } from './page-parser.js';
import type { SafeFetcher } from '../fetch/safe-fetcher.js';
import { type LanguageModel, MIN_TEXT_FOR_MODEL } from './llm.js';
import { decodedPathPart } from '../lib/urls.js';
import type { Enrichment } from '../library/link-enrichment.repository.js';
import type { PageContent } from '../library/link-content.repository.js';
import { detectPlatform, platformPlaceholder } from '../library/platforms.js';

export class HttpStatusError extends Error {
  constructor(readonly status: number) {
    super(`The page answered HTTP ${status}`);
  }
}

const compact = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null && v !== undefined && v !== ''));

/** Tags a page should have at least; a model that names fewer is topped up from the built-in tagger. */
const MIN_TAGS = 3;

/**
 * Fetches a saved page and describes it: HTML through extraction and analysis, other types through
 * headers and URL. With a language model configured, its summaries, key points and tags replace the
 * built-in ones whenever it gives a valid answer in time; highlights stay sentences quoted from the page.
 */
export class Enricher {
  constructor(
    private readonly fetcher: SafeFetcher,
    private readonly parser: PageParser,
    private readonly model: LanguageModel | null = null,
  ) {}

  async close(): Promise<void> {
    await Promise.all([this.fetcher.close(), this.parser.close(), this.model?.close()]);
  }

  /** `signal` abandons the work wherever it stands (a worker being stopped puts the job back). */
  async enrich(url: string, existingTags: string[], signal?: AbortSignal): Promise<Enrichment> {
    const page = await this.fetched(url, signal);
    const detected = detectPlatform(page.url);
    const { platform, metadata: platformIds } = detected;
    // A page without an image of its own keeps the one its platform gives (a YouTube video's thumbnail).
    const platformImage = platformPlaceholder(detected).previewImageUrl;
    const favicon = new URL('/favicon.ico', page.url).toString();

    if (!isHtml(page)) {
      const fileName = decodedPathPart(new URL(page.url).pathname.split('/').pop() ?? '') || null;
      return {
        title: fileName,
        ogTitle: null,
        ogDescription: null,
        ogImageUrl: page.contentType.startsWith('image/') ? page.url : platformImage,
        favicon,
        platform,
        platformMetadata: compact({ ...platformIds, contentType: page.contentType }),
        extractionMethod: 'headers',
        summaryShort: null,
        summaryLong: null,
        keyPoints: [],
        highlights: [],
        tags: [],
        content: null,
      };
    }

    const analysis = await this.parser.analyze(
      { body: page.body, contentType: page.headers['content-type'], url: page.url, existingTags },
      signal,
    );
    const meta = analysis.metadata;
    const generic = platform === 'generic';
    const method = !generic && analysis.method === 'metadata' ? 'platform' : analysis.method;
    const described =
      this.model && analysis.text.length >= MIN_TEXT_FOR_MODEL
        ? await this.model.describe(
            { url: page.url, title: meta.title, description: meta.description, text: analysis.text },
            signal,
          )
        : null;
    const written = described
      ? {
          summaryShort: described.summaryShort,
          summaryLong: described.summaryLong,
          keyPoints: described.keyPoints,
          highlights: described.highlights.length > 0 ? described.highlights : analysis.summary.highlights,
          tags: await modelTags(described.tags, analysis.tags, existingTags),
        }
      : { ...analysis.summary, tags: analysis.tags };
    return {
      title: meta.title,
      ogTitle: meta.title,
      ogDescription: meta.description,
      ogImageUrl: meta.imageUrl ?? platformImage,
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
      // "+llm": the text was found by `method`, the summaries, key points and tags written by the model.
      extractionMethod: described ? `${method}+llm` : method,
      ...written,
      content: analysis.content,
    };
  }

  /**
   * Only the page to keep (a content job, migration 0014): fetched and parsed, nothing asked of a model,
   * whose summaries and tags the link keeps as they are.
   */
  async keptPage(url: string, signal?: AbortSignal): Promise<PageContent | null> {
    const page = await this.fetched(url, signal);
    if (!isHtml(page)) return null;
    const body = {
      body: page.body,
      contentType: page.headers['content-type'],
      url: page.url,
      existingTags: [],
    };
    return (await this.parser.analyze(body, signal)).content;
  }

  private async fetched(url: string, signal?: AbortSignal) {
    const page = await this.fetcher.fetch(url, signal);
    if (page.status >= 400) throw new HttpStatusError(page.status);
    return page;
  }
}

/** An HTML page with a body: what the parser reads. */
const isHtml = <T extends { body: Uint8Array<ArrayBuffer> | null; contentType: string }>(
  page: T,
): page is T & { body: Uint8Array<ArrayBuffer> } => page.body !== null && page.contentType.includes('html');

/**
 * The model's tags under the built-in rules (lower case, the user's spelling where a tag of theirs means
 * the same, at most five), topped up with the built-in tags when the model named fewer than MIN_TAGS.
 */
async function modelTags(proposed: string[], builtIn: string[], existingTags: string[]): Promise<string[]> {
  // The tagger (its stemmers and language data: 6.5 MB of heap) is the parsing thread's; the web
  // process loads it only when a model is configured and answers (memory).
  const { reconcileTags } = await import('./text/tags.js');
  const fromModel = reconcileTags(proposed, existingTags);
  const merged = reconcileTags([...fromModel, ...builtIn], existingTags);
  return merged.slice(0, Math.max(fromModel.length, MIN_TAGS));
}
