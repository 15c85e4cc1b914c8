import type { PageContent } from '../library/link-content.repository.js';
import { packText } from '../lib/packed-text.js';
import { archiveHtml, readerHtml } from './sanitize.js';
import type { Language } from './text/language.js';
import { searchText } from './text/search-text.js';
import { wordSegments } from './text/segments.js';

/** An adult's silent reading speed in words per minute (Brysbaert 2019: 238 for non-fiction). */
const WORDS_PER_MINUTE = 238;

/** Words in a text: spaces separate them, except in unspaced scripts, which ICU's word breaker splits. */
export function countWords(text: string, language: Language): number {
  if (language.spaced) return text.match(/\S+/g)?.length ?? 0;
  let words = 0;
  const segmenter = new Intl.Segmenter(language.code, { granularity: 'word' });
  for (const segment of wordSegments(segmenter, text)) if (segment.isWordLike) words += 1;
  return words;
}

/**
 * What Linkvault keeps of a page to read it later and to search in it (API.md "Reading, organising and
 * finding"): the article for the reader view, its plain text, and the whole page as an archived copy, the
 * three compressed (lib/packed-text.ts), with what the reader shows about it.
 */
export function pageContent(
  page: { articleHtml: string; text: string; markup: string; url: string },
  about: { byline: string | null; siteName: string | null; language: Language },
): PageContent {
  const wordCount = countWords(page.text, about.language);
  return {
    html: packText(readerHtml(page.articleHtml, page.url)),
    text: packText(page.text),
    archive: packText(archiveHtml(page.markup, page.url)),
    searchText: new TextEncoder().encode(searchText(page.text)),
    byline: about.byline,
    siteName: about.siteName,
    language: about.language.code,
    wordCount,
    readingMinutes: readingMinutes(wordCount),
  };
}

/** The reading time the reader shows: at least a minute. */
export const readingMinutes = (wordCount: number) => Math.max(1, Math.round(wordCount / WORDS_PER_MINUTE));
