import { describe, expect, it } from 'vitest';
import { seal, unseal } from './seal.js';

describe('seal', () => {
  it('opens with the same secret and purpose only', () => {
    const sealed = seal('lvr_secret', 'refresh successor', '{"a":1}');
    expect(sealed).not.toContain('"a"');
    expect(unseal('lvr_secret', 'refresh successor', sealed)).toBe('{"a":1}');
    expect(unseal('lvr_other', 'refresh successor', sealed)).toBeNull();
    expect(unseal('lvr_secret', 'another purpose', sealed)).toBeNull();
  });

  it('refuses altered or cut text', () => {
    const sealed = seal('lvr_secret', 'p', 'hello');
    const bytes = Buffer.from(sealed, 'base64url');
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
    expect(unseal('lvr_secret', 'p', bytes.toString('base64url'))).toBeNull();
    expect(unseal('lvr_secret', 'p', sealed.slice(0, 10))).toBeNull();
  });

  it('seals the same text differently each time', () => {
    expect(seal('s', 'p', 'x')).not.toBe(seal('s', 'p', 'x'));
  });
});
