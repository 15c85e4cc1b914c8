import type { Kysely } from 'kysely';
import { after } from '../db/keyset.js';
import type { DB } from '../db/schema.js';
import type { Cursor } from '../lib/cursor.js';

/** The folder behind a public address: whose it is (to read its links), its name, since when it is public. */
export interface PublishedFolder {
  id: string;
  user_id: string;
  name: string;
  published_at: string;
}

/**
 * What a public page shows of a link, and nothing more: no reading marks, snippets, notes, kept page,
 * saver's own description or availability. Selecting only these columns is what keeps the rest private.
 */
const PUBLIC_COLUMNS = [
  'links.id',
  'links.url',
  'links.title',
  'links.summary_short',
  'links.og_description',
  'links.tags',
  'links.og_image_url',
  'links.created_at',
] as const;

export interface PublicLinkRow {
  id: string;
  url: string;
  title: string;
  summary_short: string | null;
  og_description: string | null;
  tags: string;
  og_image_url: string | null;
  created_at: string;
}

/** Public folder pages (migration 0027): a folder's token hash, and the published folder's links. */
export class PublicFoldersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** In place of the folder's earlier address, if it had one: one public link per folder. */
  async publish(folderId: string, tokenHash: string, now: string): Promise<void> {
    await this.db
      .insertInto('public_folders')
      .values({ folder_id: folderId, token_hash: tokenHash, created_at: now })
      .onConflict((oc) => oc.column('folder_id').doUpdateSet({ token_hash: tokenHash, created_at: now }))
      .execute();
  }

  async unpublish(folderId: string): Promise<void> {
    await this.db.deleteFrom('public_folders').where('folder_id', '=', folderId).execute();
  }

  async publishedAt(folderId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('public_folders')
      .select('created_at')
      .where('folder_id', '=', folderId)
      .executeTakeFirst();
    return row?.created_at ?? null;
  }

  /**
   * The folder a public address opens: a unique-index read of its hash. None while an admin has its owner
   * disabled: an account held back (abuse, a departure) publishes nothing, as none of its credentials
   * works then; enabled again, the same address works again.
   */
  findByTokenHash(tokenHash: string): Promise<PublishedFolder | undefined> {
    return this.db
      .selectFrom('public_folders')
      .innerJoin('folders', 'folders.id', 'public_folders.folder_id')
      .innerJoin('users', 'users.id', 'folders.user_id')
      .select(['folders.id', 'folders.user_id', 'folders.name', 'public_folders.created_at as published_at'])
      .where('public_folders.token_hash', '=', tokenHash)
      .where('users.disabled_at', 'is', null)
      .executeTakeFirst();
  }

  /** The folder's own links, newest first, one more than `limit` (lib/cursor.ts toPage). */
  links(folder: PublishedFolder, cursor: Cursor | null, limit: number): Promise<PublicLinkRow[]> {
    return this.db
      .selectFrom('links')
      .select(PUBLIC_COLUMNS)
      .where('links.user_id', '=', folder.user_id)
      .where('links.folder_id', '=', folder.id)
      .$if(cursor !== null, (q) => q.where(after('links', cursor as Cursor)))
      .orderBy('links.created_at', 'desc')
      .orderBy('links.id', 'desc')
      .limit(limit + 1)
      .execute();
  }

  async linkCount(folder: PublishedFolder): Promise<number> {
    const row = await this.db
      .selectFrom('links')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('links.user_id', '=', folder.user_id)
      .where('links.folder_id', '=', folder.id)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** A link's preview image address, if the link is in the published folder. */
  async imageOf(folder: PublishedFolder, linkId: string): Promise<string | null | undefined> {
    const row = await this.db
      .selectFrom('links')
      .select('links.og_image_url')
      .where('links.user_id', '=', folder.user_id)
      .where('links.folder_id', '=', folder.id)
      .where('links.id', '=', linkId)
      .executeTakeFirst();
    return row?.og_image_url;
  }
}
