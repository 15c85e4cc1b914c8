/**
 * Smart categories' quality (issue 19, see BENCHMARKS.md):  npm run bench:suggest
 *
 * Builds a library of 200 BBC articles of ../shared/corpus filed by hand into eight topic folders
 * (suggest/topics.ts says by what rule), served as pages on 127.0.0.1 and enriched by the real server
 * (buildServices + buildApp on a throw-away SQLite database, enrichment workers, no language model):
 * three in four articles of each folder are saved into their folder, and once those are enriched, the
 * fourth (held back, 50 links) is saved uncategorized, as a new link is. Its suggestion is the one
 * enrichment's end stores (GET /api/links). Reported: the share of held-back links whose suggested folder
 * is right (target: at least 70%), coverage (how many got a suggestion at all) and precision (how many
 * suggestions were right). Then the same classifier on the same enriched links, in four folds (each
 * link held back once), for a figure on all 200 links.
 *
 * Options: --verbose lists the wrong and missing suggestions.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Folder, Link, Session } from '../contracts/index.js';
import { buildApp, buildServices } from '../server/app.js';
import { testConfig } from '../server/config.js';
import { FolderClassifier, MIN_CONFIDENCE } from '../server/organise/folder-classifier.js';
import { LINK_TEXT_COLUMNS } from '../server/library/link-suggestions.repository.js';
import { linkTerms } from '../server/organise/link-terms.js';
import { sqliteDatabase } from './engines.js';
import { CORPUS, hasCorpus } from './quality/corpus.js';
import { machine, saveResults } from './report.js';
import { HELD_BACK_EVERY, type TopicPage, topicPages } from './suggest/library.js';

const TARGET = 0.7;
const verbose = process.argv.includes('--verbose');

interface Score {
  links: number;
  suggested: number;
  right: number;
}
const report = (name: string, { links, suggested, right }: Score) =>
  `${name}: right ${right}/${links} (${pct(right, links)}), coverage ${pct(suggested, links)}, ` +
  `precision ${pct(right, suggested)}`;
const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`;

async function main(): Promise<void> {
  if (!hasCorpus()) throw new Error('bench:suggest needs ../shared/corpus (or CORPUS_DIR).');
  console.log(`Machine: ${machine()}`);
  const pages = topicPages(CORPUS);
  const byPath = new Map(pages.map((page) => [page.path, page]));
  const pageServer = createServer((req, res) => {
    const page = byPath.get(req.url ?? '');
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page.html);
  });
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}`;

  const bench = await sqliteDatabase();
  const config = testConfig({ fetchAllow: ['127.0.0.1'] });
  const services = buildServices({ config, database: bench.database });
  const app = await buildApp({ config, database: bench.database }, services);
  await services.start(2);
  try {
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Bench', email: 'bench@example.com', password: 'correct horse battery staple' },
    });
    const auth = { authorization: `Bearer ${signup.json<Session>().access_token}` };
    const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> => {
      const res = await app.inject({ method, url, headers: auth, payload });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json<T>();
    };
    const folders = new Map<string, string>();
    for (const name of new Set(pages.map((page) => page.folder))) {
      folders.set(name, (await call<Folder>('POST', '/api/folders', { name, color: 'blue' })).id);
    }
    const save = async (group: TopicPage[], filed: boolean) => {
      const started = Date.now();
      for (const page of group) {
        await call('POST', '/api/links', {
          url: `${origin}${page.path}`,
          ...(filed && { folderId: folders.get(page.folder) }),
        });
      }
      await enriched(bench.database.db);
      return (Date.now() - started) / 1000;
    };
    const filedSeconds = await save(
      pages.filter((page) => !page.heldBack),
      true,
    );
    const heldSeconds = await save(
      pages.filter((page) => page.heldBack),
      false,
    );
    console.log(
      `Enriched ${pages.length} pages (${filedSeconds.toFixed(1)} s filed, ${heldSeconds.toFixed(1)} s held back)`,
    );

    const nameOf = new Map([...folders].map(([name, id]) => [id, name]));
    const links = (await call<{ items: Link[] }>('GET', '/api/links?limit=200')).items;
    const pageOf = (link: Link) => byPath.get(new URL(link.url).pathname) as TopicPage;
    const held = links.filter((link) => pageOf(link).heldBack);
    const atEnrichment: Score = { links: held.length, suggested: 0, right: 0 };
    for (const link of held) {
      const suggested = link.suggestedFolderId ? nameOf.get(link.suggestedFolderId) : undefined;
      atEnrichment.suggested += Number(suggested !== undefined);
      atEnrichment.right += Number(suggested === pageOf(link).folder);
      if (verbose && suggested !== pageOf(link).folder)
        console.log(`  ${pageOf(link).path} (${pageOf(link).folder}): ${suggested ?? 'no suggestion'}`);
    }
    console.log(report('Held back, suggested at enrichment', atEnrichment));

    const rows = await bench.database.db.selectFrom('links').select(LINK_TEXT_COLUMNS).execute();
    const examples = rows.map((row) => ({
      page: byPath.get(new URL(row.url).pathname) as TopicPage,
      terms: linkTerms(row),
    }));
    const inFolds = (minConfidence: number): Score => {
      const score: Score = { links: 0, suggested: 0, right: 0 };
      for (let fold = 0; fold < HELD_BACK_EVERY; fold += 1) {
        const inFold = (index: number) => index % HELD_BACK_EVERY === fold;
        const classifier = new FolderClassifier(
          examples.filter((_, i) => !inFold(i)).map((e) => ({ folderId: e.page.folder, terms: e.terms })),
          minConfidence,
        );
        for (const example of examples.filter((_, i) => inFold(i))) {
          const guess = classifier.suggest(example.terms);
          score.links += 1;
          score.suggested += Number(guess !== null);
          score.right += Number(guess?.folderId === example.page.folder);
        }
      }
      return score;
    };
    const folds = inFolds(MIN_CONFIDENCE);
    console.log(report(`All ${folds.links} links in ${HELD_BACK_EVERY} folds`, folds));
    const thresholds = [0, 0.5, 0.9, 0.99, 0.999].map((t) => ({ minConfidence: t, ...inFolds(t) }));
    for (const { minConfidence, ...score } of thresholds)
      console.log(report(`  confidence >= ${minConfidence}`, score));
    // What one learning costs at the most filed links learnt from (2,000: folder-suggestions.service.ts),
    // the enriched rows repeated: their words as read from the database, then the classifier built.
    const many = Array.from({ length: 2_000 }, (_, i) => rows[i % rows.length] as (typeof rows)[number]);
    const started = performance.now();
    const learnt = new FolderClassifier(
      many.map((row, i) => ({ folderId: `folder-${i % 8}`, terms: linkTerms(row) })),
    );
    const learnMs = performance.now() - started;
    console.log(`Learning from 2,000 filed links: ${learnMs.toFixed(0)} ms (${learnt.candidates} folders)`);
    const met = atEnrichment.right / atEnrichment.links >= TARGET;
    console.log(
      `Target: at least ${TARGET * 100}% of held-back links suggested the right folder: ${met ? 'met' : 'NOT met'}`,
    );
    console.log(
      `Results: ${saveResults('suggest', { machine: machine(), atEnrichment, folds, thresholds, learnMs })}`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    await services.close();
    await app.close();
    await bench.dispose();
    pageServer.close();
  }
}

/** Waits until no link is waiting for its enrichment. */
async function enriched(db: Awaited<ReturnType<typeof sqliteDatabase>>['database']['db']): Promise<void> {
  for (;;) {
    const waiting = await db
      .selectFrom('links')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('enrichment_status', 'in', ['queued', 'processing'])
      .executeTakeFirstOrThrow();
    if (Number(waiting.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

await main();
