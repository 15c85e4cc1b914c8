import type { Folder, Link } from '../contracts/index.js';
import type { TestUser } from './harness.js';

/** Filed links that teach the suggester its folders: titles and descriptions, as a person saves them. */
const FILED: Record<string, { color: string; links: [title: string, description: string][] }> = {
  Baking: {
    color: 'orange',
    links: [
      ['A field guide to sourdough bread', 'Starter, flour, water and a hot oven: baking a loaf of bread'],
      ['Why bread dough needs a long proof', 'Flour, yeast and time give bread its rise in the oven'],
      ['Baking bread in a home oven', 'Steam, a dutch oven and strong flour for a crusty bread loaf'],
    ],
  },
  Reading: {
    color: 'purple',
    links: [
      [
        'The novels worth reading this winter',
        'A reading list of novels, essays and poetry for long evenings',
      ],
      ['How to read more books', 'Reading habits: a book a week, novels and essays, and a library card'],
      [
        'Poetry for people who think they hate poetry',
        'Reading poems aloud, and the books of poetry to start with',
      ],
    ],
  },
  Databases: {
    color: 'blue',
    links: [
      ['Postgres indexes explained', 'B-tree and GIN indexes, query plans and the Postgres planner'],
      [
        'SQLite is not a toy database',
        'Transactions, WAL and indexes in SQLite, the database in every phone',
      ],
      ['Query plans for beginners', 'Reading EXPLAIN: indexes, joins and the database query planner'],
    ],
  },
};

/** Links in no folder that the suggester has a folder for (and one it has none for). */
export const LOOSE = {
  bread: 'Rye bread: flour, starter and a slow oven',
  poetry: 'A reading list of modern poetry books and novels',
  postgres: 'Partial indexes in Postgres: smaller indexes, faster queries on a big database table',
  unknown: 'Holiday photos from the mountains',
} as const;

export interface OrganiseLibrary {
  folders: Record<string, Folder>;
  loose: Record<keyof typeof LOOSE, Link>;
}

/**
 * A library for smart categories: three folders of three filed links each, then four links in no folder,
 * and the suggestions Auto-organise finds for them (POST /api/links/organise, stored with the links as
 * enrichment's end stores them; the e2e server runs no enrichment).
 */
export async function seedOrganiseLibrary(user: TestUser, { suggest = true } = {}): Promise<OrganiseLibrary> {
  const folders: Record<string, Folder> = {};
  let page = 0;
  for (const [name, { color, links }] of Object.entries(FILED)) {
    const folder = await user.api.folder(name, color);
    folders[name] = folder;
    for (const [title, description] of links) {
      page += 1;
      await user.api.link({
        url: `https://example.com/filed-${page}`,
        title,
        description,
        folderId: folder.id,
      });
    }
  }
  const loose = {} as OrganiseLibrary['loose'];
  for (const [key, title] of Object.entries(LOOSE) as [keyof typeof LOOSE, string][]) {
    loose[key] = await user.api.link({ url: `https://example.com/${key}`, title, description: title });
  }
  if (suggest) await user.api.request('POST', '/api/links/organise');
  return { folders, loose };
}
