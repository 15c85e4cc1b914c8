import type { Snippet } from '../../../../contracts/index.js';

/** The history state's key that opens one snippet's details on arrival (a search result leads there). */
export const OPEN_SNIPPET = 'openSnippet';

/** The snippet a navigation asked to open, if any. */
export function snippetToOpen(state: unknown): Snippet | null {
  if (typeof state !== 'object' || state === null || !(OPEN_SNIPPET in state)) return null;
  const snippet = (state as Record<string, unknown>)[OPEN_SNIPPET];
  return typeof snippet === 'object' && snippet !== null && 'id' in snippet ? (snippet as Snippet) : null;
}
