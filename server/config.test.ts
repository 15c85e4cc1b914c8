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

describe('METRICS_TOKEN', () => {
  it('turns metrics on with its value, and leaves them off unset or empty', () => {
    expect(loadConfig({ METRICS_TOKEN: 'a-token-of-32-characters-or-so-x' }).metricsToken).toBe(
      'a-token-of-32-characters-or-so-x',
    );
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeNull();
  });

  it('refuses a token short enough to guess, without printing it', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'hunter2' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: 'hunter2' })).not.toThrow(/hunter2/);
  });
});
