import {
  ACCESS_TOKEN_TTL_SECONDS,
  DEFAULT_DISPLAY_NAME,
  LIMITS,
  type OAuthScope,
  REFRESH_TOKEN_TTL_SECONDS,
  type Session,
  type User,
  type UserRole,
} from '../../contracts/index.js';
import type { Scope } from '../http/auth.js';
import { AppError, invalidInput, unauthenticated } from '../http/errors.js';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { Coalescer } from '../lib/coalescer.js';
import { newId } from '../lib/ids.js';
import { isoIn, nowIso } from '../lib/clock.js';
import { hashSecret, newSecret } from '../lib/secrets.js';
import type { RateLimiter } from '../ratelimit/rate-limit.service.js';
import type { AccountsRepository } from './accounts.repository.js';
import type { Admission } from './admission.js';
import type { OneTimeLinksRepository } from './one-time-links.repository.js';
import { seal, unseal } from '../lib/seal.js';
import { hashPassword, verifyPassword } from './password.js';

/**
 * Who a request acts for. `scopes` is null for the user's own sessions (full access). An assistant's OAuth
 * token carries its grant and its audience: the resource URL (RFC 8707) it was issued for.
 */
export interface Principal {
  userId: string;
  sessionId: string | null;
  scopes: Scope[] | null;
  grantId?: string | null;
  audience?: string | null;
}

/** Where a sign-in comes from: the address it is rate-limited by, and the agent its session is known by. */
export interface Client {
  address: string;
  userAgent: string | null;
}

/**
 * Limits on guessing passwords: per account (attempts since the last successful login, which clears the
 * count) and per client address (every attempt). A signed-in session confirming its password (to change
 * it, or to delete the account) is held to the account's limit too.
 */
export const LOGIN_ATTEMPTS_PER_ACCOUNT = { max: 10, windowSeconds: 15 * 60 };
const LOGIN_ATTEMPTS_PER_ADDRESS = { max: 50, windowSeconds: 15 * 60 };
const SIGNUPS_PER_ADDRESS = { max: 20, windowSeconds: 60 * 60 };

/**
 * A refresh token presented again within this time of its rotation is a lost answer, not a theft: a page
 * reloaded while its refresh was in flight never stored the new cookie and sends the old one again.
 * Treating that as reuse would sign the person out; it gets the pair its rotation issued again, never a
 * new one, so the session never forks into two working chains. Later reuse still revokes the
 * whole session (RFC 9700 §4.14.2 allows such a leeway).
 */
const ROTATION_GRACE_MS = 10_000;
const withinRotationGrace = (rotatedAt: string, now: string) =>
  Date.parse(now) - Date.parse(rotatedAt) <= ROTATION_GRACE_MS;
/** What the pair issued by a rotation is sealed for (server/lib/seal.ts), under the rotated token. */
const SUCCESSOR = 'refresh successor';

interface IssuedPair {
  access_token: string;
  refresh_token: string;
  expires_at: number;
}

/** SPEC.md §3: the name given, else the e-mail's local part, else 'User'. */
export function displayName(name: string | null, email: string): string {
  return name?.trim() || email.split('@')[0]?.trim() || DEFAULT_DISPLAY_NAME;
}

export const toUser = (row: { id: string; email: string; name: string | null; role: UserRole }): User => ({
  id: row.id,
  email: row.email,
  name: displayName(row.name, row.email),
  role: row.role,
});

const ACCOUNT_DISABLED = 'This account has been disabled by an administrator';
/** An account made through the OpenID provider has no password: no password verifies against this. */
const NO_PASSWORD = '';

/** Who the OpenID provider says signed in: its issuer and subject (OIDC Core §2), and their claims. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export class AccountsService {
  /**
   * Every request looks its token up; requests that arrive together share one query (lib/coalescer.ts).
   * With 50 clients saving at once, a query per request was half of PostgreSQL's work per save
   * (BENCHMARKS.md). Nothing is cached: a token revoked before a request arrives fails that request.
   */
  private readonly accessTokens = new Coalescer((hashes: string[]) => this.lookUpAccessTokens(hashes), {
    onFailure: 'fail-all',
  });

  constructor(
    private readonly repository: AccountsRepository,
    private readonly limiter: RateLimiter,
    private readonly admission: Admission,
    private readonly oneTimeLinks: OneTimeLinksRepository,
    /** False with OIDC_ONLY: accounts sign up and in through the OpenID provider alone. */
    private readonly passwordSignIn = true,
  ) {}

  private async lookUpAccessTokens(hashes: string[]) {
    const rows = await this.repository.findAccessTokens([...new Set(hashes)], nowIso());
    const byHash = new Map(rows.map((row) => [row.token_hash, row]));
    return hashes.map((hash) => byHash.get(hash) ?? null);
  }

  async signup(
    input: { name?: string | undefined; email: string; password: string; invite?: string | undefined },
    client: Client,
  ): Promise<Session> {
    this.refuseUnlessPasswords();
    await this.limiter.consume(`signup:address:${client.address}`, SIGNUPS_PER_ADDRESS);
    const passwordHash = await hashPassword(input.password);
    const tokens = this.newTokens();
    const user = await this.repository.db.transaction().execute(async (trx) => {
      const row = await this.createAccount(trx, { ...input, passwordHash }, tokens.now);
      await this.openSession(trx, row.id, client, tokens);
      return row;
    });
    return tokens.session(toUser(user));
  }

  /**
   * Sign-in through the OpenID provider (oidc/): the account its identity (issuer and subject) is linked
   * to; else the account of its e-mail once the provider says it verified it (OIDC Core §5.1
   * email_verified: an unverified address could be anyone's), unless that account is already another
   * identity's at this provider (the address changed hands); else a new account, let in as a sign-up is.
   * An account made here has no password: it signs in through the provider (or sets one by a reset link).
   */
  async signInWithIdentity(
    identity: VerifiedIdentity,
    invite: string | undefined,
    client: Client,
  ): Promise<Session> {
    const tokens = this.newTokens();
    const user = await this.repository.db.transaction().execute(async (trx) => {
      // Two first sign-ins of one identity at once link it once.
      await this.repository.serializeAccountChanges(trx);
      const user =
        (await this.repository.findUserByIdentity(trx, identity.issuer, identity.subject)) ??
        (await this.linkIdentity(trx, identity, invite, tokens.now));
      if (user.disabled_at) throw new AppError(403, 'forbidden', ACCOUNT_DISABLED);
      await this.openSession(trx, user.id, client, tokens);
      return user;
    });
    return tokens.session(toUser(user));
  }

  /**
   * A first sign-in of the identity. Linking an account made with a password hands it to the person the
   * provider vouches for alone: Linkvault never checked that whoever chose that e-mail owns it, so the
   * account's password, sessions, tokens and connected apps end (a reset link gives a password back).
   */
  private async linkIdentity(
    trx: Transaction<DB>,
    identity: VerifiedIdentity,
    invite: string | undefined,
    now: string,
  ) {
    if (!identity.email || !identity.emailVerified) {
      throw new AppError(403, 'forbidden', 'Your identity provider did not confirm your e-mail address');
    }
    let user = await this.repository.findUserByEmail(identity.email, trx);
    if (user && (await this.repository.hasIdentityAt(trx, user.id, identity.issuer))) {
      throw new AppError(
        403,
        'forbidden',
        'The account with this e-mail address belongs to another sign-in at your identity provider',
      );
    }
    if (user) {
      await this.repository.revokeAllCredentials(trx, user.id, now);
      await this.repository.setPasswordHash(trx, user.id, NO_PASSWORD);
    } else {
      user = await this.createAccount(
        trx,
        { email: identity.email, name: identity.name, invite, passwordHash: NO_PASSWORD },
        now,
      );
    }
    await this.repository.linkIdentity(trx, { ...identity, userId: user.id, now });
    return user;
  }

  async login(input: { email: string; password: string }, client: Client): Promise<Session> {
    this.refuseUnlessPasswords();
    const accountKey = `login:account:${input.email}`;
    await this.limiter.consume(`login:address:${client.address}`, LOGIN_ATTEMPTS_PER_ADDRESS);
    // Counted before the password is checked, in one atomic step: checked first and counted
    // after, 200 guesses sent at once all passed the check and 103 reached the password.
    await this.limiter.consume(accountKey, LOGIN_ATTEMPTS_PER_ACCOUNT);
    const user = await this.repository.findUserByEmail(input.email);
    if (!(await verifyPassword(user?.password_hash, input.password)) || !user) {
      throw new AppError(401, 'invalid_credentials', 'Invalid login credentials');
    }
    await this.limiter.reset(accountKey);
    // Said only to whoever knows the password: a stranger cannot learn that an account is disabled.
    if (user.disabled_at !== null) throw new AppError(403, 'forbidden', ACCOUNT_DISABLED);
    const tokens = this.newTokens();
    await this.repository.db.transaction().execute((trx) => this.openSession(trx, user.id, client, tokens));
    return tokens.session(toUser(user));
  }

  /**
   * A reset link an admin made (Admin → Users): used once, the password set, and every session of the
   * account ended; the account's failed sign-ins are forgotten so the person can sign in at once.
   */
  async resetPassword(token: string, newPassword: string, client: Client): Promise<void> {
    // Counted before the hash: each try costs an argon2 hash, which a flood of made-up links must not buy.
    await this.limiter.consume(`reset:address:${client.address}`, SIGNUPS_PER_ADDRESS);
    const passwordHash = await hashPassword(newPassword);
    const now = nowIso();
    const email = await this.repository.db.transaction().execute(async (trx) => {
      const link = await this.oneTimeLinks.use(trx, 'reset', hashSecret(token), now);
      const user = link?.user_id ? await this.repository.findUserById(link.user_id, trx) : undefined;
      if (!user) throw invalidInput('token', 'This reset link has already been used or has expired');
      await this.repository.setPasswordHash(trx, user.id, passwordHash);
      await this.repository.revokeSessionsOf(trx, user.id, now, null);
      return user.email;
    });
    await this.limiter.reset(`login:account:${email}`);
  }

  /**
   * Rotates the refresh token (API.md): the presented one stops working. Presenting a token that was
   * already rotated means it leaked or was replayed, so the whole session is revoked.
   */
  async refresh(refreshToken: string): Promise<Session> {
    const presented = hashSecret(refreshToken);
    const tokens = this.newTokens();
    const outcome = await this.repository.db.transaction().execute(async (trx) => {
      const row = await this.repository.findRefreshToken(trx, presented);
      if (!row || row.revoked_at !== null || row.expires_at <= tokens.now) return null;
      const sealed = seal(refreshToken, SUCCESSOR, JSON.stringify(tokens.pair));
      if (
        row.rotated_at === null &&
        (await this.repository.markRotated(trx, presented, tokens.now, sealed))
      ) {
        await this.repository.insertTokens(trx, {
          ...tokens.rows,
          sessionId: row.session_id,
          userId: row.user_id,
        });
        await this.repository.touchSession(trx, row.session_id, tokens.now);
        const graceStart = new Date(Date.parse(tokens.now) - ROTATION_GRACE_MS).toISOString();
        await this.repository.forgetSuccessors(trx, row.session_id, graceStart);
        return { userId: row.user_id, pair: tokens.pair };
      }
      // Rotated already, maybe by a request that committed while this one waited: read it as it is now.
      const rotated = await this.repository.findRefreshToken(trx, presented);
      const issued = rotated?.successor_sealed && unseal(refreshToken, SUCCESSOR, rotated.successor_sealed);
      if (rotated?.rotated_at && issued && withinRotationGrace(rotated.rotated_at, tokens.now)) {
        return { userId: row.user_id, pair: JSON.parse(issued) as IssuedPair };
      }
      await this.repository.revokeSession(trx, row.session_id, tokens.now);
      return null;
    });
    if (!outcome) throw unauthenticated();
    const user = await this.repository.findUserById(outcome.userId);
    if (!user) throw unauthenticated();
    return sessionOf(outcome.pair, toUser(user));
  }

  /** Ends the session that `accessToken` or `refreshToken` belongs to; unknown tokens end nothing. */
  async logout(principal: Principal | null, refreshToken: string | undefined): Promise<void> {
    const now = nowIso();
    await this.repository.db.transaction().execute(async (trx) => {
      const sessionId =
        principal?.sessionId ??
        (refreshToken
          ? (await this.repository.findRefreshToken(trx, hashSecret(refreshToken)))?.session_id
          : null);
      if (sessionId) await this.repository.revokeSession(trx, sessionId, now);
    });
  }

  async authenticate(accessToken: string): Promise<Principal | null> {
    const row = await this.accessTokens.add(hashSecret(accessToken));
    if (!row) return null;
    return {
      userId: row.user_id,
      sessionId: row.session_id,
      scopes: row.scopes === null ? null : (row.scopes.split(' ').filter(Boolean) as OAuthScope[]),
      grantId: row.grant_id,
      audience: row.audience,
    };
  }

  /** The session a current (unrotated, unexpired) refresh token belongs to; used where a browser cannot send headers. */
  async authenticateRefreshToken(refreshToken: string): Promise<Principal | null> {
    const row = await this.repository.findRefreshToken(this.repository.db, hashSecret(refreshToken));
    if (!row || row.revoked_at !== null || row.rotated_at !== null || row.expires_at <= nowIso()) return null;
    return { userId: row.user_id, sessionId: row.session_id, scopes: null };
  }

  isSessionActive(sessionId: string): Promise<boolean> {
    return this.repository.isSessionActive(sessionId);
  }

  async currentUser(userId: string): Promise<User> {
    const user = await this.repository.findUserById(userId);
    if (!user) throw unauthenticated();
    return toUser(user);
  }

  purgeExpiredTokens(): Promise<void> {
    return this.repository.deleteExpired(nowIso());
  }

  /** The first account of an instance is its admin; every later one is let in by Admin → Sign-ups. */
  private async createAccount(
    trx: Transaction<DB>,
    input: {
      name?: string | null | undefined;
      email: string;
      passwordHash: string;
      invite?: string | undefined;
    },
    now: string,
  ) {
    await this.repository.serializeAccountChanges(trx);
    // No admin who can act: a new instance, or its last account being erased. The newcomer becomes the
    // admin, or the instance would be left without one.
    const first = !(await this.repository.anyActiveAdmin(trx));
    if (!first) await this.admission.admit(trx, input.invite, now);
    const row = {
      id: newId(),
      email: input.email,
      name: input.name?.trim() || null,
      password_hash: input.passwordHash,
      created_at: now,
      role: first ? ('admin' as const) : ('user' as const),
      disabled_at: null,
    };
    if (!(await this.repository.insertUser(trx, row))) {
      throw new AppError(409, 'conflict', 'An account with this e-mail already exists');
    }
    return row;
  }

  private refuseUnlessPasswords(): void {
    if (!this.passwordSignIn) {
      throw new AppError(403, 'forbidden', 'This server signs people in through its identity provider only');
    }
  }

  private async openSession(
    trx: Transaction<DB>,
    userId: string,
    client: Client,
    tokens: ReturnType<AccountsService['newTokens']>,
  ): Promise<void> {
    const userAgent = client.userAgent?.slice(0, LIMITS.userAgent) || null;
    await this.repository.insertSession(trx, { ...tokens.rows, sessionId: newId(), userId }, userAgent);
  }

  private newTokens() {
    const now = Date.now();
    const accessToken = newSecret('accessToken');
    const refreshToken = newSecret('refreshToken');
    const pair: IssuedPair = {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_at: Math.floor(now / 1000) + ACCESS_TOKEN_TTL_SECONDS,
    };
    return {
      now: new Date(now).toISOString(),
      rows: {
        now: new Date(now).toISOString(),
        accessHash: hashSecret(accessToken),
        refreshHash: hashSecret(refreshToken),
        accessExpiresAt: isoIn(ACCESS_TOKEN_TTL_SECONDS, now),
        refreshExpiresAt: isoIn(REFRESH_TOKEN_TTL_SECONDS, now),
      },
      pair,
      session: (user: User): Session => sessionOf(pair, user),
    };
  }
}

/** API.md's Session for an issued pair; `expires_in` counts from now, so a pair answered again says what is left. */
function sessionOf(pair: IssuedPair, user: User): Session {
  return {
    ...pair,
    expires_in: Math.max(0, pair.expires_at - Math.floor(Date.now() / 1000)),
    token_type: 'bearer',
    user,
  };
}
