import { type InstanceSettings as Settings, SIGNUP_MODES, type SignupMode } from '../../contracts/index.js';
import type { Executor } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import type { InstanceSettingsRepository } from './instance-settings.repository.js';

const SIGNUPS = 'signups';
/** A new install lets people in, as before this setting existed: the person who installs it signs up first. */
const DEFAULT_SIGNUPS: SignupMode = 'open';

const asSignupMode = (value: string | null): SignupMode | null =>
  SIGNUP_MODES.find((mode) => mode === value) ?? null;

/**
 * Admin → Sign-ups. The SIGNUPS environment variable, when set, decides instead and the setting cannot be
 * changed (an operator's configuration outranks what is stored, as DISABLE_SIGNUPS does in other apps).
 */
export class InstanceSettingsService {
  constructor(
    private readonly repository: InstanceSettingsRepository,
    private readonly signupsFromEnvironment: SignupMode | null,
  ) {}

  /** Read inside a sign-up's transaction, so a sign-up never goes through a moment after they closed. */
  async signupMode(executor?: Executor): Promise<SignupMode> {
    return (
      this.signupsFromEnvironment ??
      asSignupMode(await this.repository.get(SIGNUPS, executor)) ??
      DEFAULT_SIGNUPS
    );
  }

  async read(): Promise<Settings> {
    return {
      signups: await this.signupMode(),
      signupsFromEnvironment: this.signupsFromEnvironment !== null,
    };
  }

  async update(changes: { signups: SignupMode }): Promise<Settings> {
    if (this.signupsFromEnvironment !== null) {
      throw new AppError(
        409,
        'conflict',
        'Sign-ups are set by the SIGNUPS environment variable on the server; change it there',
      );
    }
    await this.repository.put(SIGNUPS, changes.signups);
    return this.read();
  }
}
