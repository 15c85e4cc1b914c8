import { afterAll, describe, expect, it, vi } from 'vitest';
import { PageAnalyzer } from './analyzer-pool.js';

/**
 * A page must never be parsed on the web server's thread (analyzer-pool.ts): here the parser fails
 * wherever the server's thread calls it. The pool's threads load the real module, which vitest's mock
 * does not reach, so an analysis that succeeds was made on one of them.
 */
vi.mock('./analyze.js', () => ({
  analyzePage: () => {
    throw new Error('A page was analysed on the web server thread');
  },
}));

describe('PageAnalyzer', () => {
  const analyzer = new PageAnalyzer(1);
  afterAll(() => analyzer.close());

  it("parses pages on its own threads, never on the web server's", async () => {
    const words = 'Harbour cranes lift steel boxes from the ships all night long. '.repeat(200);
    const analysis = await analyzer.analyze({
      html: `<html><head><title>Harbour at night</title></head><body><p>${words}</p></body></html>`,
      url: 'https://harbour.example.com/night',
      existingTags: [],
    });
    expect(analysis.metadata.title).toBe('Harbour at night');
  });
});
