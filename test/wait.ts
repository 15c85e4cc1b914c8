import { vi } from 'vitest';

/**
 * Waits until `condition` gives a truthy value, and returns it. Tests wait for what they expect to
 * happen, never for a fixed time: CI is a loaded 2-core machine, where anything may take longer.
 * `timeoutMs` only ends a wait that would never end.
 */
export function waitFor<T>(
  condition: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 20 }: { timeoutMs?: number; intervalMs?: number } = {},
) {
  return vi.waitUntil(condition, { timeout: timeoutMs, interval: intervalMs });
}
