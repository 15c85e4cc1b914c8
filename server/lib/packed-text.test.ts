import { describe, expect, it } from 'vitest';
import { packText, unpackText, unpackTextStart } from './packed-text.js';

describe('packed text', () => {
  const page = Array.from(
    { length: 2_000 },
    (_, i) => `Ligne ${i}: le café du port, 東京の港 ${i * 7}.`,
  ).join('\n');
  const packed = packText(page);

  it('unpacks to the text it packed', () => {
    expect(packed.byteLength).toBeLessThan(page.length / 3);
    expect(unpackText(packed)).toBe(page);
  });

  it("unpacks a packing's first bytes to the text's start, a split character ending it as U+FFFD", () => {
    for (const bytes of [1, 64, 700, 1_024, 5_000]) {
      const start = unpackTextStart(packed, bytes);
      expect(start.whole).toBe(false);
      expect(page.startsWith(start.text.replace(/\uFFFD$/, ''))).toBe(true);
    }
    expect(unpackTextStart(packed, 1_024).text.length).toBeGreaterThan(1_024);
    expect(unpackTextStart(packed, packed.byteLength)).toEqual({ text: page, whole: true });
  });
});
