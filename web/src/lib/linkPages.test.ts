import { describe, expect, it } from 'vitest';
import type { Link } from '../../../contracts/index.js';
import {
  type Pages,
  compareNewestFirst,
  findInPages,
  flattenPages,
  matchesFilter,
  placeLink,
  removeFromPages,
  upsertInPages,
} from './linkPages';

function link(id: string, createdAt: string, extra: Partial<Link> = {}): Link {
  return {
    id,
    url: `https://example.com/${id}`,
    title: `Link ${id}`,
    description: null,
    folderId: null,
    favicon: null,
    createdAt,
    summaryShort: null,
    summaryLong: null,
    keyPoints: [],
    highlights: [],
    tags: [],
    ogTitle: null,
    ogDescription: null,
    ogImageUrl: null,
    lastProcessedAt: null,
    snippetCount: 0,
    platform: 'generic',
    platformMetadata: {},
    extractionMethod: null,
    enrichmentStatus: 'none',
    enrichmentAttempts: 0,
    enrichmentRetryAt: null,
    enrichmentError: null,
    state: 'unread',
    favorite: false,
    readingProgress: 0,
    contentAvailable: false,
    availability: 'unknown',
    checkedAt: null,
    suggestedFolderId: null,
    shared: false,
    ...extra,
  };
}

const day = (d: number) => `2025-10-${String(d).padStart(2, '0')}T12:00:00.000Z`;
const ids = (data: Pages<Link>) => flattenPages(data).map((l) => l.id);
const pages = (...lists: [Link[], string | null][]): Pages<Link> => ({
  pages: lists.map(([items, nextCursor]) => ({ items, nextCursor })),
  pageParams: lists.map((_, i) => (i === 0 ? null : `c${i}`)),
});

describe('matchesFilter', () => {
  const l = link('a', day(1), { folderId: 'f1', title: 'Rust Book', description: 'Ownership explained' });

  it('filters by folder', () => {
    expect(matchesFilter(l, { folder: 'all', q: '' })).toBe(true);
    expect(matchesFilter(l, { folder: 'f1', q: '' })).toBe(true);
    expect(matchesFilter(l, { folder: 'f2', q: '' })).toBe(false);
    expect(matchesFilter(l, { folder: 'uncategorized', q: '' })).toBe(false);
    expect(matchesFilter({ ...l, folderId: null }, { folder: 'uncategorized', q: '' })).toBe(true);
  });

  it('matches text case-insensitively on title, url and description', () => {
    expect(matchesFilter(l, { folder: 'all', q: 'rust' })).toBe(true);
    expect(matchesFilter(l, { folder: 'all', q: 'EXAMPLE.com' })).toBe(true);
    expect(matchesFilter(l, { folder: 'all', q: 'ownership' })).toBe(true);
    expect(matchesFilter(l, { folder: 'all', q: 'python' })).toBe(false);
  });

  it('keeps a reading list to its state or to favourites, so a link archived elsewhere leaves Unread', () => {
    const unread = { folder: 'all', q: '', state: 'unread' } as const;
    const favourites = { folder: 'all', q: '', favorite: true } as const;
    expect(matchesFilter(l, unread)).toBe(true);
    expect(matchesFilter({ ...l, state: 'archived' }, unread)).toBe(false);
    expect(matchesFilter({ ...l, state: 'archived' }, { ...unread, state: 'archived' })).toBe(true);
    expect(matchesFilter(l, favourites)).toBe(false);
    expect(matchesFilter({ ...l, favorite: true }, favourites)).toBe(true);
    expect(matchesFilter({ ...l, favorite: true }, { ...favourites, q: 'python' })).toBe(false);
    const broken = { folder: 'all', q: '', availability: 'broken' } as const;
    expect(matchesFilter(l, broken)).toBe(false);
    expect(matchesFilter({ ...l, availability: 'broken' }, broken)).toBe(true);
  });

  it('keeps a tag’s list to the links with that tag in any case, so a tag removed elsewhere leaves it', () => {
    const rust = { folder: 'all', q: '', tag: 'rust' } as const;
    expect(matchesFilter(l, rust)).toBe(false);
    expect(matchesFilter({ ...l, tags: ['Systems', ' Rust '] }, rust)).toBe(true);
    expect(matchesFilter({ ...l, tags: ['Rust'] }, { ...rust, folder: 'f2' })).toBe(false);
  });
});

describe('compareNewestFirst', () => {
  it('orders by time descending, then id descending', () => {
    expect(compareNewestFirst(link('a', day(2)), link('b', day(1)))).toBeLessThan(0);
    expect(compareNewestFirst(link('a', day(1)), link('b', day(1)))).toBeGreaterThan(0);
    expect(compareNewestFirst(link('a', day(1)), link('a', day(1)))).toBe(0);
  });
});

describe('upsertInPages', () => {
  const data = pages(
    [[link('e', day(5)), link('d', day(4))], 'c1'],
    [[link('c', day(3)), link('b', day(2))], null],
  );

  it('inserts a new link at its place, across pages', () => {
    expect(ids(upsertInPages(data, link('x', day(6)), compareNewestFirst))).toEqual([
      'x',
      'e',
      'd',
      'c',
      'b',
    ]);
    const middle = upsertInPages(data, link('x', '2025-10-03T18:00:00.000Z'), compareNewestFirst);
    expect(ids(middle)).toEqual(['e', 'd', 'x', 'c', 'b']);
    expect(middle.pages[1]?.items[0]?.id).toBe('x');
  });

  it('appends an oldest link only when the last page is loaded', () => {
    expect(ids(upsertInPages(data, link('x', day(1)), compareNewestFirst))).toEqual([
      'e',
      'd',
      'c',
      'b',
      'x',
    ]);
    const partial = pages([[link('e', day(5))], 'c1']);
    expect(ids(upsertInPages(partial, link('x', day(1)), compareNewestFirst))).toEqual(['e']);
  });

  it('replaces an existing copy, moving it if its time changed', () => {
    const updated = upsertInPages(data, link('d', day(4), { title: 'New' }), compareNewestFirst);
    expect(ids(updated)).toEqual(['e', 'd', 'c', 'b']);
    expect(findInPages(updated, 'd')?.title).toBe('New');
  });

  it('creates a first page in an empty cache', () => {
    const empty: Pages<Link> = { pages: [], pageParams: [] };
    expect(ids(upsertInPages(empty, link('x', day(1)), compareNewestFirst))).toEqual(['x']);
  });
});

describe('removeFromPages and placeLink', () => {
  const data = pages([[link('b', day(2), { folderId: 'f1' }), link('a', day(1))], null]);

  it('removes by id and keeps the same object when absent', () => {
    expect(ids(removeFromPages(data, 'b'))).toEqual(['a']);
    expect(removeFromPages(data, 'zzz')).toBe(data);
  });

  it('moves a link out of a folder list and into another', () => {
    const moved = link('b', day(2), { folderId: 'f2' });
    expect(ids(placeLink(data, { folder: 'f1', q: '' }, moved))).toEqual(['a']);
    expect(ids(placeLink(pages([[], null]), { folder: 'f2', q: '' }, moved))).toEqual(['b']);
    expect(ids(placeLink(data, { folder: 'all', q: '' }, moved))).toEqual(['b', 'a']);
  });

  it("lists a link of someone else's shared folder in that folder's list only", () => {
    const theirs = link('c', day(3), { folderId: 'shared', shared: true });
    expect(ids(placeLink(pages([[], null]), { folder: 'shared', q: '' }, theirs, true))).toEqual(['c']);
    expect(ids(placeLink(data, { folder: 'all', q: '' }, theirs, true))).toEqual(['b', 'a']);
    expect(ids(placeLink(data, { folder: 'all', q: '', state: 'unread' }, theirs, true))).toEqual(['b', 'a']);
    // Moved into the shared folder (it is its owner's now): out of the person's All Links.
    const handedOver = link('a', day(1), { folderId: 'shared', shared: true });
    expect(ids(placeLink(data, { folder: 'all', q: '' }, handedOver, true))).toEqual(['b']);
  });
});
