import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  errorSchema,
  type Link,
  linkSchema,
  pageOf,
  searchResultSchema,
  type Snippet,
  statsSchema,
} from '../../contracts/index.js';
import { serializerCompiler, stringifiableSchema } from './serializer.js';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' });
/** Pages are written as bytes (Buffer), the rest as strings: either way, the text. */
const serialize = (schema: z.ZodType, data: unknown) => String(serializerCompiler(route(schema))(data));
const zodSerialize = (schema: z.ZodType, data: unknown) => zodSerializerCompiler(route(schema))(data);

const link: Link = {
  id: 'link-1',
  url: 'https://example.com/a?q="quoted"&x=\u2028',
  title: 'Ünïcode \uD83D\uDE00 title with "quotes" and \\ backslash\n',
  description: null,
  folderId: null,
  favicon: 'https://example.com/favicon.ico',
  createdAt: '2026-01-02T03:04:05.000Z',
  summaryShort: null,
  summaryLong: 'Long',
  keyPoints: ['one', 'two'],
  highlights: [],
  tags: ['tag'],
  ogTitle: null,
  ogDescription: 'og',
  ogImageUrl: null,
  lastProcessedAt: null,
  snippetCount: 3,
  platform: 'youtube',
  platformMetadata: { videoId: 'abc', nested: { list: [1, 2.5, true, null, 'x'] } },
  extractionMethod: null,
  enrichmentStatus: 'queued',
  enrichmentAttempts: 2,
  enrichmentRetryAt: '2026-01-02T03:09:05.000Z',
  enrichmentError: { reason: 'refused', message: 'The site refused the request (403) "\u2028"' },
  state: 'archived',
  favorite: true,
  readingProgress: 0.25,
  contentAvailable: true,
  availability: 'ok',
  checkedAt: '2025-01-02T03:04:05.000Z',
  suggestedFolderId: null,
  shared: false,
};

const snippet = (positionData: Snippet['positionData']): Snippet => ({
  id: 'snippet-1',
  userId: 'user-1',
  linkId: 'link-1',
  pageUrl: 'https://example.com/a',
  pageTitle: null,
  selectedText: 'selected',
  contextBefore: null,
  contextAfter: 'after',
  note: null,
  color: 'yellow',
  positionData,
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
});

describe('response serializer', () => {
  it.each([
    { name: 'a page of links', schema: pageOf(linkSchema), data: { items: [link, link], nextCursor: 'c' } },
    { name: 'an empty page', schema: pageOf(linkSchema), data: { items: [], nextCursor: null } },
    {
      name: 'search results with every kind of position data',
      schema: searchResultSchema,
      data: {
        folders: [],
        links: [link],
        snippets: [snippet(null), snippet({ start: 1, quote: ['a'] }), snippet('text'), snippet(7)],
      },
    },
    {
      name: 'stats',
      schema: statsSchema,
      data: { links: 5, uncategorized: 1, snippets: 2, folders: { f: 4 } },
    },
    {
      name: 'an error with details',
      schema: errorSchema,
      data: { error: { code: 'c', message: 'm', details: [{ field: 'f', message: 'm' }] } },
    },
    { name: 'an error without details', schema: errorSchema, data: { error: { code: 'c', message: 'm' } } },
    {
      name: 'a loose object',
      schema: z.object({ jsonrpc: z.literal('2.0') }).loose(),
      data: { jsonrpc: '2.0', id: 1, result: { a: [1] } },
    },
  ])('writes $name exactly as the zod serializer does', ({ schema, data }) => {
    expect(stringifiableSchema(schema)).not.toBeNull();
    expect(serialize(schema, data)).toBe(zodSerialize(schema, data));
  });

  it('leaves out properties the schema does not declare, at every depth', () => {
    const data = {
      items: [{ ...link, user_id: 'secret', platformMetadata: { kept: 1 } }],
      nextCursor: null,
      internal: true,
    };
    const written = JSON.parse(serialize(pageOf(linkSchema), data)) as Record<string, unknown>;
    expect(written).toEqual({ items: [{ ...link, platformMetadata: { kept: 1 } }], nextCursor: null });
    const error = {
      error: { code: 'c', message: 'm', stack: 'at …', details: [{ field: 'f', message: 'm', x: 1 }] },
    };
    expect(JSON.parse(serialize(errorSchema, error))).toEqual({
      error: { code: 'c', message: 'm', details: [{ field: 'f', message: 'm' }] },
    });
  });

  it('keeps the zod serializer for unions it cannot write without validating', () => {
    const schema = z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]);
    expect(stringifiableSchema(schema)).toBeNull();
    expect(serialize(schema, { b: 2, extra: 1 })).toBe('{"b":2}');
  });

  it('writes lists of records as UTF-8 bytes, a record at a time, the same JSON as one document', () => {
    const wide = { ...link, title: 'Two-byte — 日本語 \uD83D\uDE00' };
    const page = { items: [link, wide, link], nextCursor: 'next' };
    const written = serializerCompiler(route(pageOf(linkSchema)))(page) as unknown;
    expect(Buffer.isBuffer(written)).toBe(true);
    expect((written as Buffer).toString('utf8')).toBe(zodSerialize(pageOf(linkSchema), page));
    expect(() => serialize(pageOf(linkSchema), { nextCursor: null })).toThrow(/"items" is required/);
    expect(() => serialize(pageOf(linkSchema), { items: 'x', nextCursor: null })).toThrow(/must be an array/);
  });

  it('refuses to write a response missing a required field', () => {
    const incomplete: Partial<Link> = { ...link };
    delete incomplete.snippetCount;
    expect(() => serialize(linkSchema, incomplete)).toThrow();
  });
});
