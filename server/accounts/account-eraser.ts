import { nowIso } from '../lib/clock.js';
import type { LibraryEraser } from '../library/library-eraser.js';
import type { RateLimiter } from '../ratelimit/rate-limit.service.js';
import type { AccountsRepository } from './accounts.repository.js';
import { keepAnAdmin } from './last-admin.js';

/**
 * Deletes an account and everything it owns (API.md DELETE /api/auth/user and /api/admin/users/:id). Its
 * sessions, tokens and assistants' grants end first (and it is disabled), so that nothing acts for it (a script adding links
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
      // Disabled for the rest of the erasure, which may take minutes: it no longer counts as an admin who
      // can act (another admin's demotion meanwhile is weighed without it), and nobody signs in to it.
      await this.repository.setDisabled(trx, user.id, now);
      await this.repository.revokeAllCredentials(trx, user.id, now);
    });
    await this.library.erase(user.id);
    await this.repository.db.transaction().execute((trx) => this.repository.deleteUser(trx, user.id));
    await this.limiter.forget(user.id);
    await this.limiter.forget(user.email);
  }
}
