import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { DB, LinkPreviewsTable } from '../db/schema.js';

export type StoredPreview = Pick<LinkPreviewsTable, 'source_url' | 'content_type' | 'image' | 'made_at'>;

/** The kept preview images (migration 0018). Callers have checked that the link is the person's own. */
export class PreviewsRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  find(linkId: string, width: number): Promise<StoredPreview | undefined> {
    return this.db
      .selectFrom('link_previews')
      .select(['source_url', 'content_type', 'image', 'made_at'])
      .where('link_id', '=', linkId)
      .where('width', '=', width)
      .executeTakeFirst();
  }

  /**
   * In place of what was kept at this width, if the link is still there: a link deleted while its picture
   * was being made leaves nothing behind. PostgreSQL holds the link's row (FOR SHARE) until the write is
   * done; SQLite runs one writing transaction at a time.
   */
  async keep(linkId: string, width: number, preview: StoredPreview): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const link = await trx
        .selectFrom('links')
        .select('id')
        .where('id', '=', linkId)
        .$if(this.dialect === 'postgres', (q) => q.forShare())
        .executeTakeFirst();
      if (!link) return;
      await trx
        .insertInto('link_previews')
        .values({ link_id: linkId, width, ...preview })
        .onConflict((oc) => oc.columns(['link_id', 'width']).doUpdateSet(preview))
        .execute();
    });
  }
}
