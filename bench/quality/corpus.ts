import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decode } from '../../server/fetch/decode.js';

/** ../shared/corpus beside the repository (the corpus README), or CORPUS_DIR. */
export const CORPUS = resolve(process.env.CORPUS_DIR ?? join(import.meta.dirname, '../../../shared/corpus'));

export const hasCorpus = () => existsSync(CORPUS);

/** A saved page decoded as the fetcher decodes a live one (BOM, meta charset, default UTF-8). */
export function readPage(path: string): string {
  const raw = readFileSync(path);
  return decode(path.endsWith('.gz') ? gunzipSync(raw) : raw, undefined);
}

export interface ReadabilityCase {
  name: string;
  html: string;
  expected: { title: string | null; excerpt: string | null };
  /** Readability's own extraction of the page (expected.html), the reference for the main text. */
  expectedHtml: string;
}

/** Mozilla's own tests load every page from this address. */
export const READABILITY_PAGE_URL = 'http://fakehost/test/page.html';

const readabilityDir = () => join(CORPUS, 'readability-test-pages');

export function readabilityPaths(): string[] {
  const dir = readabilityDir();
  return readdirSync(dir)
    .map((name) => join(dir, name, 'source.html'))
    .filter((path) => existsSync(path));
}

export function readabilityCases(): ReadabilityCase[] {
  const dir = readabilityDir();
  return readdirSync(dir)
    .filter((name) => existsSync(join(dir, name, 'source.html')))
    .map((name) => ({
      name,
      // Mozilla stores these pages as UTF-8 text, whatever charset their markup declares.
      html: readFileSync(join(dir, name, 'source.html'), 'utf8'),
      expected: JSON.parse(
        readFileSync(join(dir, name, 'expected-metadata.json'), 'utf8'),
      ) as ReadabilityCase['expected'],
      expectedHtml: readFileSync(join(dir, name, 'expected.html'), 'utf8'),
    }));
}

export interface ImageCase {
  source: string;
  name: string;
  url: string;
  html: string;
  expectedImage: string;
}

interface MetascraperEntry {
  page: string;
  url: string;
  expected: { image?: string | null };
}
interface OgsEntry {
  page: string;
  served_url: string;
  cases: { url: string; expected: { ogImage?: { url: string }[] } }[];
}

/** Pages whose expected preview image is named: metascraper's `image` and openGraphScraper's `ogImage`. */
export function imageCases(): ImageCase[] {
  const out: ImageCase[] = [];
  const meta = join(CORPUS, 'og-metadata/metascraper');
  const metaEntries = JSON.parse(readFileSync(join(meta, 'expectations.json'), 'utf8')) as Record<
    string,
    MetascraperEntry
  >;
  for (const [name, entry] of Object.entries(metaEntries)) {
    if (!entry.expected.image) continue;
    out.push({
      source: 'metascraper',
      name,
      url: entry.url,
      html: readPage(join(meta, entry.page)),
      expectedImage: entry.expected.image,
    });
  }
  const ogs = join(CORPUS, 'og-metadata/opengraphscraper');
  const ogsEntries = JSON.parse(readFileSync(join(ogs, 'expectations.json'), 'utf8')) as Record<
    string,
    OgsEntry
  >;
  for (const [name, entry] of Object.entries(ogsEntries)) {
    const withImage = entry.cases.find((c) => c.expected.ogImage?.[0]?.url);
    const expected = withImage?.expected.ogImage?.[0]?.url;
    if (!withImage || !expected) continue;
    out.push({
      source: 'opengraphscraper',
      name,
      url: withImage.url,
      html: readPage(join(ogs, entry.page)),
      expectedImage: new URL(expected, withImage.url).toString(),
    });
  }
  return out;
}

export interface NewsCase {
  name: string;
  url: string;
  html: string;
}

/** Saved news and blog pages: metascraper's integration pages and newspaper4k's test pages. */
export function newsCases(): NewsCase[] {
  const meta = join(CORPUS, 'og-metadata/metascraper');
  const metaEntries = JSON.parse(readFileSync(join(meta, 'expectations.json'), 'utf8')) as Record<
    string,
    MetascraperEntry
  >;
  const out: NewsCase[] = Object.entries(metaEntries).map(([name, entry]) => ({
    name: `metascraper/${name}`,
    url: entry.url,
    html: readPage(join(meta, entry.page)),
  }));
  const newspaper = join(CORPUS, 'og-metadata/newspaper4k');
  for (const file of readdirSync(join(newspaper, 'html'))) {
    const metadata = join(newspaper, 'metadata', file.replace(/\.html$/, '.json'));
    if (!existsSync(metadata)) continue;
    const { url } = JSON.parse(readFileSync(metadata, 'utf8')) as { url?: string };
    out.push({
      name: `newspaper4k/${file}`,
      // A few of its pages were saved without their address.
      url: url && URL.canParse(url) ? url : 'https://example.com/',
      html: readPage(join(newspaper, 'html', file)),
    });
  }
  return out;
}

export interface SummaryCase {
  article: string;
  references: string[];
}

export function summaryCases(file = 'news_writer_summaries.jsonl'): SummaryCase[] {
  return readFileSync(join(CORPUS, 'summaries', file), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { article: string; reference: string; references?: string[] })
    .map((row) => ({ article: row.article, references: row.references ?? [row.reference] }));
}
