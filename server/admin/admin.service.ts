import type {
  AdminUser,
  InstanceSettings,
  OneTimeLink,
  SignupMode,
  UserRole,
} from '../../contracts/index.js';
import type { AccountEraser } from '../accounts/account-eraser.js';
import { keepAnAdmin } from '../accounts/last-admin.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import { SIGNUPS_CLOSED } from '../accounts/admission.js';
import { toUser } from '../accounts/accounts.service.js';
import type { OneTimeLinksRepository } from '../accounts/one-time-links.repository.js';
import { AppError, notFound } from '../http/errors.js';
import { isoIn, nowIso } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { hashSecret, newSecret } from '../lib/secrets.js';
import type { AdminRepository } from './admin.repository.js';
import type { InstanceSettingsService } from './instance-settings.service.js';

/** Long enough to reach someone by whatever channel the admin uses; short enough not to lie about. */
const INVITE_TTL_SECONDS = 7 * 24 * 60 * 60;
const RESET_TTL_SECONDS = 24 * 60 * 60;

type UserRow = Awaited<ReturnType<AdminRepository['listUsers']>>[number];

const latest = (...times: (string | null | undefined)[]): string | null =>
  times.reduce<string | null>((last, time) => (time && (!last || time > last) ? time : last), null);

const toAdminUser = (row: UserRow): AdminUser => ({
  ...toUser(row),
  disabled: row.disabled_at !== null,
  createdAt: row.created_at,
  linkCount: Number(row.link_count ?? 0),
  lastActiveAt: latest(row.session_used_at, row.token_used_at),
});

/**
 * Admin (API.md "Accounts, tokens and administration"): the accounts of the instance, invites and
 * password resets as one-time links (no mail server needed: the admin passes them on), and who may sign
 * up. Only an admin's own session reaches these (admin.routes.ts).
 */
export class AdminService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly repository: AdminRepository,
    private readonly eraser: AccountEraser,
    private readonly oneTimeLinks: OneTimeLinksRepository,
    private readonly settings: InstanceSettingsService,
    private readonly publicUrl: string,
  ) {}

  /** Read on every request, so an admin made a user again loses these routes at once. */
  async requireAdmin(userId: string): Promise<void> {
    const user = await this.accounts.findUserById(userId);
    if (user?.role !== 'admin') throw new AppError(403, 'forbidden', 'Only an admin can do this');
  }

  async users(): Promise<AdminUser[]> {
    return (await this.repository.listUsers()).map(toAdminUser);
  }

  /**
   * Makes an account an admin or a user, disables it or lets it in again. Disabling ends its sessions;
   * its personal tokens and assistants stay but are refused while it is disabled (the token lookups
   * read users.disabled_at), so letting it in again gives its scripts back.
   */
  async update(
    adminId: string,
    userId: string,
    changes: { role?: UserRole | undefined; disabled?: boolean | undefined },
  ): Promise<AdminUser> {
    if (changes.disabled === true && userId === adminId) {
      throw new AppError(409, 'conflict', 'You cannot disable your own account');
    }
    const now = nowIso();
    await this.accounts.db.transaction().execute(async (trx) => {
      if (!(await this.accounts.findUserById(userId, trx))) throw notFound('User');
      if (changes.role === 'user' || changes.disabled === true) await keepAnAdmin(this.accounts, trx, userId);
      if (changes.role !== undefined) await this.accounts.setRole(trx, userId, changes.role);
      if (changes.disabled === true) {
        await this.accounts.setDisabled(trx, userId, now);
        await this.accounts.revokeSessionsOf(trx, userId, now, null);
      } else if (changes.disabled === false) {
        await this.accounts.setDisabled(trx, userId, null);
      }
    });
    return this.user(userId);
  }

  async delete(adminId: string, userId: string): Promise<void> {
    if (userId === adminId) {
      throw new AppError(409, 'conflict', 'Delete your own account in Settings → Account');
    }
    const user = await this.accounts.findUserById(userId);
    if (!user) throw notFound('User');
    await this.eraser.erase(user);
  }

  /** Invites let people in while sign-ups are by invite; while they are closed nobody gets in. */
  async createInvite(adminId: string): Promise<OneTimeLink> {
    if ((await this.settings.signupMode()) === 'closed') {
      throw new AppError(409, 'conflict', `${SIGNUPS_CLOSED}: allow sign-ups by invite first`);
    }
    return this.createLink(adminId, 'invite', null, INVITE_TTL_SECONDS);
  }

  async createPasswordReset(adminId: string, userId: string): Promise<OneTimeLink> {
    if (!(await this.accounts.findUserById(userId))) throw notFound('User');
    return this.createLink(adminId, 'reset', userId, RESET_TTL_SECONDS);
  }

  readSettings(): Promise<InstanceSettings> {
    return this.settings.read();
  }

  updateSettings(changes: { signups: SignupMode }): Promise<InstanceSettings> {
    return this.settings.update(changes);
  }

  private async user(userId: string): Promise<AdminUser> {
    const [row] = await this.repository.listUsers(userId);
    if (!row) throw notFound('User');
    return toAdminUser(row);
  }

  /**
   * The secret travels in the URL's fragment, which browsers never send to a server: it stays out of
   * access logs, proxies and Referer headers; the page reads it and hands it to the API.
   */
  private async createLink(
    adminId: string,
    kind: 'invite' | 'reset',
    userId: string | null,
    ttlSeconds: number,
  ): Promise<OneTimeLink> {
    const secret = newSecret('oneTimeLink');
    const now = Date.now();
    const expiresAt = isoIn(ttlSeconds, now);
    await this.oneTimeLinks.insert({
      id: newId(),
      kind,
      token_hash: hashSecret(secret),
      user_id: userId,
      created_by: adminId,
      created_at: new Date(now).toISOString(),
      expires_at: expiresAt,
      used_at: null,
    });
    return { url: `${this.publicUrl}/${kind}#${secret}`, expiresAt };
  }
}
