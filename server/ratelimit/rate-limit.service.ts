import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { type AppError, rateLimited } from '../http/errors.js';
import type { RateLimitRepository } from './rate-limit.repository.js';

export interface Limit {
  max: number;
  windowSeconds: number;
  /** What a refused client reads, when the generic 'Too many attempts' would not say what was refused. */
  message?: string;
}

/**
 * Database-backed limits rather than @fastify/rate-limit's per-process memory: on PostgreSQL many
 * server processes answer logins, and a limit each process counts alone multiplies by their number.
 */
export class RateLimiter {
  constructor(private readonly repository: RateLimitRepository) {}

  /** Counts one attempt under `key` and refuses it (429 with Retry-After) once over the limit. */
  async consume(key: string, limit: Limit): Promise<void> {
    const [refusal] = await this.consumeEach([key], limit);
    if (refusal) throw refusal;
  }

  /**
   * Counts one use per entry of `keys` (a key may come many times) in one statement, in `executor`'s
   * transaction when given, so that a batch rolled back counts nothing. Answers entry by entry: null for a
   * use within the limit, or the 429 that refuses it; a key's uses fit in the order given.
   */
  async consumeEach(
    keys: readonly string[],
    limit: Limit,
    executor?: Kysely<DB> | Transaction<DB>,
  ): Promise<(AppError | null)[]> {
    const window = this.window(limit);
    const uses = new Map<string, number>();
    for (const key of keys) uses.set(key, (uses.get(key) ?? 0) + 1);
    const counts = await this.repository.increment(uses, window.start, executor);
    const usedBefore = new Map([...uses].map(([key, n]) => [key, (counts.get(key) ?? n) - n]));
    return keys.map((key) => {
      const nth = (usedBefore.get(key) ?? 0) + 1;
      usedBefore.set(key, nth);
      return nth > limit.max ? rateLimited(window.retryAfter, limit.message) : null;
    });
  }

  reset(key: string): Promise<void> {
    return this.repository.reset(key);
  }

  /**
   * Drops every count kept for `subject` (a person's id or e-mail, once their account is deleted). Keys
   * name what they count last, `<action>:<kind>:<subject>` ("save:user:<id>", "login:account:<e-mail>").
   */
  forget(subject: string): Promise<void> {
    return this.repository.resetEndingWith(`:${subject}`);
  }

  private window(limit: Limit) {
    const size = limit.windowSeconds * 1000;
    const now = Date.now();
    const start = Math.floor(now / size) * size;
    return { start, retryAfter: Math.max(1, Math.ceil((start + size - now) / 1000)) };
  }
}
