import { getEventListeners } from 'node:events';

/**
 * What a signal keeps alive for others: its abort listeners, and the signals AbortSignal.any combined it
 * into (Node keeps these in an internal set that, on Node 20, never shrinks). A signal that lives as long
 * as the process must end every job holding nothing, or each job leaks a little.
 */
export function heldBy(signal: AbortSignal): number {
  const dependants = Object.getOwnPropertySymbols(signal).find((s) => s.description === 'kDependantSignals');
  const combined = dependants && (signal as unknown as Record<symbol, Set<unknown> | undefined>)[dependants];
  return getEventListeners(signal, 'abort').length + (combined?.size ?? 0);
}
