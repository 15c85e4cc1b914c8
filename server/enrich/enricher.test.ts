import { afterAll, describe, expect, it, vi } from 'vitest';
import { html, usePageServer } from '../../test/page-server.js';
import { PageParser } from './page-parser.js';
import { Enricher } from './enricher.js';
import { SafeFetcher } from '../fetch/safe-fetcher.js';
import type { LanguageModel, ModelOutput } from './llm.js';

/** Whether the web process has loaded the tagger, whose stemmers and language data are 6 MB of its heap. */
const tagger = vi.hoisted(() => ({ loaded: false }));
vi.mock('./text/tags.js', async (original) => {
  tagger.loaded = true;
  return original();
});

const PAGE = `<html><head><title>Harbour at night</title></head><body><article>${'<p>Harbour cranes lift steel containers from the cargo ships all night long.</p>'.repeat(30)}</article></body></html>`;

const modelAnswer: ModelOutput = {
  summaryShort: 'Cranes unload ships at night.',
  summaryLong: 'In the harbour, cranes unload the cargo ships all night.',
  keyPoints: ['Cranes work all night.'],
  tags: ['#Harbours', 'CRANES'],
  highlights: [],
};

describe('Enricher in the web process', () => {
  const pages = usePageServer({ '/night': html(PAGE) });
  const fetcher = new SafeFetcher(['127.0.0.1']);
  const parser = new PageParser(1);
  afterAll(() => Promise.all([fetcher.close(), parser.close()]));

  it("leaves the tagger to the parsing thread, unless a model's tags are to be reconciled", async () => {
    const builtIn = await new Enricher(fetcher, parser).enrich(pages.url('/night'), []);
    expect(builtIn.tags.length).toBeGreaterThan(0);
    expect(tagger.loaded).toBe(false);

    const model = {
      describe: () => Promise.resolve(modelAnswer),
      close: () => Promise.resolve(),
    } as unknown as LanguageModel;
    const described = await new Enricher(fetcher, parser, model).enrich(pages.url('/night'), []);
    expect(tagger.loaded).toBe(true);
    expect(described).toMatchObject({ extractionMethod: 'readability+llm' });
    expect(described.tags.slice(0, 2)).toEqual(['harbours', 'cranes']);
  });

  it('keeps a page for a content job without asking the model anything', async () => {
    const asked = vi.fn(() => Promise.resolve(modelAnswer));
    const model = { describe: asked, close: () => Promise.resolve() } as unknown as LanguageModel;
    const kept = await new Enricher(fetcher, parser, model).keptPage(pages.url('/night'));
    expect(kept?.wordCount).toBeGreaterThan(100);
    expect(asked).not.toHaveBeenCalled();
    await expect(new Enricher(fetcher, parser, model).keptPage(pages.url('/gone'))).rejects.toThrow(/404/);
  });
});
