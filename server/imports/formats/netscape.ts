import { fromUnixTime } from './dates.js';
import { anchorItem, readTokens, type Anchor, type HtmlToken, type TokenReader } from './html-tokens.js';
import { FolderLimit } from './folder-limit.js';
import { capped } from './text.js';
import { collapseWhitespace } from '../../lib/text.js';
import { MAX_FOLDER_DEPTH, type FormatReader, type ImportItem, type ReadingState } from './types.js';

/**
 * The Netscape bookmark file every browser and most services write: folders are <DT><H3> followed by a <DL>
 * of their entries, bookmarks are <DT><A HREF ADD_DATE TAGS>, and a <DD> after an <A> holds its note.
 * Exporters disagree on everything else (closing tags, case, line breaks inside entries), so the reader
 * follows the few tags that carry meaning and ignores the rest.
 */
export const netscape: FormatReader = {
  name: 'netscape',
  detect: (_source, head) => Promise.resolve(looksLikeNetscape(head.text)),
  read: (source) => readTokens(source, KEPT_ATTRIBUTES, new NetscapeReader()),
};

function looksLikeNetscape(text: string): boolean {
  if (!/^\s*</.test(text)) return false;
  if (/<!DOCTYPE\s+NETSCAPE-Bookmark-file/i.test(text)) return true;
  // Google Bookmarks and hand-written files leave the DOCTYPE out: a list whose terms are bookmarks or
  // folders, with the dates or title only bookmark files have (a page of definitions has neither).
  return (
    /<dl[\s>]/i.test(text) &&
    /<dt>\s*<(?:h3|a\s[^>]{0,2000}?\bhref)/i.test(text) &&
    (/\badd_date\s*=/i.test(text) || /<title>\s*bookmarks\s*<\/title>/i.test(text))
  );
}

const KEPT_ATTRIBUTES = new Set(['href', 'feedurl', 'add_date', 'tags', 'toread', 'description']);

type Reading = 'nothing' | 'title' | 'entry' | 'description' | 'folder name';

class NetscapeReader implements TokenReader {
  private readonly folders = new FolderStack();
  private readonly limit = new FolderLimit();
  private reading: Reading = 'nothing';
  /** The bookmark being read, given out once its <DD> (if any) is read too. */
  private entry: (Anchor & { description: string }) | null = null;
  private folder: { line: number; name: string; addDate: string | undefined } | null = null;
  /** The folder whose <DL> comes next: its entries go in it. */
  private opening: string[] | null = null;

  *take(token: HtmlToken): Generator<ImportItem> {
    if (token.kind === 'text') this.addText(token.text);
    else if (token.kind === 'open') yield* this.open(token.name, token.line, token.attributes);
    else yield* this.close(token.name);
  }

  *finish(): Generator<ImportItem> {
    yield* this.endEntry();
    yield* this.endFolderName();
  }

  private *open(name: string, line: number, attributes: ReadonlyMap<string, string>): Generator<ImportItem> {
    switch (name) {
      case 'a':
        // Shaarli and Delicious notes may hold HTML, links included: part of the note, not bookmarks.
        if (this.reading === 'description') return;
        yield* this.endStructure();
        this.entry = { line, attributes, text: '', description: '' };
        this.reading = 'title';
        return;
      case 'dd':
        // A <DD> after an <H3> describes the folder: not kept.
        this.reading = this.entry ? 'description' : 'nothing';
        return;
      case 'br':
        if (this.reading === 'description') this.addText('\n');
        return;
      case 'h3':
        yield* this.endStructure();
        this.folder = { line, name: '', addDate: attributes.get('add_date') };
        this.reading = 'folder name';
        return;
      case 'dl':
        yield* this.endEntry();
        yield* this.endFolderName();
        this.folders.enter(this.opening ?? this.folders.current);
        this.opening = null;
        this.reading = 'nothing';
        return;
      case 'dt':
      case 'hr':
        yield* this.endStructure();
        return;
    }
  }

  private *close(name: string): Generator<ImportItem> {
    switch (name) {
      case 'a':
        if (this.reading === 'title') this.reading = 'entry';
        return;
      case 'h3':
        yield* this.endFolderName();
        return;
      case 'dd':
        if (this.reading === 'description') this.reading = 'entry';
        return;
      case 'dl':
        yield* this.endStructure();
        this.folders.leave();
        return;
    }
  }

  private addText(text: string): void {
    const { entry, folder } = this;
    if (this.reading === 'title' && entry) entry.text = capped(entry.text, text);
    if (this.reading === 'description' && entry) entry.description = capped(entry.description, text);
    if (this.reading === 'folder name' && folder) folder.name = capped(folder.name, text);
  }

  /** What a tag that starts a new part of the tree ends: the bookmark or folder name before it. */
  private *endStructure(): Generator<ImportItem> {
    yield* this.endEntry();
    yield* this.endFolderName();
    this.opening = null;
    this.reading = 'nothing';
  }

  private *endEntry(): Generator<ImportItem> {
    const entry = this.entry;
    if (!entry) return;
    this.entry = null;
    const folder = this.folders.current;
    const state = READING_STATES.get(entry.attributes.get('toread') ?? '');
    // Scuttle writes the note as an attribute.
    const description = entry.description.trim() || entry.attributes.get('description')?.trim();
    yield anchorItem(entry, 'add_date', {
      ...(description && { description }),
      ...(folder.length > 0 && { folder }),
      ...(state && { state }),
    });
  }

  private *endFolderName(): Generator<ImportItem> {
    const folder = this.folder;
    if (!folder) return;
    this.folder = null;
    this.reading = 'nothing';
    const parent = this.folders.current;
    const path = [...parent, collapseWhitespace(folder.name)];
    // Deeper than MAX_FOLDER_DEPTH, or past MAX_FOLDERS, a folder's entries go in its parent (counted
    // before it).
    if (parent.length >= MAX_FOLDER_DEPTH || this.limit.within(path).length < path.length) {
      yield* this.limit.notice(`line ${folder.line}`);
      this.opening = parent;
      return;
    }
    this.opening = path;
    yield {
      kind: 'folder',
      position: `line ${folder.line}`,
      path: this.opening,
      createdAt: fromUnixTime(folder.addDate),
    };
  }
}

/** Pinboard's (and linkding's) TOREAD: "1" is on the reading list, "0" has been read. */
const READING_STATES = new Map<string, ReadingState>([
  ['1', 'unread'],
  ['0', 'read'],
]);

/**
 * The folder path of each open <DL>, outermost first. Nested lists that do not go deeper (a <DL> with no
 * <H3> before it, or folders past MAX_FOLDER_DEPTH) share their parent's path, and are counted rather than
 * stored: 10,000 nested lists cost one entry, not 10,000. Every entry of a folder shares its path array.
 */
class FolderStack {
  private readonly levels: { path: string[]; count: number }[] = [{ path: [], count: 1 }];

  get current(): string[] {
    return this.top.path;
  }

  enter(path: string[]): void {
    if (this.top.path === path) this.top.count++;
    else this.levels.push({ path, count: 1 });
  }

  /** A </DL> with none open (a file with one too many) changes nothing. */
  leave(): void {
    if (this.levels.length === 1 && this.top.count === 1) return;
    this.top.count--;
    if (this.top.count === 0) this.levels.pop();
  }

  private get top() {
    // The root level is never left, so there is always one.
    return this.levels[this.levels.length - 1]!;
  }
}
