import { posix } from 'node:path';
import { csvFileRows, csvRows, hasColumns, type CsvRow } from './csv.js';
import { fromUnixTime } from './dates.js';
import { pocketAnnotations, type HighlightBudget, type PocketAnnotations } from './pocket-annotations.js';
import { decodedBytes, readHead } from './source.js';
import { splitList } from './text.js';
import { collapseWhitespace } from '../../lib/text.js';
import { snippetsLeftOut, SNIPPETS_PER_ENTRY_BOUND } from './snippets.js';
import {
  MAX_SNIPPETS_PER_ENTRY,
  type FileSource,
  type FormatReader,
  type ImportItem,
  type ImportedLink,
  type ImportedPageSnippet,
  type ReadingState,
} from './types.js';
import { isZip, openZip, type ZipArchive } from './zip.js';

/**
 * Pocket's CSV export, `title,url,time_added,tags,status` (an older one has a `cursor` column too), alone or
 * as Pocket sent it at the end (2024–2025): a ZIP of part_000000.csv, part_000001.csv… and the highlights in
 * annotations/part_000000.json… (Pocket's ListDataExportService and AnnotationsDataExportService).
 */
export const pocketCsv: FormatReader = {
  name: 'pocket-csv',
  detect: (source, head) =>
    isZip(head.bytes) ? isPocketZip(source) : Promise.resolve(hasColumns(head, POCKET_COLUMNS)),
  read: (source) => readPocket(source),
};

const POCKET_COLUMNS = ['title', 'url', 'time_added', 'tags', 'status'];
/** At the root, or in the one folder a person who unzipped and zipped the export again put it in. */
const LIST_PART = /^(?:[^/]+\/)?part_\d+\.csv$/;
const ANNOTATIONS_PART = /(?:^|\/)annotations\/part_\d+\.json$/;
/** What the highlights of the whole export may hold while the list is read: ample for any real library. */
const HIGHLIGHT_CHARS = 16_000_000;
const NO_PAGE = 'The highlights have no page address';
const HIGHLIGHT_BOUNDS = `${SNIPPETS_PER_ENTRY_BOUND}, and ${HIGHLIGHT_CHARS / 1e6} million characters of highlights an import`;
const STATES = new Map<string, ReadingState>([
  ['unread', 'unread'],
  ['archive', 'archived'],
]);

async function isPocketZip(source: FileSource): Promise<boolean> {
  try {
    const zip = await openZip(source);
    zip.close();
    return zip.entries.some((entry) => LIST_PART.test(entry.name));
  } catch {
    return false;
  }
}

async function* readPocket(source: FileSource): AsyncGenerator<ImportItem> {
  if (isZip((await readHead(source)).bytes)) yield* readPocketZip(source);
  else for await (const row of csvFileRows(source)) yield pocketLink(row);
}

/**
 * The highlights are read first and kept by page address; each list row takes its page's highlights, and
 * highlights of pages that are not in the list come last, as snippets of their page.
 */
async function* readPocketZip(source: FileSource): AsyncGenerator<ImportItem> {
  const zip = await openZip(source);
  try {
    const highlights = new Map<string, PocketAnnotations>();
    const budget: HighlightBudget = { charsLeft: HIGHLIGHT_CHARS };
    for await (const page of readAnnotations(zip, budget)) {
      if (!page.url) {
        if (page.snippets.length > 0) yield { kind: 'skip', position: page.position, reason: NO_PAGE };
        continue;
      }
      const dropped = page.dropped + addPage(highlights, page, budget);
      if (dropped > 0) yield snippetsLeftOut(page.position, page.url, dropped, HIGHLIGHT_BOUNDS);
    }
    const parts = zip.entries.map((entry) => entry.name).filter((name) => LIST_PART.test(name));
    for (const name of parts.sort()) {
      for await (const row of csvRows(decodedBytes(zip.read(name), 'utf-8'), posix.basename(name))) {
        const link = pocketLink(row);
        const page = highlights.get(link.url);
        highlights.delete(link.url);
        yield page ? { ...link, snippets: page.snippets } : link;
      }
    }
    for (const page of highlights.values()) yield* pageSnippets(page);
  } finally {
    zip.close();
  }
}

function* pageSnippets(page: PocketAnnotations): Generator<ImportedPageSnippet> {
  for (const snippet of page.snippets) {
    yield {
      ...snippet,
      kind: 'snippet',
      position: page.position,
      pageUrl: page.url,
      pageTitle: page.title || null,
    };
  }
}

async function* readAnnotations(zip: ZipArchive, budget: HighlightBudget): AsyncGenerator<PocketAnnotations> {
  const files = zip.entries.map((entry) => entry.name).filter((name) => ANNOTATIONS_PART.test(name));
  for (const name of files.sort()) yield* pocketAnnotations(zip.read(name), name, budget);
}

/**
 * Keeps the page's highlights for its row; answers how many did not fit beside those its address already has
 * (an export may list a page twice).
 */
function addPage(
  highlights: Map<string, PocketAnnotations>,
  page: PocketAnnotations,
  budget: HighlightBudget,
): number {
  if (page.snippets.length === 0) return 0;
  const known = highlights.get(page.url);
  if (!known) {
    highlights.set(page.url, page);
    budget.charsLeft -= page.url.length + page.title.length;
    return 0;
  }
  const room = Math.max(0, MAX_SNIPPETS_PER_ENTRY - known.snippets.length);
  // A loop, not push(...spread): a call takes a limited number of arguments.
  for (const snippet of page.snippets.slice(0, room)) known.snippets.push(snippet);
  return Math.max(0, page.snippets.length - room);
}

function pocketLink(row: CsvRow): ImportedLink {
  const url = row.get('url');
  const title = collapseWhitespace(row.get('title'));
  const state = STATES.get(row.get('status').trim().toLowerCase());
  // The final exports separate tags with '|', earlier ones with ','; Pocket tags contain neither.
  const tags = splitList(row.get('tags'), /[|,]/);
  return {
    kind: 'link',
    position: row.position,
    url,
    // Pocket wrote an item's address as its title when it had none.
    title: title && title !== url ? title : null,
    createdAt: fromUnixTime(row.get('time_added')),
    ...(tags.length > 0 && { tags }),
    ...(state && { state }),
  };
}
