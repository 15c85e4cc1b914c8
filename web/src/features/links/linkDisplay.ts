import { LINK_SORTS, type LinkSort } from '../../../../contracts/constants.js';
import { useStoredChoice } from '../../lib/useStoredChoice';

/** How a list of links is laid out: today's cards, a grid with preview images, or one line each. */
export const LINK_LAYOUTS = ['list', 'cards', 'compact'] as const;
export type LinkLayout = (typeof LINK_LAYOUTS)[number];

const LAYOUT_KEY = 'linkvault.links.layout';
const SORT_KEY = 'linkvault.links.sort';

const oneOf =
  <T extends string>(values: readonly T[], fallback: T) =>
  (stored: string | null): T =>
    values.includes(stored as T) ? (stored as T) : fallback;

const parseLayout = oneOf(LINK_LAYOUTS, 'list');
const parseSort = oneOf(LINK_SORTS, 'newest');

/** The sort this browser chose, read before the dashboard renders (App prefetches the view with it). */
export function storedSort(): LinkSort {
  try {
    return parseSort(globalThis.localStorage?.getItem(SORT_KEY) ?? null);
  } catch {
    return 'newest';
  }
}

/** The layout and order of link lists: this browser's choice, kept across visits and views. */
export function useLinkDisplay() {
  const [layout, setLayout] = useStoredChoice(LAYOUT_KEY, parseLayout);
  const [sort, setSort] = useStoredChoice(SORT_KEY, parseSort);
  return { layout, setLayout, sort, setSort };
}
