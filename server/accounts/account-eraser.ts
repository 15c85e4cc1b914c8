import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { nowIso } from '../lib/clock.js';
import type { LibraryEraser } from '../library/library-eraser.js';
import type { RateLimiter } from '../ratelimit/rate-limit.service.js';
import type { AccountsRepository } from './accounts.repository.js';

export const LAST_ADMIN = 'This is the only admin: make another account an admin first';

/**
 * An instance always has an admin who can act while it has other accounts (issue 18: never remove the
 * last admin). Taking `userId` out of the admins (demoting, disabling, deleting) is refused when it is
 * the last active one; deleting the only account of all is not, and the next sign-up is the admin again.
 */
export async function keepAnAdmin(
  repository: AccountsRepository,
  trx: Transaction<DB>,
  userId: string,
  leavingEntirely = false,
): Promise<void> {
  await repository.serializeAccountChanges(trx);
  const user = await repository.findUserById(userId, trx);
  if (!user || user.role !== 'admin' || user.disabled_at !== null) return;
  if (await repository.anyOtherActiveAdmin(trx, userId)) return;
  if (leavingEntirely && !(await repository.anyUser(trx, userId))) return;
  throw new AppError(409, 'conflict', LAST_ADMIN);
}

/**
 * Deletes an account and everything it owns (API.md DELETE /api/auth/user and /api/admin/users/:id). Its
 * sessions, tokens and assistants' grants end first, so that nothing acts for it (a script adding links
 * as fast as they go, say) while its library goes step by step; the user's row goes last, and every other
 * table's rows with it.
 */
export class AccountEraser {
  constructor(
    private readonly repository: AccountsRepository,
    private readonly limiter: RateLimiter,
    private readonly library: LibraryEraser,
  ) {}

  async erase(user: { id: string; email: string }): Promise<void> {
    const now = nowIso();
    await this.repository.db.transaction().execute(async (trx) => {
      await keepAnAdmin(this.repository, trx, user.id, true);
      await this.repository.revokeAllCredentials(trx, user.id, now);
    });
    await this.library.erase(user.id);
    await this.repository.db.transaction().execute((trx) => this.repository.deleteUser(trx, user.id));
    await this.limiter.forget(user.id);
    await this.limiter.forget(user.email);
  }
}
