import {
  FOLDER_COLORS,
  type FolderColor,
  LIMITS,
  LINK_STATES,
  PLATFORMS,
  SNIPPET_COLORS,
  isHttpUrl,
} from '../../contracts/index.js';
import { titleForUrl } from '../library/platforms.js';
import { mergeTags } from '../../contracts/tags.js';
import { withoutNul } from '../lib/text.js';
import { urlKey } from '../lib/urls.js';
import {
  type ImportedEnrichment,
  type ImportedLink,
  type ImportedSnippet,
  MAX_FOLDER_DEPTH,
  MAX_SNIPPETS_PER_ENTRY,
  type ReadingState,
} from './formats/types.js';

/**
 * An entry of a file as it will be written: its URL checked and normalised, its text cleaned and capped to
 * the library's limits (contracts LIMITS), entries of the same page folded into one. Pure: no database.
 */
export interface PreparedLink {
  position: string;
  url: string;
  key: string;
  title: string;
  description: string | null;
  /** The folder's path from the top (folderPathOf); null: none. */
  folder: string[] | null;
  tags: string[];
  createdAt: string | null;
  state: ReadingState;
  favorite: boolean;
  snippets: PreparedSnippet[];
  enrichment: ImportedEnrichment | null;
  /** How many more entries of the file named the same page and were folded into this one. */
  folded: number;
}

export interface PreparedSnippet {
  text: string;
  note: string | null;
  color: string;
  createdAt: string | null;
  updatedAt: string | null;
  /** undefined: the file does not say (the entry's title is used); null: the file says there is none. */
  pageTitle: string | null | undefined;
  contextBefore: string | null;
  contextAfter: string | null;
  positionData: string | null;
  /** Where the page it was made on is not the entry's own URL. */
  pageUrl: string | null;
}

/** Most tags an import leaves on one link; a file that tags an entry with thousands is not a person's tagging. */
export const MAX_TAGS_PER_LINK = 50;

export function cleanText(value: string | null | undefined, max: number): string | null {
  if (typeof value !== 'string') return null;
  const text = withoutNul(value).trim();
  if (!text) return null;
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** A one-line text: titles and folder names lose their line breaks and runs of spaces. */
const cleanLine = (value: string | null | undefined, max: number) =>
  cleanText(typeof value === 'string' ? value.replace(/\s+/g, ' ') : value, max);

/** A web address from the file (a snippet's page, a favicon, a preview image), or null when it is not one. */
export function urlOrNull(raw: string | null | undefined): string | null {
  const checked = checkUrl(raw);
  return 'url' in checked && isHttpUrl(checked.url) ? checked.url : null;
}

/** Why a URL cannot be saved, or the URL to save (API.md: invalid entries are skipped with a reason). */
export function checkUrl(raw: string | null | undefined): { url: string } | { reason: string } {
  const url = typeof raw === 'string' ? withoutNul(raw).trim() : '';
  if (!url) return { reason: 'The entry has no URL' };
  if (url.length > LIMITS.url) return { reason: `The URL is longer than ${LIMITS.url} characters` };
  if (!URL.canParse(url)) return { reason: 'The URL is not valid' };
  const { protocol, hostname } = new URL(url);
  if (protocol !== 'http:' && protocol !== 'https:') {
    return { reason: `Only web pages (http and https) can be saved, not ${protocol} addresses` };
  }
  if (!hostname) return { reason: 'The URL has no host' };
  return { url };
}

/**
 * Nested folders map one to one (API.md "Reading, organising and finding"): a folder's path from the top,
 * each name cleaned, blank levels dropped. A file nested deeper than the readers' MAX_FOLDER_DEPTH files
 * what lies below in the deepest folder kept (Linkvault's own export builds paths from parentId, which no
 * reader caps).
 */
export function folderPathOf(path: readonly string[] | undefined): string[] | null {
  const parts = (path ?? []).flatMap((part) => cleanLine(part, LIMITS.folderName) ?? []);
  return parts.length === 0 ? null : parts.slice(0, MAX_FOLDER_DEPTH);
}

/** A folder path as a map key: the names cannot collide as a joined string could ("a / b" and ["a", "b"]). */
export const folderPathKey = (path: readonly string[]): string => JSON.stringify(path);

/** A colour for a folder the file gives none: the same name always gets the same one. */
export function colorFor(name: string, given?: string | null): FolderColor {
  if (given && (FOLDER_COLORS as readonly string[]).includes(given)) return given as FolderColor;
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return FOLDER_COLORS[hash % FOLDER_COLORS.length] as FolderColor;
}

export const validIso = (value: string | null | undefined): string | null =>
  value && Number.isFinite(Date.parse(value)) ? new Date(value).toISOString() : null;

export function prepareSnippet(snippet: ImportedSnippet): PreparedSnippet | null {
  const text = cleanText(snippet.text, LIMITS.selectedText);
  if (!text) return null;
  const position =
    snippet.positionData === undefined || snippet.positionData === null
      ? null
      : JSON.stringify(snippet.positionData);
  return {
    text,
    note: cleanText(snippet.note, LIMITS.note),
    color: (SNIPPET_COLORS as readonly string[]).includes(snippet.color ?? '')
      ? (snippet.color as string)
      : 'yellow',
    createdAt: validIso(snippet.createdAt),
    updatedAt: validIso(snippet.updatedAt),
    pageTitle: snippet.pageTitle === undefined ? undefined : cleanText(snippet.pageTitle, LIMITS.title),
    contextBefore: cleanText(snippet.contextBefore, LIMITS.context),
    contextAfter: cleanText(snippet.contextAfter, LIMITS.context),
    positionData: position && position.length <= LIMITS.positionDataBytes ? position : null,
    pageUrl: urlOrNull(snippet.pageUrl),
  };
}

/** The entry as it will be written, or why it is skipped. */
export function prepareLink(entry: ImportedLink): PreparedLink | { reason: string } {
  const checked = checkUrl(entry.url);
  if ('reason' in checked) return checked;
  const { url } = checked;
  return {
    position: entry.position,
    url,
    key: urlKey(url),
    // Kept as written (Linkvault's own export gives titles back exactly); each format's reader decides
    // what white space means in its file.
    title: cleanText(entry.title, LIMITS.title) ?? titleForUrl(url),
    description: cleanText(entry.description, LIMITS.description),
    folder: folderPathOf(entry.folder),
    tags: mergeTags([], entry.tags ?? []).slice(0, MAX_TAGS_PER_LINK),
    createdAt: validIso(entry.createdAt),
    // A file says what it likes (a `toread` of "__proto__"): only Linkvault's states are kept.
    state: (LINK_STATES as readonly string[]).includes(entry.state ?? '')
      ? (entry.state as ReadingState)
      : 'unread',
    favorite: entry.favorite ?? false,
    snippets: (entry.snippets ?? [])
      .slice(0, MAX_SNIPPETS_PER_ENTRY)
      .flatMap((snippet) => prepareSnippet(snippet) ?? []),
    enrichment: entry.enrichment ?? null,
    folded: 0,
  };
}

/**
 * Folds `later` (the same page, further down the file) into `first`, by the rules for a page already
 * saved (API.md): tags added, a folder only where there was none, the older date, highlights added.
 */
export function foldInto(first: PreparedLink, later: PreparedLink): void {
  first.tags = mergeTags(first.tags, later.tags).slice(0, MAX_TAGS_PER_LINK);
  first.folder ??= later.folder;
  first.createdAt = older(first.createdAt, later.createdAt);
  first.snippets.push(...later.snippets);
  first.description ??= later.description;
  first.folded += 1 + later.folded;
}

export function older(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return a <= b ? a : b;
}

/**
 * The platform Linkvault's own export names for a link (SPEC.md §3), when it is one Linkvault knows;
 * otherwise the link keeps the one its URL shows, as a save does.
 */
export function exportedPlatform(enrichment: ImportedEnrichment) {
  return (PLATFORMS as readonly string[]).includes(enrichment.platform)
    ? { platform: enrichment.platform, metadata: enrichment.platformMetadata }
    : null;
}
