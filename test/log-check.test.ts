import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SECRET_PREFIXES, newSecret } from '../server/lib/secrets.js';
import { TEST_PASSWORD } from './credentials.js';
import { WHOLE_RUN_MINIMUM, problemsOf, scanLogs, secretsIn } from './log-check.js';

const requestLine = (method: string, route: string, statusCode: number) =>
  JSON.stringify({
    level: 30,
    reqId: 'req-1',
    req: { method, url: route, route },
    res: { statusCode },
    responseTime: 1.2,
    msg: 'request completed',
  });

describe('the log check', () => {
  it.each(Object.keys(SECRET_PREFIXES) as (keyof typeof SECRET_PREFIXES)[])('finds a %s', (kind) => {
    const token = newSecret(kind);
    expect(secretsIn(`{"msg":"saved","note":"${token}"}`)).toHaveLength(1);
    expect(secretsIn(`GET /api/links?access_token=${encodeURIComponent(token)}`)).toHaveLength(1);
  });

  it.each([
    ['the password', `{"msg":"login","body":"${TEST_PASSWORD}"}`],
    ['a cookie header', '{"headers":{"cookie":"lv_session=1"}}'],
    ['a Set-Cookie header', '{"res":{"headers":{"set-cookie":["lv_session=1; Path=/"]}}}'],
    ['an authorization header as text', 'fetch failed: Authorization: Basic dXNlcjpwYXNz'],
    ['a password field', '{"body":{"newPassword":"swordfish"}}'],
    ['a client secret', '{"form":{"client_secret":"abc"}}'],
  ])('finds %s', (_, line) => {
    expect(secretsIn(line)).not.toEqual([]);
  });

  it.each([
    ['a request line', requestLine('POST', '/api/auth/login', 200)],
    [
      'censored values',
      '{"headers":{"authorization":"[Redacted]","set-cookie":["[Redacted]"]},"password":"[Redacted]"}',
    ],
    ["an error's code", '{"err":{"type":"Error","message":"refused","code":"ECONNREFUSED"}}'],
    ['a test that names a token that is not one', '{"msg":"refresh with lvr_not-a-real-token"}'],
    ['words about cookies', '{"msg":"session cookie refused: the call came from another origin"}'],
  ])('passes %s', (_, line) => {
    expect(secretsIn(line)).toEqual([]);
  });

  describe('over a directory of logs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lv-log-check-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(
      join(dir, '101.log'),
      [
        requestLine('POST', '/api/auth/signup', 201),
        requestLine('POST', '/api/auth/login', 401),
        requestLine('GET', '/api/links', 200),
        '{"level":40,"msg":"web app not built"}',
        '',
      ].join('\n'),
    );
    writeFileSync(join(dir, 'main-102.log'), `{"msg":"leak","token":"${newSecret('refreshToken')}"}\n`);

    it('counts request lines and those that carried a credential, and says where secrets are', () => {
      const report = scanLogs(dir);
      expect(report).toEqual({
        files: 2,
        lines: 5,
        requests: 3,
        withPassword: 1,
        withToken: 1,
        findings: ['main-102.log:1: refreshToken (lvr_…)', 'main-102.log:1: token value'],
      });
    });

    it('fails a whole run whose logs hold too few requests, however clean', () => {
      const clean = { ...scanLogs(dir), findings: [] };
      expect(problemsOf(clean, false)).toEqual([]);
      expect(problemsOf(clean, true)).toHaveLength(Object.keys(WHOLE_RUN_MINIMUM).length);
      const plenty = { ...clean, requests: 1e6, withPassword: 1e6, withToken: 1e6 };
      expect(problemsOf(plenty, true)).toEqual([]);
    });
  });
});
