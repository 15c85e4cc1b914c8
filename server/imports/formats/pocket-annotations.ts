import { fromUnixTime } from './dates.js';
import { isObject, text } from './json-fields.js';
import { walkJson, type JsonObject, type JsonValue, type WalkShape } from './json-walker.js';
import { MAX_SNIPPETS_PER_ENTRY, type ImportedSnippet } from './types.js';

/**
 * One page of Pocket's highlights file (annotations/part_000000.json in the export ZIP of 2024–2025):
 * `[{url, title, highlights: [{quote, created_at}]}]`, created_at in seconds since 1970, as Pocket's
 * AnnotationsDataExportService wrote it.
 */
export interface PocketAnnotations {
  position: string;
  url: string;
  title: string;
  snippets: ImportedSnippet[];
  /** Highlights past MAX_SNIPPETS_PER_ENTRY or the caller's budget, counted rather than kept. */
  dropped: number;
}

/** How much highlight text, all pages together, an import holds while it waits for the pages' rows. */
export interface HighlightBudget {
  charsLeft: number;
}

/** What keeping a highlight costs besides its text (its object and date), in characters' worth of memory. */
const HIGHLIGHT_OVERHEAD_CHARS = 128;

/**
 * A page is a container of its `highlights`, each read alone (its quote cut at MAX_TEXT_CHARS); the page's
 * address and title are known when it closes, whatever the order of its keys.
 */
const SHAPE: WalkShape = { root: 'array', collection: (key, depth) => depth === 1 && key === 'highlights' };

/** The pages of one annotations file, in file order, each with the highlights the budget lets it keep. */
export async function* pocketAnnotations(
  bytes: AsyncIterable<Uint8Array>,
  file: string,
  budget: HighlightBudget,
): AsyncGenerator<PocketAnnotations> {
  let pages = 0;
  let page: PocketAnnotations | null = null;
  const where = () => `${file} entry ${page ? pages : pages + 1}`;
  for await (const { type, place } of walkJson(bytes, SHAPE, where)) {
    if (type === 'open') {
      page = { position: `${file} entry ${++pages}`, url: '', title: '', snippets: [], dropped: 0 };
    } else if (type === 'entry' && place.parent === null) {
      // A page without a list of highlights: nothing to keep.
      pages++;
    } else if (type === 'entry' && page) {
      addHighlight(page, place.value, budget);
    } else if (type === 'close' && page) {
      // A container is always an object: the one that holds the list.
      const fields = place.value as JsonObject;
      yield { ...page, url: text(fields.url) ?? '', title: text(fields.title) ?? '' };
      page = null;
    }
  }
}

function addHighlight(page: PocketAnnotations, highlight: JsonValue, budget: HighlightBudget): void {
  if (!isObject(highlight)) return;
  const quote = text(highlight.quote);
  if (!quote?.trim()) return;
  const cost = quote.length + HIGHLIGHT_OVERHEAD_CHARS;
  if (page.snippets.length >= MAX_SNIPPETS_PER_ENTRY || cost > budget.charsLeft) {
    page.dropped++;
    return;
  }
  budget.charsLeft -= cost;
  page.snippets.push({ text: quote, createdAt: fromUnixTime(text(highlight.created_at)) });
}
