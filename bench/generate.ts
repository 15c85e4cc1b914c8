/**
 * Builds the benchmark library: one user with 50 folders, 100,000 links and 20,000 snippets, and the
 * page kept of every enriched link (issue 16: bench/page-texts.ts writes them after corpus pages); or,
 * with --million (issue 20), one user with 1,000,000 links and 200,000 snippets and 1,000 other people
 * sharing another 1,000,000 links.
 *
 *   npx tsx bench/generate.ts [DATABASE_URL] [--million]     (default sqlite:./data/bench.db)
 *
 * The user is created through the accounts service, so the password is hashed as the app expects and
 * the bench can log in. Everything else is bulk-loaded in one transaction (bulk-load.ts: COPY on
 * PostgreSQL, multi-row INSERTs on SQLite), orders of magnitude faster than going through the API; every
 * row is one the app could have written (url_key, JSON columns, a link_ingest_jobs row per link, the
 * link_tags index, snippets attached by page URL, kept pages and their full-text indexes), and the
 * derived data (search indexes, counts) is rebuilt once over the loaded rows.
 */
import { pathToFileURL } from 'node:url';
import { type Insertable, type Kysely, type Transaction, sql } from 'kysely';
import { FOLDER_COLORS, SNIPPET_COLORS } from '../contracts/index.js';
import { hashPassword } from '../server/accounts/password.js';
import { buildServices } from '../server/app.js';
import { testConfig } from '../server/config.js';
import { type Database, type Dialect, openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import type { DB } from '../server/db/schema.js';
import { newId } from '../server/lib/ids.js';
import { writeJson } from '../server/lib/json-column.js';
import { tagIndexRows } from '../server/lib/tags.js';
import { urlKey } from '../server/lib/urls.js';
import type { FolderRow } from '../server/library/folders.repository.js';
import { RECENT_REACH } from '../server/library/fts5-recent.js';
import type { LinkRow } from '../server/library/links.repository.js';
import type { SnippetRow } from '../server/library/snippets.repository.js';
import { type BulkLoad, openBulkLoad } from './bulk-load.js';
import { withDerivedDataDeferred } from './derived-data.js';
import { TextGenerator, platformOf, seededRandom } from './corpus.js';
import { keptPages } from './page-texts.js';

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

/** Issue 20: a heavy user's years, or a small team's library. */
export const MILLION_LIBRARY: LibrarySize = {
  folders: 200,
  links: 1_000_000,
  snippets: 200_000,
  folderDepth: 2,
};

/** The other people of the instance, and how many links they have between them (spread evenly). */
export interface OtherUsers {
  users: number;
  links: number;
}

/** Issue 20: another 1,000,000 links over 1,000 people, beside MILLION_LIBRARY. */
export const MILLION_OTHERS: OtherUsers = { users: 1_000, links: 1_000_000 };

/** Each other person's folders; their snippets are as many per link as the library's. */
const OTHERS_FOLDERS = 5;

export interface GenerateOptions {
  size?: LibrarySize;
  /** Keep a page for every enriched link, as enrichment does (default); a bench that reads none may skip it. */
  pages?: boolean;
  /** Other people with libraries of their own (no kept pages), created before the library's links. */
  others?: OtherUsers;
  email?: string;
  password?: string;
  seed?: number;
  /** Told the seconds by part so far after each slice of the library's links (a long run's progress). */
  progress?: (links: number, parts: Record<string, number>) => void;
}

export interface GeneratedLibrary {
  userId: string;
  email: string;
  password: string;
  folderIds: string[];
  size: LibrarySize;
  others: OtherUsers | null;
  seconds: number;
  /** Seconds by part of the generation, in the order they ran. */
  parts: Record<string, number>;
  /** What enrichment keeps of a real page, on average over the corpus pages the kept pages follow (bytes). */
  corpusKeptBytes: number | null;
}

const SPAN_MS = 2 * 365 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const UNCATEGORIZED_SHARE = 1 / 6;
const ATTACHED_SNIPPET_SHARE = 0.6;
const FAILED_ENRICHMENT_SHARE = 0.04;
/** Links generated, and written, at a time: memory holds one slice's text, never the library's. */
const SLICE = 5_000;

/** What snippets need to know of the links they attach to. */
interface LinkRef {
  id: string;
  url: string;
  urlKey: string;
  title: string;
  createdAt: number;
}

/** Seconds by part, in the order the parts first ran. */
class Stopwatch {
  readonly parts: Record<string, number> = {};
  async time<T>(part: string, run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await run();
    } finally {
      this.parts[part] = (this.parts[part] ?? 0) + (performance.now() - started) / 1000;
    }
  }
}

export async function generateLibrary(
  database: Database,
  options: GenerateOptions = {},
): Promise<GeneratedLibrary> {
  const started = performance.now();
  const watch = new Stopwatch();
  const size = options.size ?? ISSUE_2_LIBRARY;
  const email = options.email ?? 'bench@example.com';
  const password = options.password ?? 'bench-password-1234';
  const userId = await watch.time('account', () => createUser(database, email, password));

  const text = new TextGenerator(seededRandom(options.seed ?? 2));
  const end = Date.now();
  const load = await openBulkLoad(database);
  try {
    const pages =
      options.pages === false
        ? null
        : await watch.time('pages written from the corpus', async () =>
            PageWriter.open(load, database.dialect, seededRandom((options.seed ?? 2) + 1)),
          );
    const vocabulary = size.tags === undefined ? undefined : TextGenerator.vocabularyOf(size.tags);
    const writer = (owner: string, withPages: boolean) =>
      new LibraryWriter(text, load, owner, end - SPAN_MS, end, withPages ? pages : null, vocabulary, watch);
    const folderIds = await load.db.transaction().execute((trx) =>
      withDerivedDataDeferred(
        trx,
        database.dialect,
        async () => {
          // The others' links come first: the library's are the newest rows, as an active person's are.
          if (options.others)
            await watch.time('others', () => writeOthers(trx, options.others!, password, load, writer));
          const main = writer(userId, true);
          main.progress = (links) => options.progress?.(links, watch.parts);
          return main.library(trx, size);
        },
        (part, run) => watch.time(part, run),
      ),
    );
    if (pages) {
      await watch.time('pages', () => pages.indexRecent());
      await pages.close();
    }
    await watch.time('settle', () => settle(database));
    return {
      userId,
      email,
      password,
      folderIds,
      size,
      others: options.others ?? null,
      seconds: (performance.now() - started) / 1000,
      parts: watch.parts,
      corpusKeptBytes: pages?.corpusKeptBytes ?? null,
    };
  } finally {
    await load.close();
  }
}

/**
 * The other people: accounts inserted as rows (one password, hashed once: 1,000 argon2 hashes would take
 * a minute), each with a few folders, their share of the links and snippets in the library's proportion.
 */
async function writeOthers(
  trx: Transaction<DB>,
  others: OtherUsers,
  password: string,
  load: BulkLoad,
  writer: (owner: string, withPages: boolean) => LibraryWriter,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const created = new Date().toISOString();
  const users = Array.from({ length: others.users }, (_, i) => ({
    id: newId(),
    email: `member-${i + 1}@example.com`,
    name: `Member ${i + 1}`,
    password_hash: passwordHash,
    created_at: created,
    role: 'user' as const,
  }));
  await load.insert(trx, 'users', users);
  const links = Math.floor(others.links / others.users);
  for (const user of users) {
    const size = { folders: OTHERS_FOLDERS, links, snippets: Math.round(links * SNIPPETS_PER_LINK) };
    await writer(user.id, false).library(trx, size);
  }
}

/** The benchmark library's snippets per link (ISSUE_2_LIBRARY's and MILLION_LIBRARY's). */
const SNIPPETS_PER_LINK = 0.2;

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
 * The page enrichment keeps of each enriched link: the rows, and the full-text index of either engine,
 * exactly as LinkContentRepository.keep leaves them, written a slice at a time. Pages are drawn from a
 * pool written once from the corpus (PAGE_POOL of them) and held by the database in a temporary table:
 * writing, packing and indexing a fresh page costs about 3 ms of JavaScript, which at a million pages was
 * most of an hour, and the database copies a pool page's values into a link's rows without a byte of them
 * crossing the connection again. Each word keeps the share of pages it has in the pool; a page's text
 * recurs on about one link in PAGE_POOL.
 */
class PageWriter {
  /** The links whose pages SQLite's index of the newest pages holds once all are written (fts5-recent.ts). */
  private newest: { id: string; page: number }[] = [];

  private constructor(
    private readonly load: BulkLoad,
    private readonly dialect: Dialect,
    private readonly random: () => number,
    readonly corpusKeptBytes: number | null,
  ) {}

  /** The pool, in the temporary table page_pool of the load's connection (PostgreSQL: with each tsvector made as keep() makes it). */
  static async open(load: BulkLoad, dialect: Dialect, random: () => number): Promise<PageWriter> {
    const { pages, corpusKeptBytes } = keptPages(PAGE_POOL, random);
    const blob = dialect === 'postgres' ? 'bytea' : 'blob';
    await sql`CREATE TEMPORARY TABLE page_pool (n integer PRIMARY KEY, html ${sql.raw(blob)}, text ${sql.raw(blob)},
      archive ${sql.raw(blob)}, site_name text, language text, word_count integer, reading_minutes integer,
      words text, indexed ${sql.raw(dialect === 'postgres' ? 'tsvector' : 'text')})`.execute(load.db);
    await sql`CREATE TEMPORARY TABLE page_slice (link_id text, user_id text, created_at text, fetched_at text,
      n integer)`.execute(load.db);
    await load.db.transaction().execute((trx) =>
      load.insertValues(
        trx,
        'page_pool',
        ['n', 'html', 'text', 'archive', 'site_name', 'language', 'word_count', 'reading_minutes', 'words'],
        pages.map((content, n) => [
          n,
          content.html,
          content.text,
          content.archive,
          content.siteName,
          content.language,
          content.wordCount,
          content.readingMinutes,
          new TextDecoder().decode(content.searchText),
        ]),
      ),
    );
    if (dialect === 'postgres')
      await sql`UPDATE page_pool SET indexed = to_tsvector('simple', words)`.execute(load.db);
    return new PageWriter(load, dialect, random, corpusKeptBytes);
  }

  async keep(trx: Transaction<DB>, links: readonly LinkRow[]): Promise<void> {
    if (links.length === 0) return;
    const kept = links.map((link) => ({ link, page: Math.floor(this.random() * PAGE_POOL) }));
    await sql`DELETE FROM page_slice`.execute(trx);
    await this.load.insertValues(
      trx,
      'page_slice',
      ['link_id', 'user_id', 'created_at', 'fetched_at', 'n'],
      kept.map(({ link, page }) => [link.id, link.user_id, link.created_at, link.updated_at, page]),
    );
    const fetchedAt = this.dialect === 'postgres' ? sql`s.fetched_at::timestamptz` : sql`s.fetched_at`;
    await sql`INSERT INTO link_contents (link_id, html, text, archive, byline, site_name, language, word_count,
        reading_minutes, fetched_at)
      SELECT s.link_id, p.html, p.text, p.archive, NULL, p.site_name, p.language, p.word_count, p.reading_minutes,
        ${fetchedAt}
      FROM page_slice s JOIN page_pool p ON p.n = s.n`.execute(trx);
    if (this.dialect === 'postgres') {
      await sql`INSERT INTO link_contents_search (link_id, user_id, link_created_at, words)
        SELECT s.link_id, s.user_id, s.created_at::timestamptz, p.indexed
        FROM page_slice s JOIN page_pool p ON p.n = s.n`.execute(trx);
      return;
    }
    await sql`INSERT INTO link_contents_fts (rowid, owner, body)
      SELECT l.seq, 'u' || replace(s.user_id, '-', ''), p.words
      FROM page_slice s JOIN links l ON l.id = s.link_id JOIN page_pool p ON p.n = s.n`.execute(trx);
    this.newest.push(...kept.map(({ link, page }) => ({ id: link.id, page })));
    this.newest.splice(0, this.newest.length - RECENT_REACH.pages);
  }

  /**
   * SQLite: the newest pages in the index of the newest pages, from the seq a trim would leave
   * (RECENT_REACH.pages before the newest link), as keep() leaves it after its latest trim.
   */
  async indexRecent(): Promise<void> {
    if (this.dialect !== 'sqlite' || this.newest.length === 0) return;
    await this.load.db.transaction().execute(async (trx) => {
      await sql`DELETE FROM page_slice`.execute(trx);
      await this.load.insertValues(
        trx,
        'page_slice',
        ['link_id', 'n'],
        this.newest.map(({ id, page }) => [id, page]),
      );
      const { rows } = await sql<{ newest: number }>`SELECT max(seq) AS newest FROM links`.execute(trx);
      const since = (rows[0]?.newest ?? 0) - RECENT_REACH.pages + 1;
      await sql`UPDATE link_contents_fts_recent_since SET seq = ${since}`.execute(trx);
      await sql`DELETE FROM link_contents_fts_recent`.execute(trx);
      await sql`INSERT INTO link_contents_fts_recent (rowid, body)
        SELECT l.seq, p.words FROM page_slice s JOIN links l ON l.id = s.link_id JOIN page_pool p ON p.n = s.n
        WHERE l.seq >= ${since}`.execute(trx);
    });
  }

  /** The temporary tables go with the load's connection; on SQLite, that is the app's own. */
  async close(): Promise<void> {
    await sql`DROP TABLE page_pool`.execute(this.load.db);
    await sql`DROP TABLE page_slice`.execute(this.load.db);
  }
}

/** Pages written from the corpus, each kept by links chosen at random (PageWriter). */
const PAGE_POOL = 2_000;

/** Turns random text into rows that satisfy every rule the app keeps (url_key, JSON columns, jobs…). */
class LibraryWriter {
  /** Told how many links are written after each slice. */
  progress: ((links: number) => void) | undefined;

  constructor(
    private readonly text: TextGenerator,
    private readonly load: BulkLoad,
    private readonly userId: string,
    private readonly start: number,
    private readonly end: number,
    private readonly pages: PageWriter | null,
    private readonly tagVocabulary: ((random: () => number) => string) | undefined,
    private readonly watch: Stopwatch,
  ) {}

  /** The person's folders, links (with their pages) and snippets; the folders' ids. */
  async library(trx: Transaction<DB>, size: LibrarySize): Promise<string[]> {
    const folders = this.folders(size.folders, size.folderDepth);
    await this.load.insert(trx, 'folders', folders);
    await this.insertLinks(
      trx,
      size,
      folders.map((f) => f.id),
    );
    return folders.map((f) => f.id);
  }

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

  /**
   * Links are saved over time, so they are generated (and inserted) oldest first, in slices; each slice
   * brings its share of the snippets, those taken from saved pages attached to links of the slice.
   */
  private async insertLinks(trx: Transaction<DB>, size: LibrarySize, folderIds: string[]): Promise<void> {
    const count = size.links;
    for (let first = 0; first < count; first += SLICE) {
      const last = Math.min(first + SLICE, count);
      const links: LinkRow[] = [];
      const jobs: Insertable<DB['link_ingest_jobs']>[] = [];
      const refs: LinkRef[] = [];
      for (let serial = first; serial < last; serial++) {
        const createdAt = this.start + ((serial + this.text.random()) * (this.end - this.start)) / count;
        const { link, job } = this.link(serial, createdAt, folderIds);
        links.push(link);
        jobs.push(job);
        refs.push({ id: link.id, url: link.url, urlKey: link.url_key, title: link.title, createdAt });
      }
      const snippets = this.snippets(
        Math.floor((size.snippets * last) / count) - Math.floor((size.snippets * first) / count),
        refs,
        count + first,
      );
      await this.watch.time('links', async () => {
        await this.load.insert(trx, 'links', links);
        // link_tags as indexLinkTags writes it (migration 0017), through COPY on PostgreSQL.
        await this.load.insert(trx, 'link_tags', links.flatMap(tagIndexRows));
        await this.load.insert(trx, 'link_ingest_jobs', jobs);
      });
      await this.watch.time('snippets', () => this.load.insert(trx, 'snippets', snippets));
      const pages = this.pages;
      if (pages) {
        await this.watch.time('pages', () =>
          pages.keep(
            trx,
            links.filter((link) => link.extraction_method !== null),
          ),
        );
      }
      this.progress?.(last);
    }
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
  private snippets(count: number, links: readonly LinkRef[], firstOrphan: number): SnippetRow[] {
    const text = this.text;
    return Array.from({ length: count }, (_, i): SnippetRow => {
      const page = text.chance(ATTACHED_SNIPPET_SHARE) ? text.pick(links) : null;
      const orphanTitle = text.title();
      const url = page?.url ?? text.url(orphanTitle, firstOrphan + i).url;
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
  const args = process.argv.slice(2);
  const million = args.includes('--million');
  const url = args.find((arg) => !arg.startsWith('--')) ?? 'sqlite:./data/bench.db';
  const database = openDatabase(url);
  try {
    await migrateToLatest(database.db, database.dialect);
    const library = await generateLibrary(database, {
      ...(million ? { size: MILLION_LIBRARY, others: MILLION_OTHERS } : {}),
      progress: (links, parts) => {
        if (links % 100_000 === 0) console.error(`${links} links: ${formatParts(parts)}`);
      },
    });
    const { folders, links, snippets } = library.size;
    const others = library.others
      ? ` and ${library.others.links} links of ${library.others.users} others`
      : '';

    console.log(
      `${url}: ${folders} folders, ${links} links, ${snippets} snippets${others} in ${library.seconds.toFixed(1)} s ` +
        `(${formatParts(library.parts)}); log in as ${library.email} / ${library.password}`,
    );
  } finally {
    await database.close();
  }
}

const formatParts = (parts: Record<string, number>) =>
  Object.entries(parts)
    .map(([part, seconds]) => `${part} ${seconds.toFixed(1)} s`)
    .join(', ');

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
