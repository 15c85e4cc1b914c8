import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../test/app.js';
import { html, usePageServer } from '../../test/page-server.js';
import { heldBy } from '../../test/signals.js';
import { loadConfig } from '../config.js';
import { LanguageModel, MAX_PROMPT_TEXT_CHARS, type ModelInput } from './llm.js';

const API_KEY = 'sk-test-0123456789-very-secret';

/** How the fake endpoint answers the next requests. */
type Mode =
  | 'good'
  | 'fenced'
  | 'invalid-json'
  | 'schema-violation'
  | 'missing-field'
  | 'server-error'
  | 'hang'
  | 'no-json-schema';

interface Recorded {
  path: string;
  headers: IncomingHttpHeaders;
  body: {
    model?: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { schema: unknown } };
  };
  rawLength: number;
}

const REAL_SENTENCE =
  'Augustin Fresnel designed the lens in 1822, stacking rings of glass prisms so that a single lamp could throw a beam more than twenty miles out to sea.';

const goodAnswer = () => ({
  summaryShort: 'MODEL: Fresnel lenses made lighthouse beams visible for miles.',
  summaryLong:
    'MODEL: The page tells how lighthouses guided ships, how the Fresnel lens of 1822 multiplied the reach of a single lamp, and how keepers gave way to automation.',
  keyPoints: [
    'MODEL: Lighthouses guided ships for centuries.',
    'MODEL: Fresnel designed his lens in 1822.',
    'MODEL: Most lighthouses are now automated.',
    'MODEL: Each light has its own flash pattern.',
    'MODEL: Old lighthouses became museums.',
    'MODEL: a sixth point that must be dropped.',
  ],
  tags: ['Lighthouses', '#Maritime History', 'optics', 'OPTICS', 'fresnel lens', 'navigation', 'extra'],
  highlights: [
    REAL_SENTENCE,
    // Not in the page: a model must not put words in the page's mouth.
    'Fresnel once said that "light is the sailor\'s only friend" at a lecture in Paris.',
  ],
});

/** A small OpenAI-compatible chat completions server on 127.0.0.1, started and stopped by the tests. */
function useFakeModel() {
  const fake = {
    mode: 'good' as Mode,
    requests: [] as Recorded[],
    url: '',
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(raw) as Recorded['body'];
      fake.requests.push({ path: req.url ?? '', headers: req.headers, body, rawLength: raw.length });
      const reply = (content: string) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-test',
            object: 'chat.completion',
            model: body.model,
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          }),
        );
      switch (fake.mode) {
        case 'good':
          return reply(JSON.stringify(goodAnswer()));
        case 'fenced':
          return reply(`Here is the JSON:\n\`\`\`json\n${JSON.stringify(goodAnswer())}\n\`\`\``);
        case 'invalid-json':
          return reply('{"summaryShort": "cut off in the middle of');
        case 'schema-violation':
          return reply(JSON.stringify({ ...goodAnswer(), keyPoints: 'one long string', tags: 42 }));
        case 'missing-field':
          return reply(JSON.stringify({ ...goodAnswer(), summaryShort: undefined }));
        case 'server-error':
          return res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
        case 'hang':
          return; // never answers: the client's time limit must end the wait
        case 'no-json-schema':
          if (body.response_format?.type === 'json_schema') {
            return res
              .writeHead(400, { 'content-type': 'application/json' })
              .end('{"error":{"message":"response_format json_schema is not supported"}}');
          }
          return reply(JSON.stringify(goodAnswer()));
      }
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    fake.mode = 'good';
    fake.requests.length = 0;
  });
  return fake;
}

/** A logger that keeps every line, so a test can check what was (and was not) written. */
function captureLog() {
  const lines: string[] = [];
  return {
    lines,
    warn: (details: Record<string, unknown>, message: string) => {
      lines.push(JSON.stringify({ ...details, message }));
    },
  };
}

const PAGE_TEXT = [
  'Lighthouses guided ships along dangerous coasts for centuries, and the Fresnel lens made their light visible for miles.',
  REAL_SENTENCE,
  'Today most lighthouses are automated, but the Fresnel lens remains in use on coasts around the world.',
].join('\n\n');

const input = (text = PAGE_TEXT): ModelInput => ({
  url: 'https://example.com/lighthouses',
  title: 'How Lighthouses Work',
  description: 'A short history of the lens that saved ships.',
  text,
});

describe('LanguageModel against a local OpenAI-compatible server', () => {
  const fake = useFakeModel();
  const model = (timeoutMs = 5_000) => {
    const log = captureLog();
    return {
      log,
      llm: new LanguageModel({ baseUrl: fake.url, apiKey: API_KEY, model: 'test-model-7b', timeoutMs }, log),
    };
  };

  it('asks for structured JSON with the model, the key and the page text, and uses a valid answer', async () => {
    const { llm, log } = model();
    const out = await llm.describe(input());
    await llm.close();

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body.model).toBe('test-model-7b');
    expect(request?.body.response_format?.type).toBe('json_schema');
    expect(request?.body.response_format?.json_schema?.schema).toMatchObject({
      required: expect.arrayContaining(['summaryShort', 'summaryLong', 'keyPoints', 'tags']),
    });
    const user = request?.body.messages.find((m) => m.role === 'user')?.content ?? '';
    expect(user).toContain(REAL_SENTENCE);
    expect(user).toContain('How Lighthouses Work');
    expect(user).toContain('https://example.com/lighthouses');

    expect(out).toEqual({
      summaryShort: goodAnswer().summaryShort,
      summaryLong: goodAnswer().summaryLong,
      keyPoints: goodAnswer().keyPoints.slice(0, 5),
      tags: goodAnswer().tags,
      // The invented quotation is dropped; the sentence that is really on the page stays.
      highlights: [REAL_SENTENCE],
    });
    expect(log.lines).toEqual([]);
  });

  it('sends at most a bounded amount of page text, however long the page', async () => {
    const { llm } = model();
    const huge = Array.from({ length: 5_000 }, (_, i) => `Paragraph ${i} says something about lighthouses.`);
    await llm.describe(input(huge.join('\n\n')));
    await llm.close();
    const user = fake.requests[0]?.body.messages.find((m) => m.role === 'user')?.content ?? '';
    expect(user).toContain('Paragraph 0 says');
    expect(user).not.toContain('Paragraph 4999');
    expect(user.length).toBeLessThanOrEqual(MAX_PROMPT_TEXT_CHARS + 1_000);
    expect(fake.requests[0]?.rawLength).toBeLessThan(MAX_PROMPT_TEXT_CHARS + 5_000);
  });

  it('accepts JSON wrapped in a Markdown fence', async () => {
    fake.mode = 'fenced';
    const { llm } = model();
    expect((await llm.describe(input()))?.summaryShort).toBe(goodAnswer().summaryShort);
    await llm.close();
  });

  it.each([
    ['invalid-json', 'invalid-json', undefined],
    ['schema-violation', 'invalid-output', undefined],
    ['missing-field', 'invalid-output', undefined],
    ['server-error', 'http', 500],
  ] as const)('falls back (null) on %s, logging why but never the key', async (mode, reason, status) => {
    fake.mode = mode;
    const { llm, log } = model();
    expect(await llm.describe(input())).toBeNull();
    await llm.close();
    expect(log.lines).toHaveLength(1);
    expect(JSON.parse(log.lines[0] ?? '{}')).toMatchObject({ reason, ...(status ? { status } : {}) });
    expect(log.lines.join('\n')).not.toContain(API_KEY);
    expect(log.lines.join('\n')).not.toContain('sk-test');
  });

  it('gives up when the model does not answer within the time limit', async () => {
    fake.mode = 'hang';
    const { llm, log } = model(400);
    const started = Date.now();
    expect(await llm.describe(input())).toBeNull();
    const elapsed = Date.now() - started;
    await llm.close();
    expect(elapsed).toBeGreaterThanOrEqual(350);
    expect(JSON.parse(log.lines[0] ?? '{}')).toMatchObject({ reason: 'timeout' });
    expect(log.lines.join('\n')).not.toContain(API_KEY);
  });

  it('is abandoned with its caller (a worker being stopped): no fallback, nothing logged', async () => {
    fake.mode = 'hang';
    const { llm, log } = model();
    const stop = new AbortController();
    const answer = llm.describe(input(), stop.signal);
    setTimeout(() => stop.abort(new Error('stopping')), 100);
    await expect(answer).rejects.toThrow('stopping');
    await llm.close();
    expect(log.lines).toEqual([]);
  });

  it("leaves nothing on its caller's signal, however many pages it describes", async () => {
    const { llm } = model();
    const worker = new AbortController();
    for (let i = 0; i < 20; i += 1) expect(await llm.describe(input(), worker.signal)).not.toBeNull();
    await llm.close();
    expect(heldBy(worker.signal)).toBe(0);
  });

  it('falls back to json_object when the server rejects json_schema, and keeps to it', async () => {
    fake.mode = 'no-json-schema';
    const { llm } = model();
    expect((await llm.describe(input()))?.summaryShort).toBe(goodAnswer().summaryShort);
    expect((await llm.describe(input()))?.summaryShort).toBe(goodAnswer().summaryShort);
    await llm.close();
    expect(fake.requests.map((r) => r.body.response_format?.type)).toEqual([
      'json_schema',
      'json_object',
      'json_object',
    ]);
  });

  it('sends no Authorization header and no model when none are configured', async () => {
    const llm = new LanguageModel({ baseUrl: `${fake.url}/`, timeoutMs: 5_000 });
    expect(await llm.describe(input())).not.toBeNull();
    await llm.close();
    expect(fake.requests[0]?.path).toBe('/v1/chat/completions');
    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
    expect(fake.requests[0]?.body.model).toBeUndefined();
  });
});

describe('LLM configuration', () => {
  it('is off unless LLM_BASE_URL is set', () => {
    expect(loadConfig({}).llm).toBeNull();
    expect(loadConfig({ LLM_API_KEY: 'x', LLM_MODEL: 'y' }).llm).toBeNull();
  });

  it('reads the endpoint, key, model and time limit (20 s by default)', () => {
    expect(
      loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1/', LLM_API_KEY: 'k', LLM_MODEL: 'llama3.2' }).llm,
    ).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', apiKey: 'k', model: 'llama3.2', timeoutMs: 20_000 });
    expect(loadConfig({ LLM_BASE_URL: 'https://api.example.com/v1', LLM_TIMEOUT_MS: '5000' }).llm).toEqual({
      baseUrl: 'https://api.example.com/v1',
      apiKey: undefined,
      model: undefined,
      timeoutMs: 5_000,
    });
    expect(() => loadConfig({ LLM_BASE_URL: 'not a url' })).toThrow(/LLM_BASE_URL/);
    expect(() => loadConfig({ LLM_BASE_URL: 'http://x/v1', LLM_TIMEOUT_MS: '10' })).toThrow(/LLM_TIMEOUT_MS/);
  });
});

const ARTICLE = `<!doctype html><html lang="en"><head>
  <title>How Lighthouses Work</title>
  <meta property="og:description" content="A short history of the lens that saved ships.">
</head><body><article>
  <h1>How Lighthouses Work</h1>
  <p>Lighthouses guided ships along dangerous coasts for centuries, and the Fresnel lens made their light visible for miles.</p>
  <p>${REAL_SENTENCE}</p>
  <p>Before the Fresnel lens, lighthouses burned open fires or used mirrors, and most of their light was lost into the sky.</p>
  <p>Keepers tended the lamps every night, trimming wicks and winding the clockwork that turned the lens and gave each lighthouse its own flash pattern.</p>
  <p>Today most lighthouses are automated, but the Fresnel lens remains in use on coasts around the world, and many old lighthouses are now museums.</p>
</article></body></html>`;

describe('enrichment with a language model configured', () => {
  const fake = useFakeModel();
  const pages = usePageServer({ '/article': html(ARTICLE) });
  const llm = { baseUrl: '', apiKey: API_KEY, model: 'test-model-7b', timeoutMs: 800 };
  // The fake model's address is known once it listens, before the app below is built from this config.
  beforeAll(() => {
    llm.baseUrl = fake.url;
  });
  const ctx = useTestApp({ fetchAllow: ['127.0.0.1'], llm });

  const enrichOnce = async (existingTags: string[] = []) => {
    const { auth, user } = await signUp(ctx.app);
    if (existingTags.length > 0) {
      await ctx.database.db
        .insertInto('user_tags')
        .values(existingTags.map((tag) => ({ user_id: user.id, tag })))
        .execute();
    }
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: auth,
      payload: { url: pages.url('/article') },
    });
    expect(res.statusCode, res.body).toBe(201);
    while (await ctx.services.workers.runOnce());
    const link = await ctx.app.inject({ method: 'GET', url: `/api/links/${res.json().id}`, headers: auth });
    return link.json();
  };

  it('takes summaries, key points and tags from the model, tags normalised to the user’s own', async () => {
    const link = await enrichOnce(['lighthouse', 'Navigation']);
    expect(link).toMatchObject({
      enrichmentStatus: 'enriched',
      extractionMethod: 'readability+llm',
      title: 'How Lighthouses Work',
      summaryShort: goodAnswer().summaryShort,
      summaryLong: goodAnswer().summaryLong,
      keyPoints: goodAnswer().keyPoints.slice(0, 5),
      highlights: [REAL_SENTENCE],
    });
    // "Lighthouses" is the user's "lighthouse", "#Maritime History" is cleaned, "OPTICS" repeats "optics",
    // and "navigation" takes the user's spelling; five at most.
    expect(link.tags).toEqual(['lighthouse', 'maritime history', 'optics', 'fresnel lens', 'Navigation']);
    const sent = fake.requests[0]?.body.messages.find((m) => m.role === 'user')?.content ?? '';
    expect(sent).toContain(REAL_SENTENCE);
  });

  it.each(['server-error', 'invalid-json', 'schema-violation', 'hang'] as const)(
    'keeps the built-in result when the model fails (%s)',
    async (mode) => {
      fake.mode = mode;
      const link = await enrichOnce();
      expect(fake.requests.length).toBeGreaterThanOrEqual(1);
      expect(link).toMatchObject({ enrichmentStatus: 'enriched', extractionMethod: 'readability' });
      expect(link.summaryShort).toMatch(/Fresnel lens/);
      expect(link.summaryShort).not.toMatch(/MODEL/);
      expect(link.keyPoints.length).toBeGreaterThanOrEqual(3);
      expect(link.tags.length).toBeGreaterThanOrEqual(3);
    },
  );
});
