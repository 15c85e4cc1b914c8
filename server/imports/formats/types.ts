import type { ImportFormat } from '../../../contracts/index.js';

/**
 * What a bookmark file says, entry by entry, before anything is checked against the library (DESIGN.md
 * "Imports": one parser per format behind one interface; formats never touch the database). Parsers
 * pass values through as the file writes them (URLs unchecked, strings untrimmed beyond what the format
 * implies); the import writer validates, normalises and caps them.
 */

/** A highlight (and its note) on the page of the entry that carries it. */
export interface ImportedSnippet {
  text: string;
  note?: string | null;
  /** The file's colour name, if any; the writer keeps it when it is one of Linkvault's five. */
  color?: string | null;
  /** ISO-8601; null or absent when the file has none (or an impossible one). */
  createdAt?: string | null;
  updatedAt?: string | null;
  pageTitle?: string | null;
  contextBefore?: string | null;
  contextAfter?: string | null;
  /** Linkvault's own selectors (W3C TextQuote/TextPosition), given back as they were exported. */
  positionData?: unknown;
  /** The page it was made on, where that is not the entry's URL (Linkvault's own export keeps both). */
  pageUrl?: string | null;
}

/** What Linkvault wrote about a link, only in Linkvault's own export: imported as it is, not enriched again. */
export interface ImportedEnrichment {
  summaryShort: string | null;
  summaryLong: string | null;
  keyPoints: string[];
  highlights: string[];
  ogTitle: string | null;
  ogDescription: string | null;
  ogImageUrl: string | null;
  favicon: string | null;
  platform: string;
  platformMetadata: Record<string, unknown>;
  extractionMethod: string | null;
  enrichmentStatus: string;
  lastProcessedAt: string | null;
}

export type ReadingState = 'unread' | 'read' | 'archived';

export interface ImportedLink {
  kind: 'link';
  /** Where a person finds the entry in the file, for the skipped list: "line 12", "row 4", "entry 3". */
  position: string;
  /** As written in the file (may be empty, relative, javascript:…): the writer decides. */
  url: string;
  title?: string | null;
  /** Netscape <DD>, Pinboard "extended", a note or an excerpt. */
  description?: string | null;
  /** Folder names from the outermost in; absent or empty: no folder. */
  folder?: string[];
  tags?: string[];
  /** ISO-8601; null or absent when the file has none (or an impossible one). */
  createdAt?: string | null;
  /** Pocket "archive", Pinboard "toread", Instapaper's Archive folder, Omnivore's state…; absent: unread. */
  state?: ReadingState;
  favorite?: boolean;
  snippets?: ImportedSnippet[];
  enrichment?: ImportedEnrichment;
}

/** A folder as the file declares it, so that empty folders come across too (and Linkvault's colours). */
export interface ImportedFolder {
  kind: 'folder';
  position: string;
  path: string[];
  color?: string | null;
  createdAt?: string | null;
}

/** A highlight on a page that is not an entry of the file (Linkvault's unattached snippets). */
export interface ImportedPageSnippet extends ImportedSnippet {
  kind: 'snippet';
  position: string;
  pageUrl: string;
}

/** An entry the parser itself cannot use (a separator is not an entry; this is for broken ones). */
export interface SkippedEntry {
  kind: 'skip';
  position: string;
  url?: string | null;
  reason: string;
}

export type ImportItem = ImportedLink | ImportedFolder | ImportedPageSnippet | SkippedEntry;

/**
 * The uploaded file, readable from the start as many times as a parser needs (Chrome writes a folder's
 * name after its children, so its parser reads twice), and at any range (a ZIP's directory is at its
 * end). Implementations stream: the file is never in memory whole.
 */
export interface FileSource {
  readonly size: number;
  bytes(range?: { start?: number; end?: number }): AsyncIterable<Uint8Array>;
}

/** The beginning of the file, decoded, for recognising its format. */
export interface FileHead {
  bytes: Uint8Array;
  /** The text of `bytes` in the file's character set, without a byte-order mark. */
  text: string;
  /** A WHATWG encoding label: utf-8, utf-16le, utf-16be, windows-1252… */
  charset: string;
}

export interface FormatReader {
  readonly name: ImportFormat;
  /** Whether the file is of this format, judged from its content (never from its name). */
  detect(source: FileSource, head: FileHead): Promise<boolean>;
  /**
   * The file's items in file order. Deterministic: a resumed import reads the file again and skips the
   * items it already wrote. Throws FileDamaged when the rest of the file cannot be read.
   */
  read(source: FileSource): AsyncIterable<ImportItem>;
}

/** The file cannot be read any further (cut short, an unterminated quote, a ZIP bomb): items before stand. */
export class FileDamaged extends Error {
  constructor(
    message: string,
    /** Where reading stopped, as positions are written ("line 12"); null when unknown. */
    readonly position: string | null = null,
  ) {
    super(message);
  }
}

/** The file is not one Linkvault can import, or is refused whole (answered 400 at upload). */
export class UnsupportedFile extends Error {}

/**
 * Bounds every parser keeps, so that a hostile file costs no more memory than a real one: folders deeper
 * than MAX_FOLDER_DEPTH are filed under their ancestor at that depth, and no string longer than
 * MAX_TEXT_CHARS is kept whole (the writer applies each field's own, smaller limit).
 */
export const MAX_FOLDER_DEPTH = 32;
export const MAX_TEXT_CHARS = 64 * 1024;
/**
 * Distinct folders one file may bring: more than any real library has. Each costs the writer a folder of the
 * library (and the JSON formats, which learn folders by id, their names), so a file of millions of sibling
 * folders costs no more than this.
 */
export const MAX_FOLDERS = 100_000;
/**
 * Highlights one entry may bring: more than any real page has. Parsers stop collecting there, so that a cell
 * or an annotations file of millions of highlights is never held as millions of objects.
 */
export const MAX_SNIPPETS_PER_ENTRY = 1000;
