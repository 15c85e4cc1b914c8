import { describe, expect, it } from 'vitest';
import { attachmentName } from './client';

describe('attachmentName', () => {
  it('reads the file name the server gives a download', () => {
    expect(attachmentName('attachment; filename="linkvault-2025-10-20.zip"')).toBe(
      'linkvault-2025-10-20.zip',
    );
    expect(attachmentName('ATTACHMENT; FILENAME="linkvault-import-skipped-2025-10-20.csv"')).toBe(
      'linkvault-import-skipped-2025-10-20.csv',
    );
  });

  it('has none without a header or a name in it', () => {
    expect(attachmentName(null)).toBeNull();
    expect(attachmentName('attachment')).toBeNull();
    expect(attachmentName('attachment; filename=""')).toBeNull();
  });
});
