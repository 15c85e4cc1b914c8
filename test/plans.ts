import {
  CompiledQuery,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  sql,
} from 'kysely';
import type { Dialect } from '../server/db/database.js';
import type { DB } from '../server/db/schema.js';

/** Keeps every query run through it (db.withPlugin), to be explained afterwards. */
export class QueryKeeper implements KyselyPlugin {
  readonly queries: RootOperationNode[] = [];
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.queries.push(node);
    return node;
  }
  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}

/**
 * The engine's plan for `query`, as text holding the indexes it reads. A test's tables hold a handful of
 * rows, from which PostgreSQL would rather read the whole table than any index: it is told not to.
 */
export function planOf(db: Kysely<DB>, dialect: Dialect, query: RootOperationNode): Promise<string> {
  const compiled = db.getExecutor().compileQuery(query, { queryId: 'plan' });
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const explain = dialect === 'postgres' ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN';
    const plan = await trx.executeQuery(
      CompiledQuery.raw(`${explain} ${compiled.sql}`, [...compiled.parameters]),
    );
    return JSON.stringify(plan.rows);
  });
}
