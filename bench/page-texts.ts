/**
 * The kept pages of the benchmark library (issue 16), in the languages and lengths of real ones. Each
 * generated page takes a page of the Readability corpus (../shared/corpus, pages nobody here wrote) as
 * its model: its language, the length of its text, and its archived copy exactly as enrichment keeps it
 * (the real sanitizer, packed). Its text is written anew from sentences of the model's language, drawn
 * at random from every corpus page in that language, so the full-text index sees real words in real
 * proportions, English and a dozen others, Chinese and Japanese among them, and never the same page twice.
 */
import { analyzePage } from '../server/enrich/analyze.js';
import { countWords, readingMinutes } from '../server/enrich/content.js';
import { languageFor } from '../server/enrich/text/language.js';
import { searchText } from '../server/enrich/text/search-text.js';
import { splitSentences } from '../server/enrich/text/sentences.js';
import { escapeHtml } from '../server/lib/html.js';
import { packText, unpackText } from '../server/lib/packed-text.js';
import type { PageContent } from '../server/library/link-content.repository.js';
import { READABILITY_PAGE_URL, hasCorpus, readabilityCases } from './quality/corpus.js';

/** A corpus page as a model: what a generated page copies of it. */
interface Model {
  language: string;
  textChars: number;
  archive: Uint8Array;
  siteName: string | null;
}

/** What the corpus holds: its pages as models, and their sentences by language. */
export interface CorpusPages {
  models: Model[];
  sentences: Map<string, string[]>;
  /** Bytes enrichment keeps per corpus page (reader HTML, text and archive packed, and the indexed words). */
  keptBytes: number[];
}

/** Reads and analyses every Readability corpus page as enrichment does (a few seconds). */
export function corpusPages(): CorpusPages {
  if (!hasCorpus())
    throw new Error('The benchmark library needs ../shared/corpus (or CORPUS_DIR) for its pages.');
  const models: Model[] = [];
  const sentences = new Map<string, string[]>();
  const keptBytes: number[] = [];
  for (const page of readabilityCases()) {
    const { content } = analyzePage({ html: page.html, url: READABILITY_PAGE_URL, existingTags: [] });
    if (!content) continue;
    const text = unpackText(content.text);
    keptBytes.push(
      content.html.byteLength +
        content.text.byteLength +
        content.archive.byteLength +
        content.searchText.byteLength,
    );
    models.push({
      language: content.language,
      textChars: text.length,
      archive: content.archive,
      siteName: content.siteName,
    });
    const pool = sentences.get(content.language) ?? [];
    for (const paragraph of text.split(/\n{2,}/)) {
      pool.push(...splitSentences(paragraph, content.language).filter((s) => s.length >= 20));
    }
    sentences.set(content.language, pool);
  }
  return {
    models: models.filter((m) => (sentences.get(m.language)?.length ?? 0) >= 40),
    sentences,
    keptBytes,
  };
}

/** A kept page for a generated link: a fresh text after a corpus page's model. */
export function generatedPage(corpus: CorpusPages, random: () => number): PageContent {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const model = pick(corpus.models);
  const pool = corpus.sentences.get(model.language) ?? [];
  const language = languageFor(model.language);
  const joiner = language.spaced ? ' ' : '';
  const paragraphs: string[] = [];
  for (let chars = 0; chars < model.textChars;) {
    const paragraph = Array.from({ length: 2 + Math.floor(random() * 5) }, () => pick(pool)).join(joiner);
    paragraphs.push(paragraph);
    chars += paragraph.length + 2;
  }
  const text = paragraphs.join('\n\n');
  const wordCount = countWords(text, language);
  return {
    html: packText(paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')),
    text: packText(text),
    archive: model.archive,
    searchText: new TextEncoder().encode(searchText(text)),
    byline: null,
    siteName: model.siteName,
    language: model.language,
    wordCount,
    readingMinutes: readingMinutes(wordCount),
  };
}

/** `count` fresh pages from the corpus, and what enrichment keeps of a corpus page on average (bytes). */
export function keptPages(
  count: number,
  random: () => number,
): { pages: PageContent[]; corpusKeptBytes: number | null } {
  const corpus = corpusPages();
  const pages = Array.from({ length: count }, () => generatedPage(corpus, random));
  const kept = corpus.keptBytes;
  const corpusKeptBytes = kept.length > 0 ? kept.reduce((sum, bytes) => sum + bytes, 0) / kept.length : null;
  return { pages, corpusKeptBytes };
}
