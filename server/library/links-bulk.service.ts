import { type BulkLinksBody, LIMITS } from '../../contracts/index.js';
import type { Kysely } from 'kysely';
import { isForeignKeyViolation } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { nowIso } from '../lib/clock.js';
import { readJson, writeJson } from '../lib/json-column.js';
import { mergeTags, tagKey } from '../../contracts/tags.js';
import type { IngestQueue } from '../queue/ingest-queue.js';
import type { LibraryNotifier } from '../realtime/notifier.js';
import type { FoldersService } from './folders.service.js';
import type { RetaggedLink, TaggedLink } from '../lib/tags.js';
import type { LinksBulkRepository } from './links-bulk.repository.js';
import { NOT_YET_TRIED } from './links.repository.js';
import { dismissSuggestions } from './link-suggestions.repository.js';
import { rememberTags } from './user-tags.repository.js';

/** Each link with its new tag list (and the one it had), of those whose list `change` alters. */
export function retagged(links: readonly TaggedLink[], change: (tags: string[]) => string[]): RetaggedLink[] {
  return links.flatMap((link) => {
    const tags = readJson<string[]>(link.tags, []);
    const next = writeJson(change(tags));
    return next === writeJson(tags) ? [] : [{ ...link, tags: next, before: link.tags }];
  });
}

/** API.md POST /api/links/bulk: one action on up to 1,000 of a person's links, all of them or none. */
export class LinksBulkService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly bulk: LinksBulkRepository,
    private readonly folders: FoldersService,
    private readonly queue: IngestQueue,
    private readonly notifier: LibraryNotifier,
  ) {}

  async apply(userId: string, body: BulkLinksBody): Promise<{ updated: number }> {
    const ids = [...new Set(body.ids)];
    const folderId =
      body.action === 'move' && body.folderId !== null
        ? (await this.folders.require(userId, body.folderId)).id
        : null;
    const now = nowIso();
    await this.db
      .transaction()
      .execute(async (trx) => {
        // API.md: an id that is not the user's (or no link at all) gives 404 and changes nothing: the
        // actions that write at once roll back when they wrote fewer rows than they were given.
        const all = async (written: Promise<number>) => {
          if ((await written) !== ids.length) throw notFound('Link');
        };
        switch (body.action) {
          case 'move':
            // A link moved by its person needs no suggestion any more (smart categories).
            return all(
              this.bulk.set(trx, userId, ids, {
                folder_id: folderId,
                suggested_folder_id: null,
                updated_at: now,
              }),
            );
          case 'dismiss':
            return all(dismissSuggestions(trx, userId, ids, now));
          case 'state':
            return all(this.bulk.setState(trx, userId, ids, body.state, now));
          case 'favorite':
            return all(this.bulk.set(trx, userId, ids, { favorite: body.favorite ? 1 : 0, updated_at: now }));
          case 'delete':
            return all(this.bulk.delete(trx, userId, ids));
          case 'enrich':
            await all(
              this.bulk.set(trx, userId, ids, {
                enrichment_status: 'queued',
                ...NOT_YET_TRIED,
                updated_at: now,
              }),
            );
            return this.queue.enqueueBacklog(trx, userId, ids, now);
          case 'tag':
          case 'untag': {
            const links = await this.bulk.owned(trx, userId, ids);
            if (links.length !== ids.length) throw notFound('Link');
            const gone = new Set(body.tags.map(tagKey));
            const change =
              body.action === 'tag'
                ? (tags: string[]) => mergeTags(tags, body.tags).slice(0, LIMITS.tagsPerLink)
                : (tags: string[]) => tags.filter((tag) => !gone.has(tagKey(tag)));
            await this.bulk.setTags(trx, userId, retagged(links, change), now);
            if (body.action === 'tag') await rememberTags(trx, userId, mergeTags([], body.tags));
            return;
          }
        }
      })
      .catch((err: unknown) => {
        // The folder deleted between its check and the move: missing all the same.
        throw isForeignKeyViolation(err) ? notFound('Folder') : err;
      });
    this.notifier.linksChanged(userId, ids.length, { queued: body.action === 'enrich' });
    return { updated: ids.length };
  }
}
