import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('LOG_FORMAT', () => {
  it('is pretty for a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
  });

  it('refuses another format', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'xml' }, false)).toThrow(/LOG_FORMAT/);
  });
});
