import { describe, expect, it } from 'vitest';
import { decodedText } from './source.js';
import type { FileSource } from './types.js';

/** `bytes` served in pieces of `size` bytes, so that a character may be cut between two. */
const piecesOf = (bytes: Uint8Array, size: number): FileSource => ({
  size: bytes.length,
  async *bytes({ start = 0, end = bytes.length } = {}) {
    for (let at = start; at < end; at += size) {
      await Promise.resolve();
      yield bytes.subarray(at, Math.min(at + size, end));
    }
  },
});

async function textOf(source: FileSource): Promise<string> {
  let text = '';
  for await (const piece of decodedText(source)) text += piece;
  return text;
}

describe('decodedText of a file that names no character set', () => {
  const ascii = 'plain line\n'.repeat(7000);

  it('reads UTF-8 whole, whatever pieces cut its characters', async () => {
    const text = `${ascii}café, 東京, 😀, \uFEFF inside\n`.repeat(3);
    for (const size of [1, 3, 7, 64 * 1024]) {
      expect(await textOf(piecesOf(Buffer.from(text), size))).toBe(text);
    }
  });

  it('reads Windows-1252 from its first byte that is not UTF-8, after 64 KB of ASCII, the same in any pieces', async () => {
    const bytes = Buffer.concat([Buffer.from(`${ascii}é is `), Buffer.from([0xe9, 0x20, 0x80, 0x0a])]);
    const expected = `${ascii}é is é €\n`;
    for (const size of [1, 2, 5, 256 * 1024]) expect(await textOf(piecesOf(bytes, size))).toBe(expected);
  });

  it('reads a character cut short by the end of the file as Windows-1252', async () => {
    const bytes = Buffer.concat([Buffer.from(ascii), Buffer.from([0xc3])]);
    expect(await textOf(piecesOf(bytes, 4096))).toBe(`${ascii}Ã`);
  });
});
