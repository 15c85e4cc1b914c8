import { createReadStream, statSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import htmlEncodingSniffer from 'html-encoding-sniffer';
import type { FileHead, FileSource } from './types.js';

/** Enough of a file to recognise it: every format names itself (a DOCTYPE, a header row, JSON keys) early. */
export const HEAD_BYTES = 64 * 1024;
/** Pieces a file is read in; big enough to parse efficiently, small enough to keep memory flat. */
const PIECE_BYTES = 256 * 1024;

/** A file held in memory (tests, small uploads). */
export function bufferSource(buffer: Uint8Array): FileSource {
  return {
    size: buffer.byteLength,
    bytes({ start = 0, end = buffer.byteLength } = {}) {
      return Readable.from(slices(buffer, start, end));
    },
  };
}

function* slices(buffer: Uint8Array, start: number, end: number): Generator<Uint8Array> {
  for (let at = start; at < end; at += PIECE_BYTES)
    yield buffer.subarray(at, Math.min(at + PIECE_BYTES, end));
}

/** A file on disk, read as a stream (benchmarks and tools). */
export function pathSource(path: string): FileSource {
  const size = statSync(path).size;
  return {
    size,
    async *bytes({ start = 0, end = size } = {}) {
      if (end <= start) return;
      for await (const piece of createReadStream(path, { start, end: end - 1, highWaterMark: PIECE_BYTES })) {
        yield piece as Buffer;
      }
    },
  };
}

/**
 * The first HEAD_BYTES and the character set the whole file is read in: a byte-order mark, else an HTML
 * <meta charset> (the WHATWG prescan, as browsers do for the Netscape files they write), else UTF-8 when
 * the head is valid UTF-8, else Windows-1252 (what spreadsheet programs save CSV in on Windows).
 */
export async function readHead(source: FileSource): Promise<FileHead> {
  const bytes = await headBytes(source);
  const { charset } = sniffCharset(bytes);
  return { bytes, text: new TextDecoder(charset).decode(bytes, { stream: true }), charset };
}

/**
 * The file as text, piece by piece, in the character set readHead finds; a byte-order mark is dropped. UTF-8
 * that only the head vouched for holds as long as the bytes are UTF-8: a Windows-1252 file whose first
 * HEAD_BYTES are plain ASCII has its first accent further on, and from there it is read as Windows-1252.
 */
export async function* decodedText(source: FileSource): AsyncIterable<string> {
  const { charset, declared } = sniffCharset(await headBytes(source));
  yield* declared || charset !== 'utf-8'
    ? decodedBytes(source.bytes(), charset)
    : inSlices(utf8ThenWindows1252(source.bytes()));
}

/**
 * Text goes to the parsers in slices of this size, not in the file's pieces (1 MB from the database): a
 * parser turns what it is given into entries before the first one is used, and the ~10,000 entries of a
 * megabyte, waiting their turn across many awaits, outlived the young generation and filled the old one
 * (measured: server RSS growth of a 50,000-link import, bench:import).
 */
const TEXT_SLICE_CHARS = 16 * 1024;

async function* inSlices(texts: AsyncIterable<string>): AsyncIterable<string> {
  for await (const text of texts) {
    for (let at = 0; at < text.length; at += TEXT_SLICE_CHARS) yield text.slice(at, at + TEXT_SLICE_CHARS);
  }
}

/** Bytes (a file, or an entry of a ZIP file) as text in `charset`, piece by piece; a byte-order mark is dropped. */
export function decodedBytes(bytes: AsyncIterable<Uint8Array>, charset: string): AsyncIterable<string> {
  return inSlices(decodedWhole(bytes, charset));
}

async function* decodedWhole(bytes: AsyncIterable<Uint8Array>, charset: string): AsyncIterable<string> {
  const decoder = new TextDecoder(charset);
  for await (const piece of bytes) {
    const text = decoder.decode(piece, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

async function headBytes(source: FileSource): Promise<Buffer> {
  const pieces: Uint8Array[] = [];
  let length = 0;
  for await (const piece of source.bytes({ end: Math.min(HEAD_BYTES, source.size) })) {
    pieces.push(piece);
    length += piece.byteLength;
  }
  return Buffer.concat(pieces, length);
}

/** The sniffer answers its default when the file names no charset: '' is none a file can name. */
const UNDECLARED = '';

/** The file's charset, and whether the file names it (a byte-order mark, a <meta charset>). */
function sniffCharset(head: Uint8Array): { charset: string; declared: boolean } {
  const named = htmlEncodingSniffer(head, { defaultEncoding: UNDECLARED });
  if (named !== UNDECLARED) return { charset: named.toLowerCase(), declared: true };
  // The head stops at an arbitrary byte: a character it cuts short is still UTF-8.
  const { whole, endsCut } = utf8Extent(head);
  return { charset: endsCut || whole === head.length ? 'utf-8' : 'windows-1252', declared: false };
}

/**
 * UTF-8 up to the first byte that cannot be UTF-8, Windows-1252 from that byte on. The switch is decided
 * byte by byte, whatever the pieces, so every reading of the file gives the same text.
 */
async function* utf8ThenWindows1252(bytes: AsyncIterable<Uint8Array>): AsyncIterable<string> {
  // No byte-order mark is left to drop (sniffCharset would have named UTF-8 by it): a U+FEFF is text.
  const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
  const windows1252 = new TextDecoder('windows-1252');
  let switched = false;
  let cut: Uint8Array = new Uint8Array(0);
  // Always as a stream: decoding a whole Windows-1252 text at once, Node 20 takes a Latin-1 shortcut that
  // drops the bytes 0x80 to 0x9F ('€', curly quotes, dashes).
  const from1252 = (bytes: Uint8Array) => windows1252.decode(bytes, { stream: true });
  for await (const piece of bytes) {
    if (switched) {
      yield from1252(piece);
      continue;
    }
    const data = cut.length > 0 ? Buffer.concat([cut, piece]) : piece;
    const { whole, endsCut } = utf8Extent(data);
    let text = utf8.decode(data.subarray(0, whole));
    // Copied: a source may reuse the buffer of a piece it has given.
    cut = endsCut ? new Uint8Array(data.subarray(whole)) : new Uint8Array(0);
    if (!endsCut && whole < data.length) {
      switched = true;
      text += from1252(data.subarray(whole));
    }
    if (text) yield text;
  }
  // A character the end of the file cuts short is not UTF-8.
  if (cut.length > 0) yield from1252(cut);
}

/**
 * How many bytes at the start of `bytes` are whole UTF-8 characters, and whether the rest is only the start
 * of one that the end of `bytes` cuts (the WHATWG decoder's rules: no overlong forms, surrogates, or code
 * points past U+10FFFF).
 */
function utf8Extent(bytes: Uint8Array): { whole: number; endsCut: boolean } {
  // Checked natively up to the last character; scanned from there, or from the start when the check fails.
  let from = Math.max(0, bytes.length - 1);
  for (let back = 0; back < 3 && from > 0 && (bytes[from]! & 0xc0) === 0x80; back++) from--;
  if (!isUtf8(bytes.subarray(0, from))) from = 0;
  let at = from;
  while (at < bytes.length) {
    const lead = bytes[at]!;
    const length =
      lead < 0x80 ? 1 : lead < 0xc2 ? 0 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : lead < 0xf5 ? 4 : 0;
    if (length === 0) return { whole: at, endsCut: false };
    // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    for (let i = 1; i < length; i++) {
      if (at + i >= bytes.length) return { whole: at, endsCut: true };
      const byte = bytes[at + i]!;
      if (byte < (i === 1 ? low : 0x80) || byte > (i === 1 ? high : 0xbf))
        return { whole: at, endsCut: false };
    }
    at += length;
  }
  return { whole: at, endsCut: false };
}
