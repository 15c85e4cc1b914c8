import type { Kysely, Transaction } from 'kysely';
import type { Tag } from '../../contracts/index.js';
import type { DB } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { nowIso } from '../lib/clock.js';
import { cleanTag, mergeTags, tagKey } from '../../contracts/tags.js';
import type { LibraryNotifier } from '../realtime/notifier.js';
import { tagCounts } from './link-tags.repository.js';
import type { LinksBulkRepository } from './links-bulk.repository.js';
import { retagged } from './links-bulk.service.js';
import { forgetTag, rememberTags } from './user-tags.repository.js';

/** API.md GET/PATCH/DELETE /api/tags: a person's tags, counted, renamed, merged and removed. */
export class TagsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly bulk: LinksBulkRepository,
    private readonly notifier: LibraryNotifier,
  ) {}

  list(userId: string): Promise<Tag[]> {
    return tagCounts(this.db, userId);
  }

  /**
   * Every link's `name` (in any case) becomes `newName`; a link that already has `newName` keeps it once,
   * which merges the two tags.
   */
  async rename(userId: string, name: string, newName: string): Promise<Tag> {
    const key = tagKey(name);
    const spelled = cleanTag(newName);
    const renamed = (tags: string[]) =>
      mergeTags(
        [],
        tags.map((tag) => (tagKey(tag) === key ? spelled : tag)),
      );
    const count = await this.rewrite(userId, key, renamed, async (trx) => {
      await forgetTag(trx, userId, key);
      await rememberTags(trx, userId, [spelled]);
    });
    const [tag] = await tagCounts(this.db, userId, tagKey(spelled));
    return tag ?? { name: spelled, count };
  }

  async delete(userId: string, name: string): Promise<void> {
    const key = tagKey(name);
    await this.rewrite(
      userId,
      key,
      (tags) => tags.filter((tag) => tagKey(tag) !== key),
      (trx) => forgetTag(trx, userId, key),
    );
  }

  /** Rewrites the tag lists of the links tagged `key` in one transaction; 404 when none is. */
  private async rewrite(
    userId: string,
    key: string,
    change: (tags: string[]) => string[],
    vocabulary: (trx: Transaction<DB>) => Promise<void>,
  ): Promise<number> {
    const count = await this.db.transaction().execute(async (trx) => {
      const links = await this.bulk.tagged(trx, userId, key);
      if (links.length === 0) throw notFound('Tag');
      await this.bulk.setTags(trx, userId, retagged(links, change), nowIso());
      await vocabulary(trx);
      return links.length;
    });
    this.notifier.linksChanged(userId, count);
    return count;
  }
}
