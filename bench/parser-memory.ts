/**
 * The parsing thread's memory alone (see BENCHMARKS.md "Memory soak"): the built PageParser, as the
 * server runs it, analyses the Readability corpus `rounds` times over; the process's RSS, anonymous
 * memory and peak are printed after each round. Run it with the server's settings:
 *
 *   npm run build && MALLOC_ARENA_MAX=2 node_modules/.bin/node --import tsx --max-semi-space-size=4 \
 *     --optimize-for-size bench/parser-memory.ts [rounds]
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { PageParser as Parser } from '../server/enrich/page-parser.js';
import { READABILITY_PAGE_URL, readabilityCases } from './quality/corpus.js';

const ROUNDS = Number(process.argv[2] ?? 6);
const MB = 1024;

/** VmRSS, RssAnon and VmHWM (the peak) of this process, in MB. */
function memory() {
  const status = readFileSync('/proc/self/status', 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / MB;
  return { rss: field('VmRSS'), anon: field('RssAnon'), peak: field('VmHWM') };
}

async function main(): Promise<void> {
  // The compiled parser, so that its thread runs the compiled code as the server's does (not through tsx).
  const built = pathToFileURL(`${import.meta.dirname}/../dist/server/enrich/page-parser.js`).href;
  const { PageParser } = (await import(built)) as { PageParser: typeof Parser };
  const parser = new PageParser();
  const pages = readabilityCases();
  const started = performance.now();
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const page of pages) {
        const body = new TextEncoder().encode(page.html);
        const contentType = 'text/html; charset=utf-8';
        await parser
          .analyze({ body, contentType, url: READABILITY_PAGE_URL, existingTags: [] })
          .catch(() => null);
      }
      const { rss, anon, peak } = memory();
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `round ${round}: RSS ${rss.toFixed(0)} MB (anonymous ${anon.toFixed(0)}), peak ${peak.toFixed(0)} MB, ${seconds.toFixed(0)} s`,
      );
    }
  } finally {
    await parser.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
