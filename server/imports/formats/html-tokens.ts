import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { fromUnixTime } from './dates.js';
import { decodedText } from './source.js';
import { capped, splitList } from './text.js';
import { collapseWhitespace } from '../../lib/text.js';
import {
  MAX_TEXT_CHARS,
  type FileSource,
  type ImportItem,
  type ImportedLink,
  type SkippedEntry,
} from './types.js';

/**
 * Bookmark HTML (Netscape, Pocket's ril_export.html) as a flat stream of tags and text. The readers keep
 * their own small state (the folder path, the entry being read) instead of a DOM, so a file costs the memory
 * of one piece of it, however long or deeply nested it is.
 */
export type HtmlToken =
  | { kind: 'open'; name: string; attributes: ReadonlyMap<string, string>; line: number }
  | { kind: 'close'; name: string }
  | { kind: 'text'; text: string };

/** Names longer than this are not names any reader looks for: they are not kept. */
const MAX_NAME_CHARS = 64;
/**
 * How much of the text already tokenized stays at hand. htmlparser2's tokenizer reports positions, and a tag
 * or attribute name may begin in an earlier piece than the one being read; names are short, so a window this
 * size always holds them, whatever the size of the pieces.
 */
const WINDOW_CHARS = 1024 * 1024;

/**
 * The tags and text of the HTML file in `source`, piece by piece, with entities decoded, tag and attribute
 * names lower-cased, and only the attributes named in `keep` (a Firefox export carries each favicon as a
 * data: URI: those are skipped, never accumulated). Attribute values and runs of text are cut at MAX_TEXT_CHARS.
 */
async function* htmlTokens(source: FileSource, keep: ReadonlySet<string>): AsyncGenerator<HtmlToken[]> {
  const window = new TextWindow();
  const tokens: HtmlToken[] = [];
  const tokenizer = new Tokenizer({ decodeEntities: true }, tokenCallbacks(window, keep, tokens));
  // The tokens of each piece are given out together: one await per piece, not per tag.
  for await (const piece of decodedText(source)) {
    window.add(piece);
    tokenizer.write(piece);
    yield tokens.splice(0);
    window.forgetOld();
  }
  tokenizer.end();
  yield tokens.splice(0);
}

/** A reader of bookmark HTML: the items each token completes, and those the end of the file completes. */
export interface TokenReader {
  take(token: HtmlToken): Iterable<ImportItem>;
  finish(): Iterable<ImportItem>;
}

/** The items `reader` makes of the HTML file in `source`, keeping the attributes named in `keep`. */
export async function* readTokens(
  source: FileSource,
  keep: ReadonlySet<string>,
  reader: TokenReader,
): AsyncGenerator<ImportItem> {
  for await (const tokens of htmlTokens(source, keep)) {
    for (const token of tokens) yield* reader.take(token);
  }
  yield* reader.finish();
}

function tokenCallbacks(
  window: TextWindow,
  keep: ReadonlySet<string>,
  tokens: HtmlToken[],
): TokenizerCallbacks {
  let tag = { name: '', start: 0, attributes: new Map<string, string>() };
  let attribute: { name: string; value: string } | null = null;

  const nameAt = (start: number, end: number) =>
    end - start > MAX_NAME_CHARS ? '' : window.slice(start, end).toLowerCase();
  const addText = (text: string) => {
    const last = tokens.at(-1);
    if (last?.kind === 'text') last.text = capped(last.text, text);
    else tokens.push({ kind: 'text', text: capped('', text) });
  };
  const addToValue = (text: string) => {
    if (attribute) attribute.value = capped(attribute.value, text);
  };
  const openTag = () => {
    tokens.push({ kind: 'open', name: tag.name, attributes: tag.attributes, line: window.lineAt(tag.start) });
  };

  return {
    ontext: (start, end) => addText(window.slice(start, end)),
    ontextentity: (codepoint) => addText(String.fromCodePoint(codepoint)),
    onopentagname: (start, end) => {
      // The tag starts at its '<', just before the name.
      tag = { name: nameAt(start, end), start: start - 1, attributes: new Map() };
    },
    onattribname: (start, end) => {
      const name = nameAt(start, end);
      // The first of two same-named attributes counts, as in browsers.
      attribute = keep.has(name) && !tag.attributes.has(name) ? { name, value: '' } : null;
    },
    onattribdata: (start, end) => {
      if (attribute) addToValue(window.slice(start, Math.min(end, start + MAX_TEXT_CHARS)));
    },
    onattribentity: (codepoint) => addToValue(String.fromCodePoint(codepoint)),
    onattribend: () => {
      if (attribute) tag.attributes.set(attribute.name, attribute.value);
      attribute = null;
    },
    onopentagend: openTag,
    onselfclosingtag: openTag,
    onclosetag: (start, end) => tokens.push({ kind: 'close', name: nameAt(start, end) }),
    oncomment: () => undefined,
    oncdata: () => undefined,
    ondeclaration: () => undefined,
    onprocessinginstruction: () => undefined,
    onend: () => undefined,
  };
}

/** An <A> of a bookmark file, with the text it encloses. */
export interface Anchor {
  line: number;
  attributes: ReadonlyMap<string, string>;
  text: string;
}

/**
 * The link an <A> stands for: its HREF as written (a Firefox live bookmark may have only its FEEDURL), its
 * text as the title, `dateAttribute` (seconds since 1970) as the date and its comma-separated TAGS. An <A>
 * without an address is a skipped entry, so that every <A> of the file is accounted for.
 */
export function anchorItem(
  anchor: Anchor,
  dateAttribute: string,
  details: Omit<Partial<ImportedLink>, 'kind'> = {},
): ImportedLink | SkippedEntry {
  const position = `line ${anchor.line}`;
  const url = anchor.attributes.get('href') ?? anchor.attributes.get('feedurl');
  if (url === undefined) return { kind: 'skip', position, reason: 'The bookmark has no address (HREF)' };
  const tags = splitList(anchor.attributes.get('tags'), ',');
  return {
    kind: 'link',
    position,
    url,
    title: collapseWhitespace(anchor.text) || null,
    createdAt: fromUnixTime(anchor.attributes.get(dateAttribute)),
    ...(tags.length > 0 && { tags }),
    ...details,
  };
}

/**
 * The most recent WINDOW_CHARS of decoded text, by offset from the start of the file, and the line number
 * of any offset in it: newlines are counted once, as the window moves on.
 */
class TextWindow {
  private readonly pieces: { start: number; text: string }[] = [];
  private end = 0;
  private countedTo = 0;
  private line = 1;

  add(text: string): void {
    this.pieces.push({ start: this.end, text });
    this.end += text.length;
  }

  slice(start: number, end: number): string {
    let text = '';
    for (const piece of this.pieces) {
      if (piece.start + piece.text.length <= start || piece.start >= end) continue;
      text += piece.text.slice(Math.max(0, start - piece.start), end - piece.start);
    }
    return text;
  }

  /** The line `offset` is on. Offsets are asked in file order; one already passed gets the current line. */
  lineAt(offset: number): number {
    for (const piece of this.pieces) {
      const pieceEnd = piece.start + piece.text.length;
      if (this.countedTo >= offset) break;
      if (pieceEnd <= this.countedTo) continue;
      const to = Math.min(offset, pieceEnd);
      this.line += countNewlines(piece.text, this.countedTo - piece.start, to - piece.start);
      this.countedTo = to;
    }
    return this.line;
  }

  /** Lets go of the oldest pieces that the window no longer needs, counting their lines first. */
  forgetOld(): void {
    let second = this.pieces[1];
    while (second && this.end - second.start >= WINDOW_CHARS) {
      this.lineAt(second.start);
      this.pieces.shift();
      second = this.pieces[1];
    }
  }
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
