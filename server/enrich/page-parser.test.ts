import { afterAll, describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../test/wait.js';
import { PageParser } from './page-parser.js';

/**
 * A page must never be parsed on the web server's thread (page-parser.ts): here the parser fails
 * wherever the server's thread calls it. The pool's threads load the real module, which vitest's mock
 * does not reach, so an analysis that succeeds was made on one of them.
 */
vi.mock('./analyze.js', () => ({
  analyzePage: () => {
    throw new Error('A page was analysed on the web server thread');
  },
}));

/** A page as the fetcher hands it over: its bytes, and the Content-Type it was served with. */
const served = (html: string | Buffer, contentType = 'text/html; charset=utf-8') => ({
  body: new Uint8Array(typeof html === 'string' ? Buffer.from(html) : html),
  contentType,
  url: 'https://harbour.example.com/night',
  existingTags: [],
});

describe('PageParser', () => {
  const parser = new PageParser(1);
  afterAll(() => parser.close());
  const words = 'Harbour cranes lift steel boxes from the ships all night long. '.repeat(200);

  it("parses pages on its own threads, never on the web server's", async () => {
    const analysis = await parser.analyze(
      served(`<html><head><title>Harbour at night</title></head><body><p>${words}</p></body></html>`),
    );
    expect(analysis.metadata.title).toBe('Harbour at night');
  });

  it("moves a page's bytes to the thread, not a copy, and decodes them there as a browser would", async () => {
    // "Café – naïve" in windows-1252, which the header names: the thread weighs the charset.
    const title = Buffer.from('436166e92096206e61ef7665', 'hex');
    const page = served(
      Buffer.concat([
        Buffer.from('<html><head><title>'),
        title,
        Buffer.from(`</title></head><body><p>${words}</p></body></html>`),
      ]),
      'text/html; charset=windows-1252',
    );
    const analysis = await parser.analyze(page);
    expect(analysis.metadata.title).toBe('Café – naïve');
    // Transferred: the web process no longer holds the page (memory).
    expect(page.body.byteLength).toBe(0);
  });
});

describe('PageParser, abandoned', () => {
  // No time limit: a page that is not let go of is parsed to the end, and analyze() answers.
  const parser = new PageParser(1, { timeoutMs: 600_000 });
  afterAll(() => parser.close());
  const page = (paragraphs: number) =>
    served(
      `<html><body>${'<p>Steel boxes leave the harbour on long ships every night of the year.</p>'.repeat(paragraphs)}</body></html>`,
    );

  it('lets go of pages when their signal aborts, whether being parsed or waiting for the thread', async () => {
    // A thread ready and idle: a page handed to the pool goes to it at once.
    await parser.analyze(page(10));
    const handed = vi.spyOn(parser['pool'], 'run');
    const stop = new AbortController();
    const parsing = parser.analyze(page(20_000), stop.signal);
    const waiting = parser.analyze(page(10), stop.signal);
    await waitFor(() => handed.mock.calls.length === 1);
    stop.abort(new Error('stopping'));
    await expect(parsing).rejects.toMatchObject({ name: 'AbortError' });
    await expect(waiting).rejects.toThrow('stopping');
    // The thread is free for the next page.
    expect((await parser.analyze(page(10))).text).toContain('Steel boxes');
  });
});
