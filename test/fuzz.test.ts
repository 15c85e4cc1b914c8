import type { FastifyInstance, InjectOptions } from 'fastify';
import { type AddressInfo, connect } from 'node:net';
import { text } from 'node:stream/consumers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientFor } from './api.js';
import { signUp } from './app.js';
import { useListeningApp } from './listening-app.js';
import { multipart } from './multipart.js';
import { REFRESH_COOKIE } from '../server/accounts/accounts.routes.js';
import { TEST_PASSWORD } from './credentials.js';

/**
 * API.md "Conventions": bad input is a 4xx, never a 500. Every route of the app, as the
 * app itself lists them (printRoutes, so a new route is fuzzed without being named here), gets a fixed set
 * of hostile values in each path parameter, query parameter and body field its OpenAPI document names,
 * hostile whole bodies, queries and credentials, signed in and signed out. No answer may be a 5xx, and
 * the API's own 4xx answers keep API.md's error shape. The values are a fixed list (no randomness), so a
 * failure names the request that reproduces it.
 */

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT' | 'OPTIONS';
interface Route {
  method: Method;
  /** Fastify's form: /api/links/:id */
  path: string;
}
type JsonSchema = Record<string, unknown>;
type ProbeOptions = Omit<InjectOptions, 'url'> & { url: string; signedIn?: boolean };
/** What the failure message calls the request (beside its method and URL), and the request. */
type Probe = [what: string, options: ProbeOptions];
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Requests in flight at once (see probeAll). */
const IN_FLIGHT = 6;

const deep = (levels: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let i = 0; i < levels; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
};
const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Text that has broken servers: NULs, bad escapes, lone surrogates, FTS5 and LIKE syntax, odd numbers. */
const HOSTILE_TEXT = [
  '\u0000',
  'abc\u0000def',
  '\u0000'.repeat(8),
  '',
  ' '.repeat(8),
  'x'.repeat(5000),
  '\ud800',
  'a\udfff\ud800b',
  '\uffff\ufffe',
  '\u202e\u200b',
  '😀😀😀',
  '%',
  '%00',
  '%E0%A4%A',
  'https://127.0.0.1/file.pdf%',
  'https://example.com/%E0%A4%A?%=%',
  'http://[::1',
  'javascript:alert(1)',
  '"abc',
  'NEAR(a b) * ^ :',
  '%_\\',
  '../../../etc/passwd',
  '-1',
  '1e309',
  '__proto__',
  '1',
  '0000-01-01T00:00:00.000Z',
  'uncategorized',
];

/** Cursors a client made up: dates PostgreSQL cannot read, NUL ids, wrong shapes, not base64 JSON at all. */
const FORGED_CURSORS = [
  cursor(['1', 'x']),
  cursor(['0000-01-01T00:00:00.000Z', 'x']),
  cursor(['2025-02-30T00:00:00.000Z', 'x']),
  cursor(['+275760-09-13T00:00:00.000Z', 'x']),
  cursor(['2025-01-01T00:00:00.000Z', '\u0000']),
  cursor(['2025-01-01T00:00:00.000Z', 'x'.repeat(300)]),
  cursor([1, 2]),
  cursor(null),
  cursor(deep(3000)),
  '!!!!',
  Buffer.from([0xff, 0xfe, 0x00]).toString('base64url'),
];

/** Values of every JSON type for a body field, including nesting no schema should have to walk. */
const HOSTILE_JSON: unknown[] = [
  ...HOSTILE_TEXT,
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  [],
  {},
  ['\u0000'],
  { '\u0000': 'x' },
  deep(40),
  deep(3000),
  Array.from({ length: 10_000 }, () => 'x'),
];

/** Path segments, already URL-encoded: NULs, malformed or invalid UTF-8 escapes, encoded slashes. */
const HOSTILE_SEGMENTS = [
  '%00',
  'a%00b',
  '%E0%A4%A',
  '%',
  '%FF%FE',
  '%C0%80',
  '%ED%A0%80',
  '%2F',
  '%2E%2E',
  '%20',
  '%25',
  'x'.repeat(65),
  'x'.repeat(2000),
  encodeURIComponent('😀'),
  'uncategorized',
];

/** Whole query strings, as sent: the same again where the route declares no parameters by these names. */
const HOSTILE_QUERIES = [
  '%00',
  '%00=%00',
  'q=%00&cursor=%00&client_id=%00&redirect_uri=%00&state=%00',
  'q=a&q=b&limit=1&limit=2',
  'q[]=x&limit[a]=1',
  '%E0%A4%A=%E0%A4%A',
  'x=%FF%FE%C0%80',
  `${'a=1&'.repeat(1000)}z=1`,
];

/** Whole bodies as bytes, with the content type they claim. */
const HOSTILE_BODIES: { name: string; body: Buffer | string; contentType: string }[] = [
  {
    name: 'invalid UTF-8 in a string',
    body: Buffer.concat([
      Buffer.from('{"name":"'),
      Buffer.from([0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x80]),
      Buffer.from('","url":"https://example.com/"}'),
    ]),
    contentType: 'application/json',
  },
  {
    name: 'nested 100,000 deep',
    body: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    contentType: 'application/json',
  },
  { name: 'over 1 MiB', body: `"${'x'.repeat(1024 * 1024 + 10)}"`, contentType: 'application/json' },
  { name: 'truncated JSON', body: '{"a": [1, 2', contentType: 'application/json' },
  { name: 'a JSON string', body: '"\\u0000"', contentType: 'application/json' },
  { name: 'a NUL in an array', body: '["\\u0000"]', contentType: 'application/json' },
  { name: 'a NUL in a key', body: '{"\\u0000":1}', contentType: 'application/json' },
  { name: 'a JSON number', body: '1e999', contentType: 'application/json' },
  {
    name: 'prototype poisoning',
    body: '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}',
    contentType: 'application/json',
  },
  { name: 'UTF-16 JSON', body: Buffer.from('{"a":"b"}', 'utf16le'), contentType: 'application/json' },
  {
    name: 'a form with NULs and bad escapes',
    body: 'a=%00&b=%E0%A4%A&%00=x&client_id=%00',
    contentType: 'application/x-www-form-urlencoded',
  },
  { name: 'text', body: '\u0000', contentType: 'text/plain' },
  {
    name: 'a multipart body without parts',
    body: '--x--\r\n',
    contentType: 'multipart/form-data; boundary=x',
  },
  { name: 'an odd content type', body: '{}', contentType: 'application/json; charset=utf-16' },
];

/** Credentials a client made up, sent to every route. */
const HOSTILE_CREDENTIALS: Record<string, string>[] = [
  { authorization: 'Bearer ' },
  { authorization: `Bearer ${'x'.repeat(5000)}` },
  { authorization: 'Bearer lva_\u00ff\u00fe' },
  { authorization: `Basic ${Buffer.from('\u0000:\u0000').toString('base64')}` },
  { authorization: `Basic ${Buffer.from('%E0%A4%A:x').toString('base64')}` },
  { authorization: 'Basic %%%' },
  { cookie: `${REFRESH_COOKIE}=%00` },
  { cookie: `${REFRESH_COOKIE}=%E0%A4%A` },
  { cookie: `${REFRESH_COOKIE}=${'x'.repeat(4000)}` },
];

/** The app's routes from its own router: printRoutes draws a tree, each level indented by four characters. */
function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    parents.length = (match[1] ?? '').length / 4;
    parents.push(match[2] ?? '');
    const path = parents.join('');
    for (const method of match[3]?.split(', ') ?? []) {
      // HEAD is answered by the GET route.
      if (method !== 'HEAD') routes.push({ method: method as Method, path });
    }
  }
  return routes;
}

describe('fuzzing every route', () => {
  const ctx = useListeningApp();
  const failures: string[] = [];
  let routes: Route[];
  let openapi: OpenApi;
  let session: Awaited<ReturnType<typeof signUp>>;
  /** The signed-in user's own records by the collection their routes name. */
  const own: Record<string, string> = {};
  let requests = 0;
  let samples = 0;

  async function signIn(): Promise<void> {
    session = await signUp(ctx.app);
    const me = clientFor(ctx.app, session);
    own.folders = (await me.folder()).id;
    own.links = (await me.link({ folderId: own.folders })).id;
    own.snippets = (await me.snippet({ linkId: own.links })).id;
  }

  beforeAll(async () => {
    routes = routesOf(ctx.app);
    openapi = (await ctx.app.inject({ url: '/api/openapi.json' })).json<OpenApi>();
    await signIn();
  });
  beforeEach(() => {
    failures.length = 0;
  });

  /** Sends one request and notes a 5xx, or an API error not in API.md's shape, as a failure. */
  async function probe(what: string, options: ProbeOptions): Promise<void> {
    const { signedIn = true, ...request } = options;
    requests += 1;
    const res = await ctx.app.inject({
      ...request,
      // A distinct address per request: per-address limits would otherwise answer 429 before the code under test.
      remoteAddress: `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`,
      headers: {
        ...(signedIn && { authorization: `Bearer ${session.access_token}` }),
        ...request.headers,
      },
      payloadAsStream: true,
    });
    const stream = res.stream();
    // A stream of events never ends by itself; its status is what is under test.
    const body = String(res.headers['content-type']).startsWith('text/event-stream')
      ? (stream.destroy(), '')
      : await text(stream);
    const url = request.url.slice(0, 150);
    const seen = `${request.method} ${url} ${what} → ${res.statusCode} ${body.slice(0, 200)}`;
    if (res.statusCode >= 500) failures.push(seen);
    else if (res.statusCode >= 400 && url.startsWith('/api/') && !isApiError(body)) {
      failures.push(`not API.md's error shape: ${seen}`);
    }
  }

  /**
   * A few requests at a time, as clients send them: on PostgreSQL the database's round trips overlap, which
   * keeps the file's 6,000 requests well under 30 s on 2 cores.
   */
  async function probeAll(probes: Probe[]): Promise<void> {
    const queue = [...probes];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await probe(...next);
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  }

  /** A logout or account deletion ends the session the rest of the fuzzing needs: start a new one. */
  async function stillSignedIn(): Promise<void> {
    const res = await ctx.app.inject({
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    if (res.statusCode === 401) await signIn();
  }

  const operationOf = (route: Route) =>
    openapi.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];

  /** The route's path with its parameters filled: own records where the path names their collection. */
  function urlOf(route: Route, value?: string): string {
    const path = route.path.startsWith('/') ? route.path : `/${route.path}`;
    return path.replace(/\/([^/]+)\/(?::\w+|\*)|:\w+|\*/g, (_all, collection?: string) =>
      collection
        ? `/${collection}/${value ?? own[collection] ?? '00000000-0000-4000-8000-000000000000'}`
        : (value ?? 'x'),
    );
  }

  const bodySchemaOf = (route: Route): JsonSchema | undefined => {
    const content = operationOf(route)?.requestBody?.content ?? {};
    return Object.values(content)[0]?.schema;
  };

  function resolve(schema: JsonSchema): JsonSchema {
    const ref = (schema.$ref ?? (schema.allOf as JsonSchema[] | undefined)?.[0]?.$ref) as string | undefined;
    return ref ? resolve(openapi.components?.schemas?.[ref.split('/').pop() ?? ''] ?? {}) : schema;
  }

  /** A value the schema accepts, so that one hostile field at a time reaches past validation. */
  function sample(raw: JsonSchema, name: string): unknown {
    const schema = resolve(raw);
    if (Array.isArray(schema.enum)) return schema.enum[0];
    if (Array.isArray(schema.anyOf)) {
      const branch = (schema.anyOf as JsonSchema[]).find((b) => b.type !== 'null') ?? {};
      return sample(branch, name);
    }
    switch (schema.type) {
      case 'string':
        // A new page and address each time: a second save of one page is a 409 before the field is stored.
        if (/url|uri/i.test(name)) return `https://example.com/fuzz/${(samples += 1)}`;
        if (/email/i.test(name)) return `fuzz-${(samples += 1)}@example.com`;
        if (/password/i.test(name)) return TEST_PASSWORD;
        if (name === 'user_id') return session.user.id;
        return own[`${name.replace(/Id$/, '')}s`] ?? 'fuzz';
      case 'boolean':
        return false;
      case 'integer':
      case 'number':
        return 1;
      case 'array':
        return [sample((schema.items as JsonSchema | undefined) ?? {}, name)];
      case 'object':
        return sampleObject(schema);
      default:
        return 'fuzz';
    }
  }

  function sampleObject(schema: JsonSchema): Record<string, unknown> {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = (schema.required ?? []) as string[];
    return Object.fromEntries(required.map((name) => [name, sample(properties[name] ?? {}, name)]));
  }

  it('finds the routes and their documents', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toContainEqual({ method: 'PATCH', path: '/api/links/:id' });
    expect(operationOf({ method: 'GET', path: '/api/links' })?.parameters).toContainEqual(
      expect.objectContaining({ in: 'query', name: 'cursor' }),
    );
  });

  it('hostile path parameters', async () => {
    for (const route of routes.filter((r) => /[:*]/.test(r.path))) {
      await stillSignedIn();
      await probeAll(
        HOSTILE_SEGMENTS.map((segment) => ['', { method: route.method, url: urlOf(route, segment) }]),
      );
    }
    expect(failures).toEqual([]);
  });

  it('hostile query parameters and forged cursors', async () => {
    for (const route of routes) {
      await stillSignedIn();
      const names = (operationOf(route)?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const queries = [
        ...names.flatMap((name) =>
          [...HOSTILE_TEXT, ...FORGED_CURSORS].map((value) =>
            new URLSearchParams({ [name]: value }).toString(),
          ),
        ),
        ...HOSTILE_QUERIES,
      ];
      await probeAll(queries.map((query) => ['', { method: route.method, url: `${urlOf(route)}?${query}` }]));
    }
    expect(failures).toEqual([]);
  });

  it('hostile values in each body field', async () => {
    for (const route of routes) {
      const schema = bodySchemaOf(route);
      if (!schema) continue;
      await stillSignedIn();
      const fields = Object.keys(resolve(schema).properties ?? {});
      await probeAll(
        fields.flatMap((field) =>
          HOSTILE_JSON.map((value): Probe => [
            `{${field}: ${JSON.stringify(value)?.slice(0, 40)}}`,
            {
              method: route.method,
              url: urlOf(route),
              payload: { ...sampleObject(resolve(schema)), [field]: value },
            },
          ]),
        ),
      );
    }
    expect(failures).toEqual([]);
  });

  it('hostile whole bodies on every route that takes one', async () => {
    for (const route of routes.filter((r) => ['POST', 'PATCH', 'PUT', 'DELETE'].includes(r.method))) {
      await stillSignedIn();
      await probeAll(
        HOSTILE_BODIES.map(({ name, body, contentType }) => [
          name,
          {
            method: route.method,
            url: urlOf(route),
            payload: body,
            headers: { 'content-type': contentType },
          },
        ]),
      );
    }
    expect(failures).toEqual([]);
  });

  it('signed out and with made-up credentials', async () => {
    for (const route of routes) {
      // A body the route accepts, so the credentials are what it judges.
      const schema = bodySchemaOf(route);
      const payload = schema ? { payload: sampleObject(resolve(schema)) } : {};
      await probeAll([
        ...HOSTILE_CREDENTIALS.map((headers): Probe => [
          JSON.stringify(headers).slice(0, 60),
          { method: route.method, url: urlOf(route), headers, signedIn: false, ...payload },
        ]),
        ['signed out', { method: route.method, url: `${urlOf(route, '%00')}?%00=%00`, signedIn: false }],
      ]);
    }
    expect(failures).toEqual([]);
  });

  it('raw requests a client library would not send: bytes that are not UTF-8, NULs in headers', async () => {
    const port = (ctx.app.server.address() as AddressInfo).port;
    const bearer = `Authorization: Bearer ${session.access_token}\r\n`;
    await stillSignedIn();
    const heads = [
      'GET /api/links/\xff\xfe HTTP/1.1\r\n',
      'GET /api/search?q=\xff\xfe%00 HTTP/1.1\r\n',
      'GET /api/links?cursor=\xc0\x80 HTTP/1.1\r\n',
      'GET /api/links HTTP/1.1\r\nX-Anything: a\x00b\r\n',
      'GET /api/links HTTP/1.1\r\nAuthorization: Bearer \xff\xfe\r\n',
      'GET /api/events HTTP/1.1\r\nCookie: lv_refresh=\xff\xfe\r\n',
      'GET /api/links HTTP/1.1\r\nHost: \xff\r\n',
      // Last: it ends the session.
      'POST /api/auth/logout HTTP/1.1\r\nOrigin: http://\xff\r\nContent-Length: 0\r\n',
    ];
    for (const head of heads) {
      const signedIn = head.includes('Authorization') ? '' : bearer;
      const host = head.includes('Host:') ? '' : 'Host: 127.0.0.1\r\n';
      const status = await rawStatus(
        port,
        Buffer.from(`${head}${host}${signedIn}Connection: close\r\n\r\n`, 'latin1'),
      );
      if (status >= 500) failures.push(`${JSON.stringify(head)} → ${status}`);
    }
    expect(failures).toEqual([]);
  });

  it('hostile uploads', async () => {
    await stillSignedIn();
    const bytes = (...values: number[]) => Buffer.from(values);
    const uploads = [
      [
        { name: 'file', filename: 'links.html', content: '<a href="https://example.com/">x</a>' },
        { name: 'folderId', content: '\u0000' },
      ],
      [
        { name: 'file', filename: 'links.html', content: '<a href="https://example.com/">x</a>' },
        { name: 'format', content: '%00' },
      ],
      [{ name: 'file', filename: '\u0000.html', content: '<a href="https://example.com/\u0000">\u0000</a>' }],
      [{ name: 'file', filename: '%E0%A4%A', content: bytes(0xff, 0xfe, 0x00, 0xc0, 0x80) }],
      [{ name: 'file', filename: 'deep.json', content: `${'['.repeat(100_000)}${']'.repeat(100_000)}` }],
      [
        {
          name: 'file',
          filename: 'x.json',
          content: JSON.stringify({
            links: [{ url: 'https://example.com/%', title: '\u0000', positionData: deep(3000) }],
          }),
        },
      ],
      [{ name: 'file', filename: 'x.csv', content: 'url,title\n"https://example.com/\u0000","\u0000"\n' }],
      [{ name: '\u0000', content: 'x' }],
    ];
    for (const parts of uploads) {
      const { payload, headers } = multipart(parts);
      await probe(JSON.stringify(parts).slice(0, 80), {
        method: 'POST',
        url: '/api/imports',
        payload,
        headers,
      });
    }
    expect(failures).toEqual([]);
  });

  it('hostile arguments to every MCP tool', async () => {
    await stillSignedIn();
    const call = (method: string, params: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: {
          authorization: `Bearer ${session.access_token}`,
          accept: 'application/json, text/event-stream',
        },
        payload: { jsonrpc: '2.0', id: 1, method, params },
      });
    const listed = await call('tools/list', {});
    const tools = listed.json<{ result: { tools: { name: string; inputSchema: JsonSchema }[] } }>().result
      .tools;
    expect(tools.length).toBeGreaterThan(0);
    for (const tool of tools) {
      const properties = Object.keys(tool.inputSchema.properties ?? {});
      for (const name of properties) {
        for (const value of [...HOSTILE_JSON, ...FORGED_CURSORS]) {
          const res = await call('tools/call', { name: tool.name, arguments: { [name]: value } });
          const seen = `${tool.name}({${name}: ${JSON.stringify(value)?.slice(0, 40)}}) → ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (res.statusCode >= 500 || res.body.includes('Something went wrong on our side'))
            failures.push(seen);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

/** The status of one request written byte for byte on a socket, as no HTTP client would write it. */
function rawStatus(port: number, bytes: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    // Written, not ended: Node's HTTP server drops a request whose client half-closes before the answer.
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`no status line: ${JSON.stringify(head)}`)));
  });
}

function isApiError(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    return typeof parsed.error?.code === 'string' && typeof parsed.error.message === 'string';
  } catch {
    return false;
  }
}
