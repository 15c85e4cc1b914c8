import { MAX_SNIPPETS_PER_ENTRY, type SkippedEntry } from './types.js';

/** Why an entry's highlights past MAX_SNIPPETS_PER_ENTRY are not imported. */
export const SNIPPETS_PER_ENTRY_BOUND = `Linkvault keeps the first ${MAX_SNIPPETS_PER_ENTRY.toLocaleString('en-US')} highlights of a page`;

/** The skip item that accounts for `count` highlights of the entry at `position` left out, and says why. */
export function snippetsLeftOut(
  position: string,
  url: string | null,
  count: number,
  cause = SNIPPETS_PER_ENTRY_BOUND,
): SkippedEntry {
  const highlights =
    count === 1
      ? '1 highlight of this page was'
      : `${count.toLocaleString('en-US')} highlights of this page were`;
  return { kind: 'skip', position, url, reason: `${cause}: ${highlights} not imported` };
}

/** The first MAX_SNIPPETS_PER_ENTRY of an entry's list of highlights, and how many more the list holds. */
export const firstSnippets = <T>(list: readonly T[]): { kept: T[]; leftOut: number } => ({
  kept: list.slice(0, MAX_SNIPPETS_PER_ENTRY),
  leftOut: Math.max(0, list.length - MAX_SNIPPETS_PER_ENTRY),
});
