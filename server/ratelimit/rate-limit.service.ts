import { rateLimited } from '../http/errors.js';
import type { RateLimitRepository } from './rate-limit.repository.js';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/**
 * Database-backed limits rather than @fastify/rate-limit's per-process memory: on PostgreSQL many
 * server processes answer logins, and a limit each process counts alone multiplies by their number.
 */
export class RateLimiter {
  constructor(private readonly repository: RateLimitRepository) {}

  /** Counts one attempt under `key` and refuses it (429 with Retry-After) once over the limit. */
  async consume(key: string, limit: Limit): Promise<void> {
    const window = this.window(limit);
    const count = await this.repository.increment(key, window.start);
    if (count > limit.max) throw rateLimited(window.retryAfter);
  }

  reset(key: string): Promise<void> {
    return this.repository.reset(key);
  }

  private window(limit: Limit) {
    const size = limit.windowSeconds * 1000;
    const now = Date.now();
    const start = Math.floor(now / size) * size;
    return { start, retryAfter: Math.max(1, Math.ceil((start + size - now) / 1000)) };
  }
}
