import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB, Executor } from '../db/schema.js';

/** What of a link says where it belongs: the fields its person and enrichment gave it. */
export interface LinkText {
  url: string;
  title: string;
  description: string | null;
  og_description: string | null;
  summary_short: string | null;
  summary_long: string | null;
  /** links.key_points as stored: JSON text. */
  key_points: string;
  /** links.tags as stored: JSON text. */
  tags: string;
}

/** A link as the suggester reads it: its words, and where it stands. */
export interface SuggestionSubject extends LinkText {
  id: string;
  folder_id: string | null;
  suggested_folder_id: string | null;
  dismissed_folder_id: string | null;
}

/** The columns of LinkText, which the bench of smart categories reads too. */
export const LINK_TEXT_COLUMNS = [
  'url',
  'title',
  'description',
  'og_description',
  'summary_short',
  'summary_long',
  'key_points',
  'tags',
] as const;
const SUBJECT = [
  'links.id',
  'links.folder_id',
  'links.suggested_folder_id',
  'links.dismissed_folder_id',
  ...LINK_TEXT_COLUMNS.map((column) => `links.${column}` as const),
] as const;

/**
 * The SQL of folder suggestions (migration 0029, smart categories: organise/ decides them, the library
 * writes them, as it writes enrichment's results). Every read and write names the person, and only folders
 * of their own are learnt from or suggested: a folder shared with them (or one of theirs that a link of
 * another person's sits in) is never a suggestion, whoever's links are in it.
 */
export class LinkSuggestionsRepository {
  constructor(readonly db: Kysely<DB>) {}

  /** The person's newest `limit` links in folders of their own, with the folder each is in. */
  filed(userId: string, limit: number): Promise<(LinkText & { folder_id: string })[]> {
    return this.db
      .selectFrom('links')
      .innerJoin('folders', 'folders.id', 'links.folder_id')
      .select([...LINK_TEXT_COLUMNS.map((column) => `links.${column}` as const), 'folders.id as folder_id'])
      .where('links.user_id', '=', userId)
      .where('folders.user_id', '=', userId)
      .orderBy('links.created_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** The person's own folders by name, oldest first (what a language model chooses among). */
  folders(userId: string): Promise<{ id: string; name: string }[]> {
    return this.db
      .selectFrom('folders')
      .select(['id', 'name'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'asc')
      .execute();
  }

  subject(userId: string, linkId: string): Promise<SuggestionSubject | undefined> {
    return this.db
      .selectFrom('links')
      .select(SUBJECT)
      .where('links.user_id', '=', userId)
      .where('links.id', '=', linkId)
      .executeTakeFirst();
  }

  /** The person's newest `limit` links in no folder: what Auto-organise looks at. */
  uncategorized(userId: string, limit: number): Promise<SuggestionSubject[]> {
    return this.db
      .selectFrom('links')
      .select(SUBJECT)
      .where('links.user_id', '=', userId)
      .where('links.folder_id', 'is', null)
      .orderBy('links.created_at', 'desc')
      .orderBy('links.id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Suggests `folderId` (or nothing) for the link. Written only while the link is in no folder and the
   * folder is not the one its person turned down, and set from a read of the person's own folders in the
   * same statement: a folder deleted or never theirs leaves no suggestion, not a foreign key error.
   * Whether the link's suggestion changed.
   */
  async suggest(
    executor: Executor,
    userId: string,
    linkId: string,
    folderId: string | null,
  ): Promise<boolean> {
    const link = executor
      .updateTable('links')
      .where('links.user_id', '=', userId)
      .where('links.id', '=', linkId)
      .where('links.folder_id', 'is', null);
    const result = await (
      folderId === null
        ? link.set({ suggested_folder_id: null }).where('links.suggested_folder_id', 'is not', null)
        : link
            .set({ suggested_folder_id: (eb) => ownFolder(eb, userId, folderId) })
            .where((eb) => eb.exists(ownFolder(eb, userId, folderId)))
            .where((eb) =>
              eb.or([
                eb('links.dismissed_folder_id', 'is', null),
                eb('links.dismissed_folder_id', '!=', folderId),
              ]),
            )
            .where((eb) =>
              eb.or([
                eb('links.suggested_folder_id', 'is', null),
                eb('links.suggested_folder_id', '!=', folderId),
              ]),
            )
    ).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The person turns the link's suggestion down (dismissSuggestions); false when it is not their link. */
  async dismiss(userId: string, linkId: string, now: string): Promise<boolean> {
    return (await dismissSuggestions(this.db, userId, [linkId], now)) === 1;
  }
}

/** The folder `folderId` if it is one of the person's own. */
const ownFolder = (eb: ExpressionBuilder<DB, 'links'>, userId: string, folderId: string) =>
  eb
    .selectFrom('folders')
    .select('folders.id')
    .where('folders.id', '=', folderId)
    .where('folders.user_id', '=', userId);

/**
 * The person turns the links' suggestions down: each is remembered as dismissed (never suggested for that
 * link again) and cleared. How many of `ids` were the person's links. Shared with POST /api/links/bulk.
 */
export async function dismissSuggestions(
  executor: Executor,
  userId: string,
  ids: readonly string[],
  now: string,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await executor
    .updateTable('links')
    .set((eb) => ({
      dismissed_folder_id: eb.fn.coalesce('links.suggested_folder_id', 'links.dismissed_folder_id'),
      suggested_folder_id: null,
      updated_at: now,
    }))
    .where('links.user_id', '=', userId)
    .where('links.id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
