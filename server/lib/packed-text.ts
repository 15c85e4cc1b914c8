import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

/**
 * Text kept compressed in the database (a page's reader HTML, its plain text, its archived copy): Brotli
 * at quality 5 packs article HTML to about a fifth for a millisecond or two per page, where the highest
 * quality saves a few per cent more at ten times the time. Node's own zlib: no dependency.
 */
export function packText(text: string): Uint8Array<ArrayBuffer> {
  const packed = brotliCompressSync(text, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
    },
  });
  return new Uint8Array(packed.buffer, packed.byteOffset, packed.byteLength);
}

export function unpackText(packed: Uint8Array): string {
  return brotliDecompressSync(packed).toString('utf8');
}

/**
 * What the first `bytes` of a packed text unpack to, and whether that is the whole text. A prefix of the
 * packing unpacks to a prefix of the text, for a share of the time: a search's excerpt is mostly near a
 * page's start. A character the cut splits ends the start as U+FFFD.
 */
export function unpackTextStart(packed: Uint8Array, bytes: number): { text: string; whole: boolean } {
  if (packed.byteLength <= bytes) return { text: unpackText(packed), whole: true };
  const start = brotliDecompressSync(packed.subarray(0, bytes), {
    finishFlush: constants.BROTLI_OPERATION_FLUSH,
  });
  return { text: start.toString('utf8'), whole: false };
}
