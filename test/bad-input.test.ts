import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, type Method, clientFor, expectError, snapshot } from './api.js';
import { signUp, useTestApp } from './app.js';

/** The signed-in user's own records, so that a refusal is about the input and not about the id. */
interface Own {
  folder: string;
  link: string;
  snippet: string;
}

interface Case {
  name: string;
  method: Method;
  url: string | ((own: Own) => string);
  /** A JSON body, or a raw one with its content type. */
  json?: unknown;
  raw?: { body: string; contentType: string };
  status: number;
  code: string;
  message?: string | RegExp;
}

const invalid = (method: Method, url: Case['url'], json: unknown, name: string): Case => ({
  name: `${method} ${typeof url === 'string' ? url : url({ folder: ':id', link: ':id', snippet: ':id' })}: ${name}`,
  method,
  url,
  json,
  status: 400,
  code: 'validation_failed',
});
const notFound = (method: Method, url: Case['url'], json: unknown, name: string): Case => ({
  ...invalid(method, url, json, name),
  status: 404,
  code: 'not_found',
});

const folder = (own: Own) => `/api/folders/${own.folder}`;
const link = (own: Own) => `/api/links/${own.link}`;
const snippet = (own: Own) => `/api/snippets/${own.snippet}`;
const validLink = { url: 'https://example.com/' };
const validSnippet = { pageUrl: 'https://example.com/', selectedText: 'text' };
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
/** JSON nested `levels` deep: zod's recursive JSON schema overflowed the stack near 2,000. */
const nested = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i += 1) value = [value];
  return value;
};
const TOO_LONG_ID = 'x'.repeat(65);
const HOSTILE_URLS = [
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  'file:///etc/passwd',
  'data:text/html,x',
  'ftp://x',
  'mailto:someone@example.com',
  'not a url',
  'http://',
  '//example.com/no-scheme',
  '   ',
];

const FOLDER_CASES: Case[] = [
  invalid('POST', '/api/folders', { color: 'blue' }, 'missing name'),
  invalid('POST', '/api/folders', { name: 'Reading' }, 'missing color'),
  invalid('POST', '/api/folders', { name: 5, color: 'blue' }, 'name is a number'),
  invalid('POST', '/api/folders', { name: 'Reading', color: ['blue'] }, 'color is an array'),
  invalid('POST', '/api/folders', { name: 'Reading', color: 'teal' }, 'unknown colour'),
  invalid('POST', '/api/folders', { name: 'x'.repeat(101), color: 'blue' }, 'name too long'),
  invalid('POST', '/api/folders', { name: 'Reading', color: 'blue', icon: 'star' }, 'unknown field'),
  invalid('POST', '/api/folders', { name: 'Reading', color: 'blue', user_id: UNKNOWN }, 'user_id smuggled'),
  invalid('POST', '/api/folders', [{ name: 'Reading', color: 'blue' }], 'an array body'),
  invalid('POST', '/api/folders', { name: 'Read\u0000ing', color: 'blue' }, 'a NUL in the name'),
  invalid('PATCH', folder, { name: '\u0000' }, 'a NUL name'),
  invalid('PATCH', folder, { color: 'black' }, 'unknown colour'),
  invalid('PATCH', folder, { name: null }, 'null name'),
  invalid('PATCH', folder, { name: 'x', linkCount: 9 }, 'unknown field'),
  invalid('PATCH', `/api/folders/${TOO_LONG_ID}`, { name: 'x' }, 'an over-long id'),
  notFound('PATCH', `/api/folders/${UNKNOWN}`, { name: 'x' }, 'unknown id'),
  notFound('DELETE', `/api/folders/${UNKNOWN}`, undefined, 'unknown id'),
];

const LINK_CASES: Case[] = [
  invalid('POST', '/api/links', {}, 'missing url'),
  invalid('POST', '/api/links', { url: 123 }, 'url is a number'),
  invalid('POST', '/api/links', { url: null }, 'url is null'),
  invalid('POST', '/api/links', { url: `https://example.com/${'a'.repeat(4100)}` }, 'url too long'),
  ...HOSTILE_URLS.map((url) => invalid('POST', '/api/links', { url }, `url ${JSON.stringify(url)}`)),
  invalid('POST', '/api/links', { ...validLink, title: 5 }, 'title is a number'),
  invalid('POST', '/api/links', { ...validLink, title: 'x'.repeat(501) }, 'title too long'),
  invalid('POST', '/api/links', { ...validLink, description: ['a'] }, 'description is an array'),
  invalid('POST', '/api/links', { ...validLink, folderId: 7 }, 'folderId is a number'),
  invalid('POST', '/api/links', { ...validLink, folderId: '' }, 'folderId is empty'),
  invalid('POST', '/api/links', { ...validLink, enrichmentStatus: 'enriched' }, 'unknown field'),
  invalid('POST', '/api/links', { ...validLink, summaryShort: 'fake' }, 'read-only field'),
  notFound('POST', '/api/links', { ...validLink, folderId: UNKNOWN }, 'unknown folderId'),
  invalid('PATCH', link, { title: '' }, 'empty title'),
  invalid('PATCH', link, { title: null }, 'null title'),
  invalid('PATCH', link, { url: null }, 'null url'),
  ...HOSTILE_URLS.map((url) => invalid('PATCH', link, { url }, `url ${JSON.stringify(url)}`)),
  invalid('PATCH', link, { folderId: 3 }, 'folderId is a number'),
  invalid('PATCH', link, { id: UNKNOWN }, 'unknown field'),
  notFound('PATCH', link, { folderId: UNKNOWN }, 'unknown folderId'),
  notFound('PATCH', `/api/links/${UNKNOWN}`, { title: 'x' }, 'unknown id'),
  notFound('GET', `/api/links/${UNKNOWN}`, undefined, 'unknown id'),
  notFound('DELETE', `/api/links/${UNKNOWN}`, undefined, 'unknown id'),
  notFound('POST', `/api/links/${UNKNOWN}/enrich`, undefined, 'unknown id'),
  invalid('GET', `/api/links/${TOO_LONG_ID}`, undefined, 'an over-long id'),
  notFound('GET', `/api/links?folderId=${UNKNOWN}`, undefined, 'unknown folderId'),
  invalid('GET', `/api/links?q=${'q'.repeat(201)}`, undefined, 'query too long'),
  invalid('POST', '/api/links', { ...validLink, title: 'a\u0000b' }, 'a NUL in the title'),
  invalid('PATCH', link, { description: '\u0000' }, 'a NUL description'),
  invalid('GET', '/api/links/%00', undefined, 'a NUL id'),
  invalid('DELETE', '/api/links/a%00b', undefined, 'a NUL in the id'),
  invalid('GET', '/api/links?q=abc%00def', undefined, 'a NUL in the query'),
  invalid('GET', '/api/links?folderId=%00', undefined, 'a NUL folderId'),
  invalid('GET', '/api/links?url=https://example.com/%00', undefined, 'a NUL in the url filter'),
];

const SNIPPET_CASES: Case[] = [
  invalid('POST', '/api/snippets', {}, 'missing fields'),
  invalid('POST', '/api/snippets', { pageUrl: 'https://example.com/' }, 'missing selectedText'),
  invalid('POST', '/api/snippets', { selectedText: 'text' }, 'missing pageUrl'),
  invalid('POST', '/api/snippets', { ...validSnippet, selectedText: '' }, 'empty selectedText'),
  invalid('POST', '/api/snippets', { ...validSnippet, selectedText: 42 }, 'selectedText is a number'),
  ...['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x', 'ftp://x', 'not a url'].map(
    (pageUrl) =>
      invalid('POST', '/api/snippets', { ...validSnippet, pageUrl }, `pageUrl ${JSON.stringify(pageUrl)}`),
  ),
  invalid('POST', '/api/snippets', { ...validSnippet, color: 'red' }, 'unknown colour'),
  invalid('POST', '/api/snippets', { ...validSnippet, note: { text: 'x' } }, 'note is an object'),
  invalid('POST', '/api/snippets', { ...validSnippet, userId: UNKNOWN }, 'userId smuggled'),
  invalid(
    'POST',
    '/api/snippets',
    { ...validSnippet, positionData: { blob: 'x'.repeat(20_001) } },
    'positionData too large',
  ),
  invalid(
    'POST',
    '/api/snippets',
    { ...validSnippet, positionData: nested(2500) },
    'positionData nested 2,500 deep',
  ),
  invalid(
    'POST',
    '/api/snippets',
    { ...validSnippet, positionData: nested(33) },
    'positionData nested 33 deep',
  ),
  invalid(
    'POST',
    '/api/snippets',
    { ...validSnippet, positionData: { '\u0000': 1 } },
    'a NUL key in positionData',
  ),
  invalid('POST', '/api/snippets', { ...validSnippet, note: 'x\u0000' }, 'a NUL in the note'),
  notFound('POST', '/api/snippets', { ...validSnippet, linkId: UNKNOWN }, 'unknown linkId'),
  invalid('PATCH', snippet, {}, 'missing note'),
  invalid('PATCH', snippet, { note: 5 }, 'note is a number'),
  invalid('PATCH', snippet, { note: 'x'.repeat(10_001) }, 'note too long'),
  invalid('PATCH', snippet, { note: 'x', pageUrl: 'https://example.com/' }, 'unknown field'),
  notFound('PATCH', `/api/snippets/${UNKNOWN}`, { note: 'x' }, 'unknown id'),
  notFound('DELETE', `/api/snippets/${UNKNOWN}`, undefined, 'unknown id'),
];

const LISTS = ['/api/links', '/api/snippets', '/api/search?q=a&'];
const withParam = (list: string, param: string) => (list.endsWith('&') ? list + param : `${list}?${param}`);
const PAGING_CASES: Case[] = [
  ...LISTS.flatMap((list) =>
    ['0', '500', 'abc', '-1', '1.5', ''].map((limit) =>
      invalid('GET', withParam(list, `limit=${limit}`), undefined, `limit=${limit}`),
    ),
  ),
  ...['/api/links', '/api/snippets'].flatMap((list) =>
    [
      'not-a-cursor',
      Buffer.from('{}').toString('base64url'),
      Buffer.from('["not a date","id"]').toString('base64url'),
      Buffer.from('["2025-01-01T00:00:00.000Z"]').toString('base64url'),
      Buffer.from('["2025-01-01T00:00:00.000Z",5]').toString('base64url'),
      // Dates Date.parse reads but PostgreSQL's timestamptz does not, and a NUL id.
      Buffer.from('["1","id"]').toString('base64url'),
      Buffer.from('["0000-01-01T00:00:00.000Z","id"]').toString('base64url'),
      Buffer.from('["2025-02-30T00:00:00.000Z","id"]').toString('base64url'),
      Buffer.from('["2025-01-01","id"]').toString('base64url'),
      Buffer.from('["2025-01-01T00:00:00.000Z","\\u0000"]').toString('base64url'),
    ].map((cursor) => ({
      ...invalid('GET', withParam(list, `cursor=${cursor}`), undefined, `cursor ${cursor}`),
      message: 'Invalid cursor',
    })),
  ),
  invalid('GET', `/api/links?cursor=${'a'.repeat(501)}`, undefined, 'an over-long cursor'),
  invalid('GET', '/api/search?q=a&scope=everything', undefined, 'unknown scope'),
  invalid('GET', `/api/search?q=${'q'.repeat(201)}`, undefined, 'query too long'),
  // SQLite's FTS5 read a NUL as the end of its query ("unterminated string"); PostgreSQL refuses it.
  invalid('GET', '/api/search?q=abc%00def', undefined, 'a NUL in the query'),
  invalid('GET', '/api/search?q=%00%00%00', undefined, 'a query of NULs'),
];

const ACCOUNT_CASES: Case[] = [
  invalid('POST', '/api/auth/signup', { email: 'new@example.com' }, 'missing password'),
  invalid('POST', '/api/auth/signup', { password: 'long enough password' }, 'missing email'),
  invalid('POST', '/api/auth/signup', { email: 'not-an-email', password: 'long enough' }, 'invalid email'),
  invalid('POST', '/api/auth/signup', { email: 'new@example.com', password: 'short' }, 'short password'),
  invalid(
    'POST',
    '/api/auth/signup',
    { email: 'new@example.com', password: 12345678 },
    'password is a number',
  ),
  invalid(
    'POST',
    '/api/auth/signup',
    { email: 'new@example.com', password: 'long enough', admin: true },
    'unknown field',
  ),
  ...[' '.repeat(8), '\u00a0\u3000\t\n'.repeat(2), '\u200b'.repeat(8)].map((password) => ({
    ...invalid(
      'POST',
      '/api/auth/signup',
      { email: 'new@example.com', password },
      `password ${JSON.stringify(password)}`,
    ),
    message: 'password: Password must not be only spaces or invisible characters',
  })),
  invalid(
    'POST',
    '/api/auth/signup',
    { email: 'new@example.com', password: '\u0000'.repeat(8) },
    'a password of NULs',
  ),
  invalid(
    'POST',
    '/api/auth/signup',
    { email: 'new@example.com', password: 'long enough', name: '\u0000' },
    'a NUL name',
  ),
  invalid('POST', '/api/auth/login', { email: 'new@example.com' }, 'missing password'),
  invalid('POST', '/api/auth/login', { email: ['a@example.com'], password: 'x' }, 'email is an array'),
  invalid('POST', '/api/auth/refresh', { refresh_token: 5 }, 'refresh_token is a number'),
  invalid('POST', '/api/auth/refresh', { token: 'x' }, 'unknown field'),
];

const raw = (body: string, contentType: string) => ({ body, contentType });
const deepBody = (levels: number) =>
  `{"url":"https://example.com/","title":${'['.repeat(levels)}${']'.repeat(levels)}}`;
const PROTOCOL_CASES: Case[] = [
  {
    name: 'a body over 1 MiB',
    method: 'POST',
    url: '/api/links',
    json: { ...validLink, description: 'x'.repeat(1024 * 1024 + 1) },
    status: 413,
    code: 'payload_too_large',
  },
  {
    name: 'malformed JSON',
    method: 'POST',
    url: '/api/folders',
    raw: raw('{"name": "Reading", "color": ', 'application/json'),
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'an empty JSON body',
    method: 'POST',
    url: '/api/folders',
    raw: raw('', 'application/json'),
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'a JSON null body',
    method: 'POST',
    url: '/api/links',
    raw: raw('null', 'application/json'),
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'a body nested 100,000 deep',
    method: 'POST',
    url: '/api/links',
    raw: raw(deepBody(100_000), 'application/json'),
    status: 400,
    code: 'validation_failed',
    message: 'title: must not be nested more than 32 levels deep',
  },
  {
    name: 'a NUL in a key',
    method: 'POST',
    url: '/api/folders',
    raw: raw('{"name":"x","color":"blue","\\u0000":1}', 'application/json'),
    status: 400,
    code: 'validation_failed',
    message: /NUL/,
  },
  {
    name: 'prototype poisoning',
    method: 'POST',
    url: '/api/folders',
    raw: raw('{"name":"x","color":"blue","__proto__":{"admin":true}}', 'application/json'),
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'a text/plain body',
    method: 'POST',
    url: '/api/folders',
    raw: raw('name=Reading', 'text/plain'),
    status: 415,
    code: 'validation_failed',
  },
  {
    name: 'a form-encoded body',
    method: 'POST',
    url: '/api/links',
    raw: raw('url=https%3A%2F%2Fexample.com%2F', 'application/x-www-form-urlencoded'),
    status: 415,
    code: 'validation_failed',
  },
  { name: 'an unknown route', method: 'GET', url: '/api/nothing-here', status: 404, code: 'not_found' },
  {
    name: 'an undecodable URL',
    method: 'GET',
    url: '/api/links/%E0%A4%A',
    status: 400,
    code: 'validation_failed',
  },
  { name: 'an unknown method', method: 'PUT', url: link, json: validLink, status: 404, code: 'not_found' },
];

describe('bad input', () => {
  const ctx = useTestApp();
  let me: Client;
  const own = {} as Own;

  beforeAll(async () => {
    me = clientFor(ctx.app, await signUp(ctx.app));
    own.folder = (await me.folder()).id;
    own.link = (await me.link({ folderId: own.folder })).id;
    own.snippet = (await me.snippet({ pageUrl: 'https://example.com/' })).id;
  });

  describe.each([
    ['folders', FOLDER_CASES],
    ['links', LINK_CASES],
    ['snippets', SNIPPET_CASES],
    ['paging and search', PAGING_CASES],
    ['accounts', ACCOUNT_CASES],
    ['the HTTP layer', PROTOCOL_CASES],
  ] as const)('%s', (_group, cases) => {
    it.each(cases)('$name → $status $code', async ({ method, url, json, raw, status, code, message }) => {
      const before = await snapshot(ctx.database);
      const res = await me.send(
        method,
        typeof url === 'string' ? url : url(own),
        raw?.body ?? json,
        raw ? { headers: { 'content-type': raw.contentType } } : {},
      );
      expectError(res, status, code);
      if (message) expect(res.json().error.message).toMatch(message);
      expect(await snapshot(ctx.database)).toEqual(before);
    });
  });

  it('names the offending field in details', async () => {
    const res = await me.post('/api/folders', { name: 'Reading', color: 'teal' });
    expect(res.json().error.details).toEqual([{ field: 'color', message: expect.stringContaining('blue') }]);
  });

  it.each([
    ['GET', '/oauth/authorize?client_id=%00&response_type=code', undefined],
    ['POST', '/oauth/token', 'grant_type=authorization_code&code=x&client_id=a%00b'],
  ] as const)(
    '%s %s with a NUL: 400 invalid_request as RFC 6749 says, signed out',
    async (method, url, form) => {
      const res = await ctx.app.inject({
        method,
        url,
        ...(form && { payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        error: 'invalid_request',
        error_description: expect.stringMatching(/^client_id: .*NUL/),
      });
    },
  );

  it('refuses the hostile URLs without echoing them as HTML', async () => {
    const res = await me.post('/api/links', { url: '<script>alert(1)</script>' });
    expectError(res, 400, 'validation_failed');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
