import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import type { AccountsRepository } from './accounts.repository.js';

const LAST_ADMIN = 'This is the only admin: make another account an admin first';

/**
 * An instance always has an admin who can act while it has other accounts (issue 18: never remove the
 * last admin). Taking `userId` out of the admins (demoting, disabling, deleting) is refused when it is
 * the last active one; deleting the only account of all is not, and the next sign-up is the admin again.
 * Runs under the account-changes lock, so two such changes never both pass on each other's account.
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
  if (await repository.anyActiveAdmin(trx, userId)) return;
  if (leavingEntirely && !(await repository.anyUser(trx, userId))) return;
  throw new AppError(409, 'conflict', LAST_ADMIN);
}
