import type { AccountSession, User } from '../../contracts/index.js';
import { AppError, invalidInput, notFound, unauthenticated } from '../http/errors.js';
import { nowIso } from '../lib/clock.js';
import type { RateLimiter } from '../ratelimit/rate-limit.service.js';
import type { AccountsRepository } from './accounts.repository.js';
import { LOGIN_ATTEMPTS_PER_ACCOUNT, type Principal, toUser } from './accounts.service.js';
import { describeDevice } from './device.js';
import type { AccountEraser } from './account-eraser.js';
import { hashPassword, verifyPassword } from './password.js';

const WRONG_PASSWORD = 'The password is not correct';

/**
 * Settings → Account (API.md "Accounts, tokens and administration"): a person's name, e-mail and
 * password, their signed-in sessions, and the account itself. Only a person's own session reaches these
 * (http/auth.ts requireAuth without a scope): never an assistant's token.
 */
export class AccountSettingsService {
  constructor(
    private readonly repository: AccountsRepository,
    private readonly limiter: RateLimiter,
    private readonly eraser: AccountEraser,
  ) {}

  async updateProfile(
    userId: string,
    changes: { name?: string | undefined; email?: string | undefined },
  ): Promise<User> {
    const written = await this.repository.updateUser(userId, {
      ...(changes.name !== undefined && { name: changes.name || null }),
      ...(changes.email !== undefined && { email: changes.email }),
    });
    if (!written) throw new AppError(409, 'conflict', 'An account with this e-mail already exists');
    return toUser(await this.user(userId));
  }

  /** API.md: the password changes and every other session of the person ends. */
  async changePassword(principal: Principal, currentPassword: string, newPassword: string): Promise<void> {
    await this.confirmPassword(principal.userId, currentPassword, 'currentPassword');
    const passwordHash = await hashPassword(newPassword);
    const now = nowIso();
    await this.repository.db.transaction().execute(async (trx) => {
      await this.repository.setPasswordHash(trx, principal.userId, passwordHash);
      await this.repository.revokeSessionsOf(trx, principal.userId, now, principal.sessionId);
    });
  }

  /** API.md: the account and everything it owns (account-eraser.ts), once the password is confirmed. */
  async deleteAccount(principal: Principal, password: string): Promise<void> {
    await this.eraser.erase(await this.confirmPassword(principal.userId, password, 'password'));
  }

  async sessions(principal: Principal): Promise<AccountSession[]> {
    const rows = await this.repository.listSessions(principal.userId, nowIso());
    return rows.map((row) => ({
      id: row.id,
      userAgent: row.user_agent,
      device: describeDevice(row.user_agent),
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
      current: row.id === principal.sessionId,
    }));
  }

  /** Signs one of the person's sessions out; another person's, or one already over, is not found. */
  async endSession(userId: string, sessionId: string): Promise<void> {
    const ended = await this.repository.db
      .transaction()
      .execute((trx) => this.repository.revokeSession(trx, sessionId, nowIso(), userId));
    if (!ended) throw notFound('Session');
  }

  /**
   * The person's own password, checked as a sign-in is: counted against the account's guesses before it is
   * checked, so that a stolen session cannot try passwords here faster than at the sign-in form.
   */
  private async confirmPassword(userId: string, password: string, field: string) {
    await this.limiter.consume(passwordKey(userId), LOGIN_ATTEMPTS_PER_ACCOUNT);
    const user = await this.user(userId);
    if (!(await verifyPassword(user.password_hash, password))) throw invalidInput(field, WRONG_PASSWORD);
    await this.limiter.reset(passwordKey(userId));
    return user;
  }

  private async user(userId: string) {
    const user = await this.repository.findUserById(userId);
    if (!user) throw unauthenticated();
    return user;
  }
}

const passwordKey = (userId: string) => `password:account:${userId}`;
