import { cutAtWord } from '../lib/text.js';
import { type PageMetadata, extractPage } from './extract.js';
import { type Summary, summarize } from './text/summarize.js';
import { suggestTags } from './text/tags.js';
import { detectLanguage, languageFor } from './text/language.js';
import { pageContent } from './content.js';
import type { PageContent } from '../library/link-content.repository.js';

export interface AnalyzeInput {
  html: string;
  url: string;
  existingTags: string[];
}

export interface Analysis {
  metadata: PageMetadata;
  summary: Summary;
  tags: string[];
  method: 'readability' | 'metadata';
  /**
   * The main text, every block (headings, cells, captions, code too) separated by blank lines, cut at
   * MAX_TEXT_CHARS: what a language model reads.
   */
  text: string;
  /** What is kept to read and search the page later; null when no article was found in it. */
  content: PageContent | null;
}

/**
 * Parsing cost grows faster than page size; past this much markup the head and the start of the article
 * (where metadata and the lead live) are analysed and the rest is left, so a huge page finishes in time.
 * Scripts, styles and comments go first (analyzedMarkup), or a page whose head carries a megabyte of
 * them lost its whole article to the cut (two CNN pages did).
 */
const MAX_ANALYZED_CHARS = 1_000_000;

/**
 * Script and style elements and comments, as HTML's tokenizer ends them: a script's or a style's text
 * runs to the first `</script` or `</style`, whatever it holds, and a comment to the first `-->` (HTML
 * "script data" and "RAWTEXT" states). One left-to-right pass, so whichever opens first wins, as in the
 * tokenizer. JSON-LD scripts stay: they carry the page's image, date and author (extract.ts).
 */
const HIDDEN_MARKUP =
  /<script\b[^>]*>[\s\S]*?<\/script\s*>|<style\b[^>]*>[\s\S]*?<\/style\s*>|<!--[\s\S]*?-->/gi;

/** The markup that is parsed: the page without its scripts, styles and comments, cut at MAX_ANALYZED_CHARS. */
export function analyzedMarkup(html: string): string {
  const visible = html.replace(HIDDEN_MARKUP, (markup) =>
    /^<script\b[^>]*application\/ld\+json/i.test(markup) ? markup : ' ',
  );
  return visible.slice(0, MAX_ANALYZED_CHARS);
}
/** Summaries and tags come from the lead and body; the thousandth paragraph adds cost, not meaning. */
const MAX_PARAGRAPHS = 300;
/** About 3,000 tokens: enough for a model to summarise an article, small enough to answer quickly. */
export const MAX_TEXT_CHARS = 12_000;

/**
 * Everything enrichment computes from a page's HTML, CPU-bound and pure, so it can run in a worker
 * thread with a time and memory limit (page-parser.ts). Summaries and tags are made in the page's own
 * language: it is detected in the text, and its stop words and stems are used.
 */
export function analyzePage(input: AnalyzeInput): Analysis {
  const markup = analyzedMarkup(input.html);
  const extraction = extractPage(markup, input.url);
  const { metadata, method } = extraction;
  const paragraphs = extraction.paragraphs.slice(0, MAX_PARAGRAPHS);
  const description = metadata.description;
  const language = languageFor(detectLanguage(paragraphs.slice(0, 10).join(' '), metadata.language));
  const summary: Summary = summarize({ title: metadata.title, paragraphs, language });
  if (!summary.summaryShort && description) summary.summaryShort = description;
  const tags = suggestTags(
    { title: metadata.title, description, paragraphs, keywords: metadata.keywords },
    input.existingTags,
    language,
  );
  const mainText = extraction.blocks.length > 0 ? extraction.blocks.map((block) => block.text) : paragraphs;
  const text = mainText.join('\n\n');
  const content =
    extraction.articleHtml === null
      ? null
      : pageContent(
          { articleHtml: extraction.articleHtml, text, markup, url: input.url },
          { byline: metadata.author, siteName: metadata.siteName, language },
        );
  return { metadata, summary, tags, method, text: cutAtWord(text, MAX_TEXT_CHARS), content };
}
