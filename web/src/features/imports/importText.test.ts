import { describe, expect, it } from 'vitest';
import { IMPORT_FORMAT_LABELS } from '../../../../contracts/import-formats.js';
import { importCounts, importPercent, importProgress, splitFormatList } from './importText';

const resultLine = (counts: { created: number; merged: number; skipped: number }) =>
  importCounts(counts).join(', ');

describe('import counts', () => {
  it('says what was added, already saved and skipped, with thousands separators', () => {
    expect(resultLine({ created: 4812, merged: 188, skipped: 3 })).toBe(
      '4,812 added, 188 already saved, 3 skipped',
    );
    expect(resultLine({ created: 1, merged: 0, skipped: 1 })).toBe('1 added, 0 already saved, 1 skipped');
    expect(resultLine({ created: 1_234_567, merged: 12_000, skipped: 0 })).toBe(
      '1,234,567 added, 12,000 already saved, 0 skipped',
    );
  });

  it('counts entries done of the file, singular and plural', () => {
    expect(importProgress({ processed: 1234, total: 5000 })).toBe('1,234 of 5,000 entries');
    expect(importProgress({ processed: 1, total: 1 })).toBe('1 of 1 entry');
    expect(importProgress({ processed: 0, total: 0 })).toBe('0 of 0 entries');
    expect(importProgress({ processed: 250, total: null })).toBe('250 entries so far');
    expect(importProgress({ processed: 1, total: null })).toBe('1 entry so far');
  });

  it('gives the share done, rounded down so 100 means finished', () => {
    expect(importPercent({ processed: 1234, total: 5000 })).toBe(24);
    expect(importPercent({ processed: 4999, total: 5000 })).toBe(99);
    expect(importPercent({ processed: 5000, total: 5000 })).toBe(100);
    expect(importPercent({ processed: 0, total: 0 })).toBe(100);
    expect(importPercent({ processed: 10, total: null })).toBeNull();
  });
});

describe('splitFormatList', () => {
  it('lists the formats of the server’s unsupported_format message', () => {
    const labels = Object.values(IMPORT_FORMAT_LABELS);
    // As the server writes it (server/imports/formats/index.ts).
    const message = `Linkvault cannot read this file. It reads: ${labels.join('; ')}.`;
    expect(splitFormatList(message)).toEqual({ lead: 'Linkvault cannot read this file.', formats: labels });
  });

  it('keeps any other message whole', () => {
    expect(splitFormatList('The ZIP file is damaged')).toEqual({
      lead: 'The ZIP file is damaged',
      formats: [],
    });
  });
});
