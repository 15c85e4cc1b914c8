import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { MAX_WEB_PROCESSES, loadConfig } from './config.js';

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

describe('SMTP_URL and MAIL_FROM', () => {
  it('sends no mail unset or empty', () => {
    expect(loadConfig({}).mail).toBeNull();
    expect(loadConfig({ SMTP_URL: '' }).mail).toBeNull();
  });

  it('takes an smtp:// or smtps:// URL, from Linkvault at PUBLIC_URL’s host unless MAIL_FROM says', () => {
    expect(
      loadConfig({ SMTP_URL: 'smtps://me:secret@mail.example:465', PUBLIC_URL: 'https://vault.example' })
        .mail,
    ).toEqual({ smtpUrl: 'smtps://me:secret@mail.example:465', from: 'Linkvault <linkvault@vault.example>' });
    expect(loadConfig({ SMTP_URL: 'smtp://localhost:25', MAIL_FROM: 'Vault <v@home.example>' }).mail).toEqual(
      {
        smtpUrl: 'smtp://localhost:25',
        from: 'Vault <v@home.example>',
      },
    );
  });

  it('refuses another kind of URL, without printing it', () => {
    expect(() => loadConfig({ SMTP_URL: 'https://me:secret@mail.example' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'https://me:secret@mail.example' })).not.toThrow(/secret/);
  });
});

describe('WEB_PROCESSES', () => {
  it('is the server itself unless set; auto is one per core, up to 64', () => {
    expect(loadConfig({}, false).webProcesses).toBeNull();
    expect(loadConfig({ WEB_PROCESSES: '1' }, false).webProcesses).toBe(1);
    expect(loadConfig({ WEB_PROCESSES: '4' }, false).webProcesses).toBe(4);
    expect(loadConfig({ WEB_PROCESSES: 'auto' }, false).webProcesses).toBe(
      Math.min(availableParallelism(), MAX_WEB_PROCESSES),
    );
  });

  it('refuses anything but auto or a whole number from 1 to 64, saying which', () => {
    for (const value of ['0', '65', '1.5', 'many', '', '-2'])
      expect(() => loadConfig({ WEB_PROCESSES: value }, false), value).toThrow(
        'Invalid configuration: WEB_PROCESSES: must be auto (one per core) or a whole number from 1 to 64',
      );
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('leaves the pool to the connection budget unless set, and takes 2 or more', () => {
    expect(loadConfig({}, false).databasePoolSize).toBeNull();
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }, false).databasePoolSize).toBe(25);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' }, false)).toThrow(/DATABASE_POOL_SIZE/);
  });
});
