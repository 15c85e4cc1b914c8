import { type Kysely, sql } from 'kysely';
import { type Timer, withDerivedDataDeferred } from '../bench/derived-data.js';
import type { DB } from '../server/db/schema.js';

/** How the million links are spread: the person's share, the others, their folders, the words in titles. */
export const MILLION_ROWS = {
  links: 1_000_000,
  /** Six links in ten are the person's; the rest belong to `others` people, a few folders each. */
  others: 1_000,
  folders: 200,
  othersFolders: 5,
  snippets: 100_000,
  /** One link of the person's in this many has a kept page (and its words in the full-text index). */
  keptEvery: 4,
  /** In one title in twenty, as a common word in real titles. */
  commonWord: 'data',
  /** In three titles of the million. */
  rareWord: 'zyzzyva',
  /** The tag on one link in thirty. */
  tag: 'rust',
} as const;

const TOPICS = `rust python history design postgres cooking travel music finance security linux
  compilers databases networking browsers testing performance architecture writing reading sleep
  running coffee bread gardening typography accessibility caching queues observability`
  .split(/\s+/)
  .filter(Boolean);
const COMMON = `how why notes guide into lessons from practical modern patterns tips review tutorial
  thoughts about open source world project tools`
  .split(/\s+/)
  .filter(Boolean);

const words = (list: readonly string[]) => sql`ARRAY[${sql.join(list)}]::text[]`;

/**
 * A million links, 1,000 other people's among them, with folders, tags, snippets and kept pages, made by
 * the database itself (INSERT … SELECT over generate_series) in well under a minute: the rows a query
 * plan is judged on, not a bench library. PostgreSQL only. The search indexes and counts are rebuilt once
 * over the rows, as the bench generator does (bench/derived-data.ts).
 */
export async function fillMillionRows(
  db: Kysely<DB>,
  userId: string,
  time: Timer = (_part, run) => run(),
): Promise<{ folderIds: string[] }> {
  const m = MILLION_ROWS;
  const topics = words(TOPICS);
  // COMMON with the common word once: in one title in len(COMMON) + 1.
  const common = words([...COMMON, m.commonWord]);
  await db.transaction().execute((trx) =>
    withDerivedDataDeferred(
      trx,
      'postgres',
      async () => {
        await time('users', async () => {
          await sql`INSERT INTO users (id, email, name, password_hash, created_at, role)
        SELECT 'other-' || u, 'other-' || u || '@example.com', 'Other ' || u, 'no password', now(), 'user'
        FROM generate_series(1, ${m.others}) AS u`.execute(trx);
        });
        await time('folders', async () => {
          await sql`INSERT INTO folders (id, user_id, name, color, parent_id, created_at)
        SELECT 'folder-' || f, ${userId}, 'Folder ' || f, 'blue', NULL, now() FROM generate_series(1, ${m.folders}) AS f`.execute(
            trx,
          );
        });
        await time("others' folders", async () => {
          await sql`INSERT INTO folders (id, user_id, name, color, parent_id, created_at)
        SELECT 'folder-' || u || '-' || f, 'other-' || u, 'Folder ' || f, 'green', NULL, now()
        FROM generate_series(1, ${m.others}) AS u, generate_series(1, ${m.othersFolders}) AS f`.execute(trx);
        });
        await time('links', async () => {
          await sql`INSERT INTO links (id, user_id, folder_id, url, url_key, title, description, favicon, summary_short,
          summary_long, key_points, highlights, tags, og_title, og_description, og_image_url, last_processed_at,
          platform, platform_metadata, extraction_method, enrichment_status, enrichment_attempts, state, favorite,
          reading_progress, availability, gone_checks, created_at, updated_at)
        SELECT 'link-' || g, owner, folder, 'https://example.com/' || slug, 'example.com/' || slug, title,
          'Notes about ' || title, NULL, 'A summary of ' || title, NULL, '[]', '[]',
          '["' || t1 || '","' || t2 || '"]', title, NULL, NULL, created, 'generic', '{}', 'readability', 'enriched',
          1, 'unread', 0, 0, 'unknown', 0, created, created
        FROM (
          SELECT g,
            CASE WHEN g % 10 < 6 THEN ${userId} ELSE 'other-' || (1 + g % ${m.others}) END AS owner,
            CASE WHEN g % 6 = 0 THEN NULL
              WHEN g % 10 < 6 THEN 'folder-' || (1 + (g::bigint * 7919) % ${m.folders})
              ELSE 'folder-' || (1 + g % ${m.others}) || '-' || (1 + g % ${m.othersFolders}) END AS folder,
            (${topics})[1 + g % 15] AS t1,
            (${topics})[16 + (g / 15) % 15] AS t2,
            initcap((${topics})[1 + (g / 7) % 30] || ' ' || (${common})[1 + (g / 3) % ${COMMON.length + 1}] || ' ' ||
              (${topics})[1 + (g / 211) % 30]) || CASE WHEN g % 333331 = 0 THEN ${` ${m.rareWord}`} ELSE '' END AS title,
            g || '/' || (${topics})[1 + g % 15] AS slug,
            now() - (${m.links} - g) * interval '1 minute' AS created
          FROM generate_series(1, ${m.links}) AS g
        ) AS spread`.execute(trx);
        });
        await time('link_tags', async () => {
          await sql`INSERT INTO link_tags (link_id, user_id, tag_key, tag)
        SELECT id, user_id, tag, tag FROM links, jsonb_array_elements_text(tags::jsonb) AS tag`.execute(trx);
        });
        await time('snippets', async () => {
          await sql`INSERT INTO snippets (id, user_id, link_id, page_url, page_url_key, page_title, selected_text,
          context_before, context_after, note, color, position_data, created_at, updated_at)
        SELECT 'snippet-' || s, ${userId}, CASE WHEN s % 5 < 3 THEN links.id END, links.url, links.url_key, links.title,
          'Quoted from ' || links.title || ' about ' || (${common})[1 + s % ${COMMON.length + 1}], '', '', NULL,
          'yellow', NULL, links.created_at, links.created_at
        FROM generate_series(1, ${m.snippets}) AS s JOIN links ON links.id = 'link-' || (s * 10)`.execute(
            trx,
          );
        });
        await time('kept pages', async () => {
          await sql`INSERT INTO link_contents (link_id, html, text, archive, byline, site_name, language, word_count,
          reading_minutes, fetched_at)
        SELECT id, '\\x00', '\\x00', '\\x00', NULL, NULL, 'en', 100, 1, created_at FROM links
        WHERE user_id = ${userId} AND substr(id, 6)::integer % ${m.keptEvery} = 0`.execute(trx);
        });
        await time("kept pages' words", async () => {
          await sql`INSERT INTO link_contents_search (link_id, user_id, link_created_at, words)
        SELECT id, user_id, created_at, to_tsvector('simple', title || ' ' || description)
        FROM links JOIN link_contents ON link_contents.link_id = links.id`.execute(trx);
        });
      },
      time,
    ),
  );
  await time('analyze', async () => {
    await sql`ANALYZE`.execute(db);
  });
  return { folderIds: Array.from({ length: m.folders }, (_, i) => `folder-${i + 1}`) };
}
