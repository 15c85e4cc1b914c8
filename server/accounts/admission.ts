import type { SignupMode } from '../../contracts/index.js';
import type { Executor } from '../db/schema.js';
import type { InstanceSettingsService } from '../admin/instance-settings.service.js';
import { AppError, invalidInput } from '../http/errors.js';
import { hashSecret } from '../lib/secrets.js';
import type { AccountsRepository } from './accounts.repository.js';
import type { OneTimeLinksRepository } from './one-time-links.repository.js';

export const SIGNUPS_CLOSED = 'Sign-ups are closed on this server';
const INVITE_NEEDED = 'Sign-ups on this server are by invite only: open the invite link you were given';
const INVITE_SPENT = 'This invite link has already been used or has expired';

/**
 * Who may create an account (Admin → Sign-ups): anyone while sign-ups are open, the holder of an unused
 * invite while they are by invite, nobody while they are closed. The first account of an instance is
 * always let in, or nobody could ever become its admin.
 */
export class Admission {
  constructor(
    private readonly settings: InstanceSettingsService,
    private readonly links: OneTimeLinksRepository,
    private readonly accounts: AccountsRepository,
  ) {}

  /** What the sign-up form shows before anyone types (API.md GET /api/auth/options). */
  async options(): Promise<{ signups: SignupMode; firstAccount: boolean }> {
    return {
      signups: await this.settings.signupMode(),
      firstAccount: !(await this.accounts.anyActiveAdmin(this.accounts.db)),
    };
  }

  /** In the sign-up's transaction: an invite used here is unused again if the account is not made. */
  async admit(trx: Executor, invite: string | undefined, now: string): Promise<void> {
    const mode: SignupMode = await this.settings.signupMode(trx);
    if (mode === 'open') return;
    if (mode === 'closed') throw new AppError(403, 'forbidden', SIGNUPS_CLOSED);
    if (invite === undefined) throw new AppError(403, 'forbidden', INVITE_NEEDED);
    if (!(await this.links.use(trx, 'invite', hashSecret(invite), now))) {
      throw invalidInput('invite', INVITE_SPENT);
    }
  }
}
