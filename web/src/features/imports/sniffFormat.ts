import type { ImportFormat } from '../../../../contracts/index.js';

/**
 * A first look at a chosen file, to tell the person what Linkvault sees in it before anything is sent.
 * Only a hint: the server recognises the file by its content (API.md) and has the last word, so this
 * stays small (the signs each format opens with) and the upload never names a format.
 */

const HEAD_BYTES = 64 * 1024;
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

export async function sniffFormat(file: Blob): Promise<ImportFormat | null> {
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  if (ZIP_SIGNATURE.every((byte, at) => head[at] === byte)) {
    // A ZIP lists its entries' names in the directory at its end (and before each entry).
    const tail = new Uint8Array(await file.slice(-HEAD_BYTES).arrayBuffer());
    return sniffZipNames(latin1(head) + latin1(tail));
  }
  return sniffText(decodeHead(head));
}

/** Pocket's export ZIP holds part_000000.csv; Omnivore's, metadata_0_to_20.json. */
export function sniffZipNames(names: string): ImportFormat | null {
  if (/\bpart_\d+\.csv/.test(names)) return 'pocket-csv';
  if (/metadata_\d+_to_\d+\.json/.test(names)) return 'omnivore';
  return null;
}

/** The file's first characters: an HTML file, a JSON document or a CSV header row. */
export function sniffText(text: string): ImportFormat | null {
  const start = text.trimStart();
  if (start.startsWith('<')) return sniffHtml(start);
  if (start.startsWith('{') || start.startsWith('[')) return sniffJson(start);
  return sniffCsv(start.split(/\r?\n/, 1)[0] ?? '');
}

function sniffHtml(text: string): ImportFormat | null {
  if (/<title>\s*Pocket Export/i.test(text) || /<li>\s*<a\s[^>]*\btime_added\s*=/i.test(text)) {
    return 'pocket-html';
  }
  if (/<!DOCTYPE\s+NETSCAPE-Bookmark-file/i.test(text)) return 'netscape';
  return /<dl[\s>]/i.test(text) && /<dt>\s*<(?:h3|a\s)/i.test(text) ? 'netscape' : null;
}

/** JSON keys only each tool writes, most particular first (the head may end mid-document). */
const JSON_SIGNS: [ImportFormat, RegExp][] = [
  ['linkvault-json', /"format"\s*:\s*"linkvault"/],
  ['chrome-json', /"roots"\s*:\s*\{/],
  ['firefox-json', /"guid"\s*:\s*"root________"|"type"\s*:\s*"text\/x-moz-place-container"/],
  ['linkwarden-json', /"collections"\s*:\s*\[/],
  ['karakeep-json', /"bookmarks"\s*:\s*\[/],
  ['omnivore', /"savedAt"\s*:/],
  ['wallabag-json', /"is_archived"\s*:/],
  ['pinboard-json', /"href"\s*:[\s\S]*"time"\s*:/],
];

function sniffJson(text: string): ImportFormat | null {
  return JSON_SIGNS.find(([, sign]) => sign.test(text))?.[0] ?? null;
}

/** Header rows, by the columns each tool writes. */
const CSV_COLUMNS: [ImportFormat, string[]][] = [
  ['pocket-csv', ['url', 'time_added', 'status']],
  ['raindrop-csv', ['url', 'excerpt', 'highlights']],
  ['instapaper-csv', ['url', 'title', 'selection', 'folder']],
  ['readwise-csv', ['highlight', 'book title']],
  ['readwise-csv', ['highlight', 'title', 'url']],
];

function sniffCsv(headerRow: string): ImportFormat | null {
  const columns = new Set(
    headerRow.split(',').map((cell) => cell.trim().replace(/^"|"$/g, '').toLowerCase()),
  );
  return CSV_COLUMNS.find(([, wanted]) => wanted.every((name) => columns.has(name)))?.[0] ?? null;
}

/** UTF-16 files announce themselves with a byte-order mark; anything else reads as UTF-8 well enough here. */
function decodeHead(bytes: Uint8Array): string {
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? 'utf-16le'
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? 'utf-16be'
        : 'utf-8';
  return new TextDecoder(encoding).decode(bytes);
}

const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);
