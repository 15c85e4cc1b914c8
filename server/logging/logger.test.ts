import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { LogFormat } from '../config.js';
import { REDACTED, SECRET_FIELDS, createLogger, loggedPath, pathOf } from './logger.js';

function capture(format: LogFormat) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger('info', format, stream), lines };
}

const SECRET = 'lvp_hunter2-hunter2-hunter2';

describe('the JSON logger', () => {
  it('writes one object per line', () => {
    const { logger, lines } = capture('json');
    logger.info({ linkId: 'l1' }, 'saved');
    logger.warn('careful\nthis message has two lines');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ level: 30, linkId: 'l1', msg: 'saved' });
  });

  it('censors credential headers however they are spelled, and credential fields', () => {
    const { logger, lines } = capture('json');
    logger.warn({
      req: { headers: { authorization: `Bearer ${SECRET}` } },
      headers: { Authorization: `Bearer ${SECRET}`, cookie: `a=${SECRET}`, 'Set-Cookie': [SECRET] },
      response: { headers: { 'set-cookie': [SECRET] } },
      body: Object.fromEntries(SECRET_FIELDS.map((field) => [field, SECRET])),
      query: { code: SECRET },
      password: SECRET,
      form: { newPassword: SECRET, client_secret: SECRET },
    });
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      headers: { Authorization: REDACTED, cookie: REDACTED },
      body: { password: REDACTED, code: REDACTED },
    });
  });

  it("keeps an error's code, message and stack", () => {
    const { logger, lines } = capture('json');
    logger.error({ err: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }, 'no database');
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      err: {
        code: 'ECONNREFUSED',
        message: 'refused',
        stack: expect.stringContaining('logger.test.ts') as string,
      },
    });
  });

  it('drops the query of every URL an error carries, and the raw request of a parse error', () => {
    const { logger, lines } = capture('json');
    let invalid: unknown;
    try {
      new URL(`https://exa mple.com/callback?code=${SECRET}`);
    } catch (err) {
      invalid = err;
    }
    const failed = Object.assign(new Error(`GET https://example.com/cb?code=${SECRET}&state=1 failed`), {
      url: `https://example.com/next?token=${SECRET}#top`,
    });
    logger.error({ err: invalid }, 'bad address');
    logger.error({ err: failed }, 'fetch failed');
    logger.warn({ err: `https://example.com/?t=${SECRET}: timed out` }, 'enrichment failed');
    const unparsable = Object.assign(new Error('Parse Error: Invalid method'), {
      code: 'HPE_INVALID_METHOD',
      rawPacket: Buffer.from(`BREW / HTTP/1.1\r\nAuthorization: Bearer ${SECRET}\r\n\r\n`),
    });
    logger.error({ err: unparsable }, 'client error');
    expect(JSON.parse(lines[3] ?? '')).toMatchObject({ err: { code: 'HPE_INVALID_METHOD' } });
    expect(lines[3]).not.toContain('rawPacket');
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(JSON.parse(lines[1] ?? '')).toMatchObject({
      err: {
        message: `GET https://example.com/cb?${REDACTED} failed`,
        url: `https://example.com/next?${REDACTED}`,
      },
    });
  });
});

describe('the pretty logger', () => {
  it('writes a readable line: time, level, message, then the fields', () => {
    const { logger, lines } = capture('pretty');
    logger.info({ url: 'http://localhost:3000', database: 'sqlite' }, 'Linkvault is ready');
    expect(lines).toEqual([
      expect.stringMatching(
        /^\[\d\d:\d\d:\d\d\] INFO: Linkvault is ready \{"url":"http:\/\/localhost:3000","database":"sqlite"\}$/,
      ) as string,
    ]);
  });

  it('writes a request as status, method, path and time, whatever else its line holds', () => {
    const { logger, lines } = capture('pretty');
    const req = { method: 'GET', url: '/api/links?q=private', routeOptions: { url: '/api/links' } };
    logger.info({ reqId: 'req-7', req, res: { statusCode: 200 }, responseTime: 12.3 }, 'request completed');
    logger.info({ req: { ...req, method: 'POST' }, responseTime: 30001, aborted: true }, 'abandoned');
    expect(lines).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: 200 GET \/api\/links 12\.3 ms$/) as string,
      expect.stringMatching(
        /^\[\d\d:\d\d:\d\d\] INFO: --- POST \/api\/links 30001 ms \(client went away\)$/,
      ) as string,
    ]);
  });

  it('censors as the JSON logger does', () => {
    const { logger, lines } = capture('pretty');
    logger.warn({ headers: { cookie: SECRET }, body: { password: SECRET } }, 'odd request');
    expect(lines.join('\n')).not.toContain(SECRET);
  });
});

describe('pathOf', () => {
  it('drops the query string, which can carry a secret', () => {
    expect(pathOf('/oauth/consent?session_token=lvs_x')).toBe('/oauth/consent');
    expect(pathOf('/api/links')).toBe('/api/links');
    expect(pathOf('/?')).toBe('/');
  });
});

describe('loggedPath', () => {
  it("drops the query and a public folder page's token, which opens the folder to whoever reads it", () => {
    expect(loggedPath('/s/lvf_secret/feed.atom?x=1')).toBe(`/s/${REDACTED}/feed.atom`);
    expect(loggedPath('/s/anything')).toBe(`/s/${REDACTED}`);
    expect(loggedPath('/api/folders/f1/public')).toBe('/api/folders/f1/public');
    expect(loggedPath('/share?url=x')).toBe('/share');
  });
});
