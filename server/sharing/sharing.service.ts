import type { AddMemberBody, FolderMember, UpdateMemberBody } from '../../contracts/index.js';
import { displayName } from '../accounts/accounts.service.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import { AppError, invalidInput, notFound } from '../http/errors.js';
import { nowIso } from '../lib/clock.js';
import type { LibraryNotifier } from '../realtime/notifier.js';
import type { FolderAccess } from './folder-access.js';
import type { FolderMembersRepository, MemberRow } from './folder-members.repository.js';

const presentMember = (row: MemberRow): FolderMember => ({
  userId: row.user_id,
  email: row.email,
  name: displayName(row.name, row.email),
  role: row.role,
  addedAt: row.added_at,
});

/** A disabled account is not offered either: to the owner it is as if there were none. */
const noSuchAccount = (email: string) =>
  new AppError(404, 'not_found', `No Linkvault account uses the e-mail ${email}`);

/**
 * API.md "Sharing and insights": the owner shares a folder by e-mail, as viewer or editor, changes a
 * member's role and removes them; a member may read the list and leave. Each change tells the member it
 * concerns (their folder list changes under them), and the owner when a member leaves.
 */
export class SharingService {
  constructor(
    private readonly access: FolderAccess,
    private readonly members: FolderMembersRepository,
    private readonly accounts: AccountsRepository,
    private readonly notifier: LibraryNotifier,
  ) {}

  async list(userId: string, folderId: string): Promise<FolderMember[]> {
    await this.access.requireFolder(userId, folderId, 'read');
    return (await this.members.list(folderId)).map(presentMember);
  }

  async add(userId: string, folderId: string, input: AddMemberBody): Promise<FolderMember> {
    await this.access.requireFolder(userId, folderId, 'own');
    const account = await this.accounts.findUserByEmail(input.email);
    if (!account || account.disabled_at !== null) throw noSuchAccount(input.email);
    if (account.id === userId)
      throw invalidInput('email', 'This is your own folder: share it with someone else');
    if (!(await this.members.add(folderId, account.id, input.role, nowIso()))) {
      throw new AppError(409, 'conflict', `This folder is already shared with ${input.email}`);
    }
    this.notifier.foldersChanged(account.id, folderId);
    return this.member(folderId, account.id);
  }

  async update(
    userId: string,
    folderId: string,
    memberId: string,
    input: UpdateMemberBody,
  ): Promise<FolderMember> {
    await this.access.requireFolder(userId, folderId, 'own');
    if (!(await this.members.setRole(folderId, memberId, input.role))) throw notFound('Member');
    this.notifier.foldersChanged(memberId, folderId);
    return this.member(folderId, memberId);
  }

  /** The owner removes a member, or a member leaves (removes themself); either ends their access at once. */
  async remove(userId: string, folderId: string, memberId: string): Promise<void> {
    const grant = await this.access.requireFolder(userId, folderId, memberId === userId ? 'read' : 'own');
    if (!(await this.members.remove(folderId, memberId))) throw notFound('Member');
    this.notifier.foldersChanged(memberId, folderId);
    if (memberId === userId) this.notifier.foldersChanged(grant.ownerId, folderId);
  }

  private async member(folderId: string, memberId: string): Promise<FolderMember> {
    const row = await this.members.find(folderId, memberId);
    if (!row) throw notFound('Member');
    return presentMember(row);
  }
}
