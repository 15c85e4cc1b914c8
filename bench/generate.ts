/**
 * Builds the benchmark library: one user with 50 folders, 100,000 links and 20,000 snippets, and the
 * page kept of every enriched link (issue 16: bench/page-texts.ts writes them after corpus pages).
 *
 *   npx tsx bench/generate.ts [DATABASE_URL]     (default sqlite:./data/bench.db)
 *
 * The user is created through the accounts service, so the password is hashed as the app expects and
 * the bench can log in. Everything else is bulk-inserted with multi-row INSERTs in one transaction, two
 * orders of magnitude faster than going through the API; every row is one the app could have written
 * (url_key, JSON columns, a link_ingest_jobs row per link, snippets attached by page URL).
 */
import { pathToFileURL } from 'node:url';
import { type Insertable, type Kysely, type Transaction, sql } from 'kysely';
import { FOLDER_COLORS, SNIPPET_COLORS } from '../contracts/index.js';
import { buildServices } from '../server/app.js';
import { testConfig } from '../server/config.js';
import { type Database, type Dialect, openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { countExistingRows } from '../server/db/migrations/0003_library_counts.js';
import type { DB } from '../server/db/schema.js';
import { newId } from '../server/lib/ids.js';
import { writeJson } from '../server/lib/json-column.js';
import { urlKey } from '../server/lib/urls.js';
import type { FolderRow } from '../server/library/folders.repository.js';
import type { LinkRow } from '../server/library/links.repository.js';
import type { SnippetRow } from '../server/library/snippets.repository.js';
import { LinkContentRepository } from '../server/library/link-content.repository.js';
import { indexLinkTags } from '../server/library/link-tags.repository.js';
import { TextGenerator, platformOf, seededRandom } from './corpus.js';
import { type CorpusPages, corpusPages, generatedPage } from './page-texts.js';

export interface LibrarySize {
  folders: number;
  links: number;
  snippets: number;
  /** How many levels the folders nest in (1: all at the top, as before issue 17). */
  folderDepth?: number;
  /** How many different tags the links carry (default: the corpus's topic words, about 150). */
  tags?: number;
}

/** The acceptance size. */
export const ISSUE_2_LIBRARY: LibrarySize = { folders: 50, links: 100_000, snippets: 20_000 };

export interface GenerateOptions {
  size?: LibrarySize;
  /** Keep a page for every enriched link, as enrichment does (default); a bench that reads none may skip it. */
  pages?: boolean;
  email?: string;
  password?: string;
  seed?: number;
}

export interface GeneratedLibrary {
  userId: string;
  email: string;
  password: string;
  folderIds: string[];
  size: LibrarySize;
  seconds: number;
  /** What enrichment keeps of a real page, on average over the corpus pages the kept pages follow (bytes). */
  corpusKeptBytes: number | null;
}

const SPAN_MS = 2 * 365 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const UNCATEGORIZED_SHARE = 1 / 6;
const ATTACHED_SNIPPET_SHARE = 0.6;
const FAILED_ENRICHMENT_SHARE = 0.04;

/** Bind parameters per statement: under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMETERS = 30_000;

type BulkTable = 'folders' | 'links' | 'link_ingest_jobs' | 'snippets';

/** What snippets need to know of the links they attach to. */
interface LinkRef {
  id: string;
  url: string;
  urlKey: string;
  title: string;
  createdAt: number;
}

export async function generateLibrary(
  database: Database,
  options: GenerateOptions = {},
): Promise<GeneratedLibrary> {
  const started = performance.now();
  const size = options.size ?? ISSUE_2_LIBRARY;
  const email = options.email ?? 'bench@example.com';
  const password = options.password ?? 'bench-password-1234';
  const userId = await createUser(database, email, password);

  const text = new TextGenerator(seededRandom(options.seed ?? 2));
  const end = Date.now();
  const pages =
    options.pages === false ? null : { corpus: corpusPages(), random: seededRandom((options.seed ?? 2) + 1) };
  const library = new LibraryWriter(
    text,
    userId,
    end - SPAN_MS,
    end,
    pages && new PageWriter(database, userId, pages),
    size.tags === undefined ? undefined : TextGenerator.vocabularyOf(size.tags),
  );
  const folderIds = await database.db.transaction().execute((trx) =>
    withDerivedDataDeferred(trx, database.dialect, async () => {
      const folders = library.folders(size.folders, size.folderDepth);
      await insertBatches(trx, 'folders', folders);
      const links = await library.insertLinks(
        trx,
        size.links,
        folders.map((f) => f.id),
      );
      await insertBatches(trx, 'snippets', library.snippets(size.snippets, links));
      return folders.map((f) => f.id);
    }),
  );
  await settle(database);
  const kept = pages?.corpus.keptBytes ?? [];
  return {
    userId,
    email,
    password,
    folderIds,
    size,
    seconds: (performance.now() - started) / 1000,
    corpusKeptBytes: kept.length > 0 ? kept.reduce((sum, bytes) => sum + bytes, 0) / kept.length : null,
  };
}

/** Through the service, so the hash is real argon2id and the bench logs in like any client. */
async function createUser(database: Database, email: string, password: string): Promise<string> {
  const { accounts } = buildServices({ config: testConfig(), database });
  const session = await accounts.signup(
    { name: 'Bench User', email, password },
    { address: 'bench-generator', userAgent: null },
  );
  return session.user.id;
}

/**
 * What a settled database has: planner statistics, on PostgreSQL a visibility map, on SQLite the FTS5
 * segments merged as the app's upkeep merges them over time (server/db/sqlite-upkeep.ts; the bulk rebuild
 * leaves several, which it would otherwise merge during the measurements), and the load written out of
 * the WAL, so a benchmark right after does not compete with the checkpoint of 400 MB of writes.
 */
async function settle({ db, dialect }: Database): Promise<void> {
  if (dialect === 'sqlite') {
    for (const table of ['links_fts', 'snippets_fts', 'link_contents_fts']) await mergeFtsSegments(db, table);
    await sql`ANALYZE`.execute(db);
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    return;
  }
  await sql`VACUUM ANALYZE`.execute(db);
  // Needs superuser or pg_checkpoint; without them the server's own checkpoint comes a little later.
  await sql`CHECKPOINT`.execute(db).catch(() => undefined);
}

/** FTS5 'merge' until it reports no more work (fewer than 2 changes: SQLite's documented test). */
async function mergeFtsSegments(db: Kysely<DB>, table: string): Promise<void> {
  const fts = sql.table(table);
  const changes = async () =>
    (await sql<{ n: number }>`SELECT total_changes() AS n`.execute(db)).rows[0]?.n ?? 0;
  for (;;) {
    const before = await changes();
    await sql`INSERT INTO ${fts}(${fts}, rank) VALUES ('merge', 500)`.execute(db);
    if ((await changes()) - before < 2) return;
  }
}

/**
 * Derived data (the search indexes, and the counts of migrations/0003) is built once over the loaded
 * rows rather than row by row: GIN upkeep dominates a PostgreSQL load, and there 100,000 trigger updates
 * of one count row in one transaction leave a chain of row versions that each update walks again.
 * It is all switched off and rebuilt inside the load's transaction, so a failed load leaves the schema
 * exactly as the migrations made it.
 */
async function withDerivedDataDeferred<T>(
  trx: Transaction<DB>,
  dialect: Dialect,
  load: () => Promise<T>,
): Promise<T> {
  const restore = dialect === 'postgres' ? await suspendOnPostgres(trx) : await suspendOnSqlite(trx);
  const result = await load();
  await sql`DELETE FROM link_counts`.execute(trx);
  await sql`DELETE FROM snippet_counts`.execute(trx);
  await countExistingRows(trx);
  await restore();
  return result;
}

/** Drops the GIN indexes (trigram and full text) and disables the count-on-insert triggers; returns what undoes both. */
async function suspendOnPostgres(trx: Transaction<DB>): Promise<() => Promise<void>> {
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    SELECT indexname AS name, indexdef AS definition FROM pg_indexes
    WHERE schemaname = current_schema() AND indexdef LIKE '% USING gin %'`.execute(trx);
  const { rows: triggers } = await sql<{ name: string; table: string }>`
    SELECT tgname AS name, tgrelid::regclass::text AS "table" FROM pg_trigger
    WHERE NOT tgisinternal AND tgname ~ '_count_insert$'`.execute(trx);
  for (const { name } of indexes) await sql`DROP INDEX ${sql.id(name)}`.execute(trx);
  for (const { name, table } of triggers) {
    await sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER ${sql.id(name)}`.execute(trx);
  }
  return async () => {
    for (const { name, table } of triggers) {
      await sql`ALTER TABLE ${sql.table(table)} ENABLE TRIGGER ${sql.id(name)}`.execute(trx);
    }
    for (const { definition } of indexes) await sql.raw(definition).execute(trx);
  };
}

/**
 * Drops the triggers that feed the FTS5 mirrors (`<table>_fts`, migrations/0001) and the counts on
 * insert; returns what rebuilds the mirrors and puts the triggers back.
 */
async function suspendOnSqlite(trx: Transaction<DB>): Promise<() => Promise<void>> {
  const { rows } = await sql<{ name: string; definition: string; table: string }>`
    SELECT name, sql AS definition, tbl_name AS "table" FROM sqlite_master
    WHERE type = 'trigger' AND name IN (tbl_name || '_fts_insert', tbl_name || '_count_insert')`.execute(trx);
  for (const { name } of rows) await sql`DROP TRIGGER ${sql.id(name)}`.execute(trx);
  return async () => {
    for (const { table } of rows.filter((r) => r.name.endsWith('_fts_insert'))) {
      const fts = sql.table(`${table}_fts`);
      await sql`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`.execute(trx);
    }
    for (const { definition } of rows) await sql.raw(definition).execute(trx);
  };
}

async function insertBatches<T extends BulkTable>(
  trx: Transaction<DB>,
  table: T,
  rows: readonly Insertable<DB[T]>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const perStatement = Math.floor(MAX_PARAMETERS / Object.keys(first).length);
  for (let start = 0; start < rows.length; start += perStatement) {
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + perStatement))
      .execute();
  }
}

/**
 * The page enrichment keeps of each enriched link, written by the app's own repository (the rows, and
 * the full-text index of either engine, exactly as a fetch leaves them).
 */
class PageWriter {
  private readonly contents: LinkContentRepository;

  constructor(
    database: Database,
    private readonly userId: string,
    private readonly pages: { corpus: CorpusPages; random: () => number },
  ) {
    this.contents = new LinkContentRepository(database.db, database.dialect);
  }

  async keep(trx: Transaction<DB>, links: readonly LinkRow[]): Promise<void> {
    for (const link of links) {
      const page = generatedPage(this.pages.corpus, this.pages.random);
      await this.contents.keep(trx, { linkId: link.id, userId: this.userId }, page, link.updated_at);
    }
  }
}

/** Turns random text into rows that satisfy every rule the app keeps (url_key, JSON columns, jobs…). */
class LibraryWriter {
  constructor(
    private readonly text: TextGenerator,
    private readonly userId: string,
    private readonly start: number,
    private readonly end: number,
    private readonly pages: PageWriter | null,
    private readonly tagVocabulary?: (random: () => number) => string,
  ) {}

  /** `depth` levels of equal size: each folder below the top sits in the one a level's width before it. */
  folders(count: number, depth = 1): FolderRow[] {
    const width = Math.ceil(count / depth);
    const rows: FolderRow[] = [];
    for (let i = 0; i < count; i++) {
      rows.push({
        id: newId(),
        user_id: this.userId,
        name: this.text.title().slice(0, 60),
        color: FOLDER_COLORS[i % FOLDER_COLORS.length] as string,
        parent_id: rows[i - width]?.id ?? null,
        created_at: new Date(this.start + (i * DAY_MS) / 2).toISOString(),
      });
    }
    return rows;
  }

  /** Links are saved over time, so they are generated (and inserted) oldest first, in memory-sized slices. */
  async insertLinks(trx: Transaction<DB>, count: number, folderIds: string[]): Promise<LinkRef[]> {
    const refs: LinkRef[] = [];
    const slice = 5_000;
    for (let first = 0; first < count; first += slice) {
      const links: LinkRow[] = [];
      const jobs: Insertable<DB['link_ingest_jobs']>[] = [];
      for (let serial = first; serial < Math.min(first + slice, count); serial++) {
        const createdAt = this.start + ((serial + this.text.random()) * (this.end - this.start)) / count;
        const { link, job } = this.link(serial, createdAt, folderIds);
        links.push(link);
        jobs.push(job);
        refs.push({ id: link.id, url: link.url, urlKey: link.url_key, title: link.title, createdAt });
      }
      await insertBatches(trx, 'links', links);
      await indexLinkTags(trx, links, { fresh: true });
      await insertBatches(trx, 'link_ingest_jobs', jobs);
      await this.pages?.keep(
        trx,
        links.filter((link) => link.extraction_method !== null),
      );
    }
    return refs;
  }

  /** An enriched (or, now and then, failed) link with the link_ingest_jobs row its enrichment left. */
  private link(serial: number, createdAt: number, folderIds: string[]) {
    const text = this.text;
    const title = text.title();
    const { url, host } = text.url(title, serial);
    const created = new Date(createdAt).toISOString();
    const processed = new Date(createdAt + 30_000).toISOString();
    const failed = text.chance(FAILED_ENRICHMENT_SHARE);
    const description = text.chance(0.8) ? text.sentence(10, 30) : null;
    const link: LinkRow = {
      id: newId(),
      user_id: this.userId,
      folder_id: text.chance(UNCATEGORIZED_SHARE) ? null : text.pick(folderIds),
      url,
      url_key: urlKey(url),
      title,
      description,
      favicon: `https://${host}/favicon.ico`,
      summary_short: failed ? null : text.sentence(12, 25),
      summary_long: failed ? null : text.paragraph(3),
      key_points: writeJson(failed ? [] : [text.sentence(6, 12), text.sentence(6, 12), text.sentence(6, 12)]),
      highlights: writeJson(failed ? [] : [text.sentence(8, 16)]),
      tags: writeJson(failed ? [] : text.tags(this.tagVocabulary)),
      og_title: failed ? null : title,
      og_description: failed ? null : description,
      og_image_url: failed ? null : `https://${host}/og/${serial.toString(36)}.png`,
      last_processed_at: processed,
      platform: platformOf(host),
      platform_metadata: '{}',
      extraction_method: failed ? null : 'readability',
      enrichment_status: failed ? 'failed' : 'enriched',
      enrichment_attempts: failed ? 5 : 1,
      enrichment_retry_at: null,
      enrichment_error: failed ? writeJson({ reason: 'timed_out', message: 'Timed out' }) : null,
      state: 'unread',
      favorite: 0,
      reading_progress: 0,
      read_at: null,
      availability: 'unknown',
      checked_at: null,
      gone_checks: 0,
      suggested_folder_id: null,
      dismissed_folder_id: null,
      created_at: created,
      updated_at: processed,
    };
    const job: Insertable<DB['link_ingest_jobs']> = {
      id: newId(),
      link_id: link.id,
      user_id: this.userId,
      status: failed ? 'failed' : 'success',
      scheduled_at: created,
      attempts: failed ? 3 : 1,
      lease_until: null,
      last_error: failed ? 'Fetch failed: 404 Not Found' : null,
      created_at: created,
      updated_at: processed,
    };
    return { link, job };
  }

  /** Most snippets are taken from saved pages (and attached to their link); the rest from pages never saved. */
  snippets(count: number, links: readonly LinkRef[]): SnippetRow[] {
    const text = this.text;
    return Array.from({ length: count }, (_, i): SnippetRow => {
      const page = text.chance(ATTACHED_SNIPPET_SHARE) ? text.pick(links) : null;
      const orphanTitle = text.title();
      const url = page?.url ?? text.url(orphanTitle, links.length + i).url;
      const createdAt = page
        ? Math.min(this.end, page.createdAt + text.random() * 3 * DAY_MS)
        : this.start + text.random() * (this.end - this.start);
      const created = new Date(createdAt).toISOString();
      return {
        id: newId(),
        user_id: this.userId,
        link_id: page?.id ?? null,
        page_url: url,
        page_url_key: page?.urlKey ?? urlKey(url),
        page_title: page?.title ?? orphanTitle,
        selected_text: text.paragraph(text.int(1, 3)),
        context_before: text.sentence(5, 15),
        context_after: text.sentence(5, 15),
        note: text.chance(0.3) ? text.sentence(4, 14) : null,
        color: text.pick(SNIPPET_COLORS),
        position_data: text.chance(0.5)
          ? writeJson({ start: text.int(0, 5000), length: text.int(20, 400) })
          : null,
        created_at: created,
        updated_at: created,
      };
    });
  }
}

async function main(): Promise<void> {
  const url = process.argv[2] ?? 'sqlite:./data/bench.db';
  const database = openDatabase(url);
  try {
    await migrateToLatest(database.db, database.dialect);
    const library = await generateLibrary(database);
    const { folders, links, snippets } = library.size;
    console.log(
      `${url}: ${folders} folders, ${links} links, ${snippets} snippets in ${library.seconds.toFixed(1)} s; ` +
        `log in as ${library.email} / ${library.password}`,
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}

/** The library's person signed in at `origin`: the access token. Once a run (login is rate-limited). */
export async function logIn(origin: string, library: GeneratedLibrary): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: library.email, password: library.password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
