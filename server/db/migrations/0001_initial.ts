import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The tables of SPEC.md §3 plus what accounts need. Both engines get the same columns; the few
 * differences are types (timestamptz vs ISO text) and the search indexes (FTS5 trigram vs pg_trgm).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow today's schema types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const time = dialect === 'postgres' ? sql`timestamptz` : sql`text`;

  /**
   * Searchable tables carry an integer `seq`: SQLite's FTS5 external-content index needs a stable
   * integer rowid (an implicit rowid may change on VACUUM). Public ids stay opaque random strings.
   */
  const withKeys = <T extends string>(table: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? table
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('seq', 'bigint', (c) => c.generatedAlwaysAsIdentity().unique())
      : table
          .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
          .addColumn('id', 'text', (c) => c.notNull().unique());

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('last_used_at', time, (c) => c.notNull())
    .addColumn('revoked_at', time)
    .execute();
  await db.schema.createIndex('auth_sessions_user').on('auth_sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('auth_sessions.id').onDelete('cascade'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('rotated_at', time)
    .execute();
  await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute();

  await db.schema
    .createTable('access_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.references('auth_sessions.id').onDelete('cascade'))
    .addColumn('scopes', 'text')
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('access_tokens_session').on('access_tokens').column('session_id').execute();
  await db.schema.createIndex('access_tokens_expires').on('access_tokens').column('expires_at').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  await withKeys(db.schema.createTable('folders'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('folders_user_created')
    .on('folders')
    .columns(['user_id', 'created_at'])
    .execute();

  await withKeys(db.schema.createTable('links'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('folder_id', 'text', (c) => c.references('folders.id').onDelete('set null'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('url_key', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('favicon', 'text')
    .addColumn('summary_short', 'text')
    .addColumn('summary_long', 'text')
    .addColumn('key_points', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('highlights', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('og_title', 'text')
    .addColumn('og_description', 'text')
    .addColumn('og_image_url', 'text')
    .addColumn('last_processed_at', time)
    .addColumn('platform', 'text', (c) => c.notNull().defaultTo('generic'))
    .addColumn('platform_metadata', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('extraction_method', 'text')
    .addColumn('enrichment_status', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('links_user_created')
    .on('links')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('links_user_folder_created')
    .on('links')
    .columns(['user_id', 'folder_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema.createIndex('links_folder').on('links').column('folder_id').execute();
  await db.schema.createIndex('links_user_url_key').on('links').columns(['user_id', 'url_key']).execute();

  await withKeys(db.schema.createTable('snippets'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('link_id', 'text', (c) => c.references('links.id').onDelete('set null'))
    .addColumn('page_url', 'text', (c) => c.notNull())
    .addColumn('page_url_key', 'text', (c) => c.notNull())
    .addColumn('page_title', 'text')
    .addColumn('selected_text', 'text', (c) => c.notNull())
    .addColumn('context_before', 'text')
    .addColumn('context_after', 'text')
    .addColumn('note', 'text')
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('position_data', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('snippets_user_created')
    .on('snippets')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema.createIndex('snippets_link').on('snippets').column('link_id').execute();
  await db.schema
    .createIndex('snippets_user_page_url_key')
    .on('snippets')
    .columns(['user_id', 'page_url_key'])
    .execute();

  await db.schema
    .createTable('link_ingest_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('link_id', 'text', (c) => c.notNull().unique().references('links.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('scheduled_at', time, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', time)
    .addColumn('last_error', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('link_ingest_jobs_due')
    .on('link_ingest_jobs')
    .columns(['status', 'scheduled_at'])
    .execute();
  await db.schema
    .createIndex('link_ingest_jobs_user_status')
    .on('link_ingest_jobs')
    .columns(['user_id', 'status'])
    .execute();

  await db.schema
    .createTable('oauth_apps')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('redirect_uris', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();

  await createSearchIndexes(db, dialect);
}

/** SPEC.md §5 search is a case-insensitive substring match; these indexes serve it at 100k+ rows. */
async function createSearchIndexes(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    for (const [table, column] of [
      ['links', 'title'],
      ['links', 'url'],
      ['links', 'description'],
      ['snippets', 'selected_text'],
      ['snippets', 'page_title'],
      ['snippets', 'note'],
    ] as const) {
      await sql`CREATE INDEX ${sql.id(`${table}_${column}_trgm`)} ON ${sql.id(table)} USING gin (${sql.id(column)} gin_trgm_ops)`.execute(
        db,
      );
    }
    return;
  }
  await createFtsMirror(db, 'links', ['title', 'url', 'description']);
  await createFtsMirror(db, 'snippets', ['selected_text', 'page_title', 'note']);
}

/** An external-content FTS5 trigram index over `columns` of `table`, kept in step by triggers. */
async function createFtsMirror(db: AnyDb, table: string, columns: string[]): Promise<void> {
  const fts = `${table}_fts`;
  const cols = columns.join(', ');
  const newValues = columns.map((c) => `new.${c}`).join(', ');
  const oldValues = columns.map((c) => `old.${c}`).join(', ');
  const statements = [
    `CREATE VIRTUAL TABLE ${fts} USING fts5(${cols}, content='${table}', content_rowid='seq', tokenize='trigram')`,
    `CREATE TRIGGER ${table}_fts_insert AFTER INSERT ON ${table} BEGIN
       INSERT INTO ${fts}(rowid, ${cols}) VALUES (new.seq, ${newValues});
     END`,
    `CREATE TRIGGER ${table}_fts_delete AFTER DELETE ON ${table} BEGIN
       INSERT INTO ${fts}(${fts}, rowid, ${cols}) VALUES ('delete', old.seq, ${oldValues});
     END`,
    `CREATE TRIGGER ${table}_fts_update AFTER UPDATE OF ${cols} ON ${table} BEGIN
       INSERT INTO ${fts}(${fts}, rowid, ${cols}) VALUES ('delete', old.seq, ${oldValues});
       INSERT INTO ${fts}(rowid, ${cols}) VALUES (new.seq, ${newValues});
     END`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
