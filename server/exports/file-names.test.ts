import { describe, expect, it } from 'vitest';
import { UniqueNames, safeName, slug } from './file-names.js';

describe('export file names', () => {
  it('slugs titles: lower case, dashes, accents dropped, letters of every script kept', () => {
    expect(slug('Deep Work: Rules for Focused Success!')).toBe('deep-work-rules-for-focused-success');
    expect(slug('Crème brûlée — à la française')).toBe('creme-brulee-a-la-francaise');
    expect(slug('日本語のタイトル 2024')).toBe('日本語のタイトル-2024');
    expect(slug('🦊 🦊')).toBe('untitled');
    expect(slug('')).toBe('untitled');
  });

  it('keeps folder names readable but without characters any file system refuses', () => {
    expect(safeName('Work / Reading')).toBe('Work - Reading');
    expect(safeName('a<b>c:d"e\\f|g?h*i')).toBe('a-b-c-d-e-f-g-h-i');
    expect(safeName('tab\there\nnewline\u0000nul')).toBe('tab-here-newline-nul');
    expect(safeName('.hidden')).toBe('hidden');
    expect(safeName('trailing dots... ')).toBe('trailing dots');
  });

  it('steers clear of Windows device names, with or without an extension', () => {
    for (const name of ['CON', 'con', 'Aux', 'nul', 'COM1', 'lpt9', 'con.txt'])
      expect(safeName(name)).toBe(`_${name}`);
    expect(slug('PRN')).toBe('_prn');
    expect(safeName('Console')).toBe('Console');
  });

  it('bounds a name to 120 bytes of UTF-8, never splitting a character', () => {
    expect(slug('a'.repeat(500))).toBe('a'.repeat(120));
    const cut = slug('語'.repeat(100));
    expect(cut).toBe('語'.repeat(40));
    expect(Buffer.byteLength(safeName('🦊'.repeat(100)))).toBe(120);
  });

  it('hands out each name once in a folder, without regard to case, around reserved names', () => {
    const names = new UniqueNames(['index']);
    expect(['same', 'Same', 'SAME', 'index', 'same-2'].map((name) => names.claim(name))).toEqual([
      'same',
      'Same-2',
      'SAME-3',
      'index-2',
      'same-2-2',
    ]);
  });
});
