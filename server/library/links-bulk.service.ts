import { type BulkLinksBody, LIMITS } from '../../contracts/index.js';
import type { Kysely, Transaction } from 'kysely';
import { isForeignKeyViolation } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { nowIso } from '../lib/clock.js';
import { readJson, writeJson } from '../lib/json-column.js';
import { mergeTags, tagKey } from '../../contracts/tags.js';
import type { IngestQueue } from '../queue/ingest-queue.js';
import type { LibraryNotifier } from '../realtime/notifier.js';
import type { FolderAccess, LinkGrant } from '../sharing/folder-access.js';
import type { LinkHandover } from '../sharing/link-handover.js';
import type { RetaggedLink, TaggedLink } from '../lib/tags.js';
import type { LinksBulkRepository } from './links-bulk.repository.js';
import { NOT_YET_TRIED } from './links.repository.js';
import { rememberTags } from './user-tags.repository.js';

/** Each link with its new tag list (and the one it had), of those whose list `change` alters. */
export function retagged(links: readonly TaggedLink[], change: (tags: string[]) => string[]): RetaggedLink[] {
  return links.flatMap((link) => {
    const tags = readJson<string[]>(link.tags, []);
    const next = writeJson(change(tags));
    return next === writeJson(tags) ? [] : [{ ...link, tags: next, before: link.tags }];
  });
}

/** The links of one owner among those a bulk action names. */
interface OwnerGroup {
  ownerId: string;
  ids: string[];
}

/** The named links by owner: the caller's own, and each owner's of the folders shared with them. */
function byOwner(grants: readonly LinkGrant[]): OwnerGroup[] {
  const groups = new Map<string, string[]>();
  for (const grant of grants) groups.set(grant.ownerId, [...(groups.get(grant.ownerId) ?? []), grant.linkId]);
  return [...groups].map(([ownerId, ids]) => ({ ownerId, ids }));
}

/**
 * API.md POST /api/links/bulk: one action on up to 1,000 links, all of them or none: the person's own, and
 * (as an editor) those of folders shared with them. Each owner's links are acted on as that owner's, in
 * one transaction.
 */
export class LinksBulkService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly bulk: LinksBulkRepository,
    private readonly access: FolderAccess,
    private readonly handover: LinkHandover,
    private readonly queue: IngestQueue,
    private readonly notifier: LibraryNotifier,
  ) {}

  async apply(userId: string, body: BulkLinksBody): Promise<{ updated: number }> {
    const ids = [...new Set(body.ids)];
    // API.md: an id that is not the user's to change (or no link at all) gives 404 (403 for a viewer's)
    // and changes nothing.
    const grants = await this.access.requireLinks(userId, ids, 'write');
    const groups = byOwner(grants);
    // Moved into a folder, a link is the folder owner's; to Uncategorized, the caller's (link-handover.ts).
    const target =
      body.action === 'move' && body.folderId !== null
        ? await this.access.requireFolder(userId, body.folderId, 'write')
        : null;
    const now = nowIso();
    await this.db
      .transaction()
      .execute(async (trx) => {
        for (const group of groups)
          await this.applyTo(trx, group, body, { now, newOwner: target?.ownerId ?? userId });
      })
      .catch((err: unknown) => {
        // The folder deleted between its check and the move: missing all the same.
        throw isForeignKeyViolation(err) ? notFound('Folder') : err;
      });
    const queued = body.action === 'enrich';
    for (const group of groups) this.notifier.linksChanged(group.ownerId, group.ids.length, { queued });
    if (body.action === 'move')
      this.announceMoves(grants, target?.ownerId ?? userId, target?.folderId ?? null);
    return { updated: ids.length };
  }

  /**
   * After a move: the people links were handed to hear of the change, and the members of shared folders
   * that links left see them go (the streams pass 'links' counts only to the owner's own and members).
   */
  private announceMoves(grants: readonly LinkGrant[], newOwner: string, folderId: string | null): void {
    const handed = grants.filter((grant) => grant.ownerId !== newOwner);
    if (handed.length > 0) this.notifier.linksChanged(newOwner, handed.length);
    for (const grant of grants) {
      if (grant.folderId === null || grant.folderId === folderId) continue;
      if (grant.ownerId !== newOwner) this.notifier.linkDeleted(grant.ownerId, grant.linkId, grant.folderId);
      else this.notifier.linkLeft(grant.ownerId, grant.linkId, grant.folderId);
    }
  }

  /** The action on one owner's links, as theirs: a link no longer there (or no longer theirs) undoes it all. */
  private async applyTo(
    trx: Transaction<DB>,
    { ownerId: userId, ids }: OwnerGroup,
    body: BulkLinksBody,
    { now, newOwner }: { now: string; newOwner: string },
  ): Promise<void> {
    const all = async (written: Promise<number>) => {
      if ((await written) !== ids.length) throw notFound('Link');
    };
    switch (body.action) {
      case 'move':
        if (newOwner !== userId) {
          return all(
            this.handover.move(trx, ids, { from: userId, to: newOwner, folderId: body.folderId, now }),
          );
        }
        return all(this.bulk.set(trx, userId, ids, { folder_id: body.folderId, updated_at: now }));
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
  }
}
