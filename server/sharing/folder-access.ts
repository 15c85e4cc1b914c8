import type { Kysely } from 'kysely';
import type { FolderRole } from '../../contracts/index.js';
import type { DB, Executor } from '../db/schema.js';
import { AppError, notFound } from '../http/errors.js';

/**
 * What an action on a folder or a link needs: to read it (any member), to change its links (editor or
 * owner), or to be its owner (rename, move, share, delete the folder).
 */
export type Need = 'read' | 'write' | 'own';

/** The caller's part in a folder, and whose the folder (and every link in it) is. */
export interface FolderGrant {
  folderId: string;
  ownerId: string;
  role: FolderRole;
  /** Shared with anyone: its links are marked shared. */
  shared: boolean;
}

/** The caller's part in a link: the link's owner is the owner of the folder it sits in. */
export interface LinkGrant {
  linkId: string;
  ownerId: string;
  folderId: string | null;
  role: FolderRole;
}

const RANK: Record<FolderRole, number> = { viewer: 0, editor: 1, owner: 2 };
const NEEDED: Record<Need, FolderRole> = { read: 'viewer', write: 'editor', own: 'owner' };

/** A member asking for more than their role gives: 403, in words that say what they may do. */
const beyondRole = (role: FolderRole, need: Need) =>
  new AppError(
    403,
    'forbidden',
    need === 'own'
      ? "Only the folder's owner can rename, move, share or delete it"
      : `You are a ${role} of this shared folder: you can read its links but not change them`,
  );

/**
 * The one place that answers "what may this person do with this folder, this link" (issue 19, shared
 * folders). Someone who can see neither gets 404, as for a folder or link that does not exist: whether
 * it exists is not theirs to learn. A member asking for more than their role gives gets 403.
 */
export class FolderAccess {
  constructor(private readonly db: Kysely<DB>) {}

  /** The caller's grant on the folder; null when it is neither theirs nor shared with them. */
  async folder(userId: string, folderId: string, executor: Executor = this.db): Promise<FolderGrant | null> {
    const row = await executor
      .selectFrom('folders')
      .leftJoin('folder_members as member', (join) =>
        join.onRef('member.folder_id', '=', 'folders.id').on('member.user_id', '=', userId),
      )
      .select((eb) => [
        'folders.user_id',
        'member.role',
        eb
          .exists(
            eb
              .selectFrom('folder_members as any')
              .select('any.user_id')
              .whereRef('any.folder_id', '=', 'folders.id'),
          )
          .as('shared'),
      ])
      .where('folders.id', '=', folderId)
      .executeTakeFirst();
    if (!row) return null;
    const shared = Boolean(row.shared);
    if (row.user_id === userId) return { folderId, ownerId: userId, role: 'owner', shared };
    return row.role ? { folderId, ownerId: row.user_id, role: row.role, shared } : null;
  }

  /** The ids of the folders shared with the user (not their own). */
  async sharedWith(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('folder_members')
      .select('folder_id')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => row.folder_id);
  }

  async canReadLink(userId: string, linkId: string): Promise<boolean> {
    return (await this.links(userId, [linkId])).has(linkId);
  }

  /** Whether the folder is shared with the user now (as editor or viewer). */
  async isMember(userId: string, folderId: string): Promise<boolean> {
    const grant = await this.folder(userId, folderId);
    return grant !== null && grant.role !== 'owner';
  }

  /** The caller's grants on those of `ids` they can see (own links, and links in folders shared with them). */
  async links(userId: string, ids: readonly string[]): Promise<Map<string, LinkGrant>> {
    const grants = new Map<string, LinkGrant>();
    if (ids.length === 0) return grants;
    const rows = await this.db
      .selectFrom('links')
      .leftJoin('folder_members as member', (join) =>
        join.onRef('member.folder_id', '=', 'links.folder_id').on('member.user_id', '=', userId),
      )
      .select(['links.id', 'links.user_id', 'links.folder_id', 'member.role'])
      .where('links.id', 'in', [...new Set(ids)])
      .execute();
    for (const row of rows) {
      const role = row.user_id === userId ? 'owner' : row.role;
      if (role) grants.set(row.id, { linkId: row.id, ownerId: row.user_id, folderId: row.folder_id, role });
    }
    return grants;
  }

  async requireFolder(userId: string, folderId: string, need: Need): Promise<FolderGrant> {
    const grant = await this.folder(userId, folderId);
    if (!grant) throw notFound('Folder');
    return allowed(grant, need);
  }

  async requireLink(userId: string, linkId: string, need: Need): Promise<LinkGrant> {
    const grant = (await this.links(userId, [linkId])).get(linkId);
    if (!grant) throw notFound('Link');
    return allowed(grant, need);
  }

  /** Every one of `ids`, or 404 (one the caller cannot see) or 403 (one beyond their role): all or none. */
  async requireLinks(userId: string, ids: readonly string[], need: Need): Promise<LinkGrant[]> {
    const grants = await this.links(userId, ids);
    const all = [...new Set(ids)].map((id) => grants.get(id));
    if (all.some((grant) => grant === undefined)) throw notFound('Link');
    return (all as LinkGrant[]).map((grant) => allowed(grant, need));
  }
}

function allowed<G extends { role: FolderRole }>(grant: G, need: Need): G {
  if (RANK[grant.role] < RANK[NEEDED[need]]) throw beyondRole(grant.role, need);
  return grant;
}
