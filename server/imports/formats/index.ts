import { IMPORT_FORMAT_LABELS, type ImportFormat } from '../../../contracts/index.js';
import { chromeJson } from './chrome-json.js';
import { firefoxJson } from './firefox-json.js';
import { instapaperCsv } from './instapaper-csv.js';
import { karakeepJson } from './karakeep-json.js';
import { linkvaultJson } from './linkvault-json.js';
import { linkwardenJson } from './linkwarden-json.js';
import { netscape } from './netscape.js';
import { omnivore } from './omnivore.js';
import { pinboardJson } from './pinboard-json.js';
import { pocketCsv } from './pocket-csv.js';
import { pocketHtml } from './pocket-html.js';
import { raindropCsv } from './raindrop-csv.js';
import { readHead } from './source.js';
import { readwiseCsv } from './readwise-csv.js';
import type { FileSource, FormatReader } from './types.js';
import { wallabagJson } from './wallabag-json.js';

export type { FileSource, ImportItem } from './types.js';
export { FileDamaged, UnsupportedFile } from './types.js';

/**
 * Every format, most particular first: each is recognised by what only it writes (JSON keys, a CSV
 * header row, Pocket's HTML before the Netscape file it resembles).
 */
export const FORMAT_READERS: readonly FormatReader[] = [
  linkvaultJson,
  karakeepJson,
  linkwardenJson,
  chromeJson,
  firefoxJson,
  omnivore,
  wallabagJson,
  pinboardJson,
  pocketCsv,
  raindropCsv,
  instapaperCsv,
  readwiseCsv,
  pocketHtml,
  netscape,
];

const BY_NAME = new Map(FORMAT_READERS.map((reader) => [reader.name, reader]));

export function readerFor(format: ImportFormat): FormatReader {
  const reader = BY_NAME.get(format);
  if (!reader) throw new Error(`no reader for ${format}`);
  return reader;
}

/** The format of the file, recognised by its content; null when no format fits. */
export async function detectFormat(source: FileSource): Promise<ImportFormat | null> {
  if (source.size === 0) return null;
  const head = await readHead(source);
  for (const reader of FORMAT_READERS) {
    if (await reader.detect(source, head)) return reader.name;
  }
  return null;
}

/** What `unsupported_format` says (API.md): the formats a file may be in. */
export const SUPPORTED_FORMATS_MESSAGE = `Linkvault cannot read this file. It reads: ${Object.values(
  IMPORT_FORMAT_LABELS,
).join('; ')}.`;
