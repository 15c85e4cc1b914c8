import type { FastifyInstance } from 'fastify';
import { CompiledQuery, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, buildServices, type Services } from '../server/app.js';
import { testConfig } from '../server/config.js';
import type { Database } from '../server/db/database.js';
import { signUp } from './app.js';
import { freshDatabase, testDialect } from './database.js';
import { testLogger } from './logs.js';
import { MILLION_ROWS, fillMillionRows } from './million-rows.js';
import { QueryKeeper } from './plans.js';

/** The tables a million links make big: a plan may read them by index only. */
const BIG_TABLES = [
  'links',
  'link_tags',
  'link_search_fields',
  'link_contents',
  'link_contents_search',
  'snippets',
];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

interface Explained {
  Plan: PlanNode;
  'Execution Time': number;
}

const seqScansIn = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && BIG_TABLES.includes(node['Relation Name'] ?? '')
    ? [node['Relation Name'] as string]
    : []),
  ...(node.Plans ?? []).flatMap(seqScansIn),
];

// Issue 20: the hot reads of the API and MCP (first page, a folder, a tag, stats, substring search) at a
// million links, as the real routes query them, planned by PostgreSQL on its own statistics: none reads a
// big table from end to end. SQLite plans by its indexes alone, whatever the rows (its plans are checked
// by the *.plans.test.ts beside each repository, and timed at a million by BENCHMARKS.md).
describe.skipIf(testDialect() !== 'postgres')('the hot reads at a million links (PostgreSQL)', () => {
  const keeper = new QueryKeeper();
  let database: Database;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let services: Services;
  let auth: { authorization: string };
  let folderId: string;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    ({ database, drop } = fresh);
    const deps = {
      config: testConfig(),
      database: { ...database, db: database.db.withPlugin(keeper) },
      logger: testLogger(),
    };
    services = buildServices(deps);
    app = await buildApp(deps, services);
    await app.ready();
    const me = await signUp(app);
    auth = me.auth;
    folderId = (await fillMillionRows(database.db, me.user.id)).folderIds[0] as string;
  }, 600_000);

  afterAll(async () => {
    await app?.close();
    await services?.close();
    await drop?.();
  }, 120_000);

  /**
   * The plans of the SELECTs `url` runs, each as PostgreSQL's JSON with its execution time (EXPLAIN ANALYZE:
   * reads only), and how long the request took once warm.
   */
  async function plansOf(
    url: string,
  ): Promise<{ ms: number; plans: { sql: string; plan: PlanNode; ms: number }[] }> {
    await app.inject({ method: 'GET', url, headers: auth });
    keeper.queries.splice(0);
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: auth });
    const ms = performance.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    const selects = keeper.queries.filter((query: RootOperationNode) => query.kind === 'SelectQueryNode');
    expect(selects.length).toBeGreaterThan(0);
    const plans = [];
    for (const query of selects) {
      const compiled = database.db.getExecutor().compileQuery(query, { queryId: 'plan' });
      const { rows } = await database.db.executeQuery<{ 'QUERY PLAN': [Explained] }>(
        CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
      );
      const explained = (rows[0] as { 'QUERY PLAN': [Explained] })['QUERY PLAN'][0];
      plans.push({ sql: compiled.sql, plan: explained.Plan, ms: explained['Execution Time'] });
    }
    return { ms, plans };
  }

  const { commonWord, rareWord, tag } = MILLION_ROWS;
  it.each([
    ['the first page', '/api/links'],
    ['the second page', 'second page'],
    ["a folder's first page", 'folder'],
    ['the uncategorized links', '/api/links?folderId=uncategorized'],
    ['a tag', `/api/links?tag=${tag}`],
    ['the stats', '/api/stats'],
    ['the folders (MCP list_folders)', '/api/folders'],
    ['the tags (Tags page, tag inputs)', '/api/tags'],
    ['a common substring in the list', `/api/links?q=${commonWord}`],
    ['a rare substring in the list', `/api/links?q=${rareWord}`],
    ['a common substring in search', `/api/search?q=${commonWord}`],
    ['a rare substring in search (then the pages)', `/api/search?q=${rareWord}`],
    ['the newest of a reading state (MCP list_links)', '/api/links?state=unread'],
  ])('%s reads no big table from end to end', async (name, path) => {
    let url = path;
    if (path === 'folder') url = `/api/links?folderId=${folderId}`;
    if (path === 'second page') {
      const first = await app.inject({ method: 'GET', url: '/api/links', headers: auth });
      url = `/api/links?cursor=${encodeURIComponent(first.json<{ nextCursor: string }>().nextCursor)}`;
    }
    const { ms, plans } = await plansOf(url);
    // The times, for the record (a loaded CI machine is no place to assert them): BENCHMARKS.md.
    const slowest = Math.max(...plans.map((p) => p.ms));
    console.info(
      `${name}: request ${ms.toFixed(1)} ms, ${plans.length} statements, slowest ${slowest.toFixed(1)} ms`,
    );
    const scans = plans.flatMap(({ sql, plan }) => seqScansIn(plan).map((table) => `${table} in: ${sql}`));
    expect(scans).toEqual([]);
  });
});
