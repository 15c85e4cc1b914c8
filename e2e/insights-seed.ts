import { type IsoWeek, addDays, currentWeek, datesOfWeek, shiftWeek } from '../contracts/index.js';
import type { Database } from '../server/db/database.js';
import { indexLinkTags } from '../server/library/link-tags.repository.js';
import type { TestUser } from './harness.js';
import { seedPreview } from './seed.js';

/**
 * A week to report on (issue 19, the Insights page): links saved on most days of the last complete week
 * (in UTC, the browser's zone here), in three folders and on the web and YouTube, some read, with tags
 * and summaries, and older links that share their tags, with pictures. Made through the API, then dated
 * and enriched in the database, as seed.ts does (dates cannot be set over HTTP, and no worker runs).
 */

interface WeekLink {
  title: string;
  url: string;
  folder: string | null;
  tags: string[];
  summary?: string;
  /** Days after the week's Monday; negative: before the week. */
  day: number;
  read?: boolean;
  /** A picture in this hue (seed.ts seedPreview). */
  hue?: number;
}

/** The first name is long: the page's lists must cut it, not widen. */
const FOLDERS = [
  ['Reading list for slow Sunday mornings, with coffee and the papers', 'blue'],
  ['Design', 'purple'],
  ['Research', 'green'],
] as const;

export const LONG_TITLE =
  'An extraordinarily long article title about the history of typographic conventions in European printing houses, from Gutenberg’s workshop to the variable fonts of the present day';

const LINKS: WeekLink[] = [
  {
    title: 'Why affordances still matter',
    url: 'https://design.example.com/affordances',
    folder: 'Design',
    tags: ['design', 'ux'],
    summary: 'What a thing lets you do should be visible before you try it: thirty years of evidence.',
    day: 0,
    read: true,
  },
  {
    title: 'How SQLite handles a million readers',
    url: 'https://engineering.example.org/sqlite-readers',
    folder: 'Research',
    tags: ['databases', 'sqlite'],
    summary: 'Write-ahead logging lets readers and one writer work at once; here is how far that goes.',
    day: 0,
  },
  {
    title: 'A field guide to sourdough starters',
    url: 'https://kitchen.example.net/sourdough-starters',
    folder: null,
    tags: ['baking', 'bread'],
    summary: 'Flour, water and patience: keeping a starter alive through a busy week.',
    day: 1,
    read: true,
  },
  {
    title: 'The talk on CRDTs everyone recommends',
    url: 'https://www.youtube.com/watch?v=x7drE24geUw',
    folder: 'Research',
    tags: ['crdt', 'databases'],
    day: 2,
  },
  {
    title: LONG_TITLE,
    url: 'https://type.example.org/history-of-printing-conventions',
    folder: 'Design',
    tags: ['typography', 'design', 'history'],
    summary:
      'From movable type to variable fonts, the conventions readers take for granted were argued over for centuries, and some of the arguments are not over yet.',
    day: 2,
  },
  {
    title: 'Designing calm technology',
    url: 'https://design.example.com/calm-technology',
    folder: 'Design',
    tags: ['design', 'ux'],
    summary: 'Technology that stays in the periphery until it is needed.',
    day: 3,
  },
  {
    title: 'Notes on indexing time-series data',
    url: 'https://engineering.example.org/time-series-indexes',
    folder: 'Research',
    tags: ['databases'],
    summary: 'Partition by time, index by series, and keep the newest data hot.',
    day: 4,
    read: true,
  },
  {
    title: 'Weekend bread: a rye loaf without a mixer',
    url: 'https://kitchen.example.net/rye-loaf',
    folder: FOLDERS[0][0],
    tags: ['baking', 'bread'],
    summary: 'A dense, dark loaf that needs a bowl, a spoon and a day.',
    day: 4,
  },
  {
    title: 'Local-first software, five years on',
    url: 'https://essays.example.com/local-first',
    folder: FOLDERS[0][0],
    tags: ['crdt', 'local-first'],
    summary: 'Your data on your devices first, the cloud second: what worked and what did not.',
    day: 6,
  },
  {
    title: 'The Design of Everyday Things, revisited',
    url: 'https://www.designsystems.example.com/everyday-things',
    folder: 'Design',
    tags: ['design', 'ux', 'books'],
    summary: 'Why affordances and feedback still decide whether people can use what we build.',
    day: -30,
    hue: 210,
  },
  {
    title: 'Postgres indexes explained with pictures',
    url: 'https://db.example.io/postgres-indexes',
    folder: 'Research',
    tags: ['databases', 'postgres'],
    summary: 'B-trees, GIN and BRIN, drawn rather than described.',
    day: -64,
    hue: 150,
  },
  {
    title: 'Baking bread at altitude',
    url: 'https://kitchen.example.net/altitude',
    folder: null,
    tags: ['baking', 'bread'],
    summary: 'Less yeast, more water, and a shorter rise above 1,500 metres.',
    day: -95,
    hue: 30,
  },
  {
    title: 'CRDTs: the hard parts',
    url: 'https://essays.example.com/crdts-hard-parts',
    folder: 'Research',
    tags: ['crdt', 'databases'],
    day: -200,
  },
  {
    title: 'Typography for the web, a primer',
    url: 'https://type.example.org/web-primer',
    folder: 'Design',
    tags: ['typography', 'design'],
    summary: 'Measure, leading and scale: the three choices that make text readable.',
    day: -300,
    hue: 280,
  },
  {
    title: 'Gardening in small spaces',
    url: 'https://garden.example.com/small-spaces',
    folder: null,
    tags: ['gardening'],
    day: -400,
  },
];

export interface SeededWeek {
  week: IsoWeek;
}

/** Saves the week's links (and older ones) for `user`, in the last complete week of UTC. */
export async function seedInsightsWeek(database: Database, user: TestUser): Promise<SeededWeek> {
  const week = shiftWeek(currentWeek(Date.now(), 'UTC'), -1);
  const monday = datesOfWeek(week)[0] as string;
  const folders = new Map<string, string>();
  for (const [name, color] of FOLDERS) folders.set(name, (await user.api.folder(name, color)).id);
  for (const [index, seed] of LINKS.entries()) {
    const link = await user.api.link({
      url: seed.url,
      title: seed.title,
      folderId: seed.folder ? (folders.get(seed.folder) ?? null) : null,
    });
    // Mid-morning, a minute apart: the order of a day's links is their order here.
    const created = `${addDays(monday, seed.day)}T09:${String(10 + index).padStart(2, '0')}:00.000Z`;
    await database.db
      .updateTable('links')
      .set({
        created_at: created,
        updated_at: created,
        enrichment_status: 'enriched',
        summary_short: seed.summary ?? null,
        og_title: seed.title,
        tags: JSON.stringify(seed.tags),
        last_processed_at: created,
        enrichment_attempts: 1,
        ...(seed.read && { state: 'read', read_at: `${addDays(monday, 5)}T20:00:00.000Z` }),
      })
      .where('id', '=', link.id)
      .execute();
    await indexLinkTags(database.db, [{ id: link.id, user_id: user.id, tags: JSON.stringify(seed.tags) }]);
    await database.db
      .updateTable('link_ingest_jobs')
      .set({
        status: 'success',
        attempts: 1,
        scheduled_at: created,
        created_at: created,
        updated_at: created,
      })
      .where('link_id', '=', link.id)
      .execute();
    if (seed.hue !== undefined) await seedPreview(database, link.id, seed.hue);
  }
  return { week };
}

/** What the seeded week holds, as the page shows it. */
export const SEEDED = {
  saved: LINKS.filter((link) => link.day >= 0).length,
  read: LINKS.filter((link) => link.read).length,
  unread: LINKS.filter((link) => link.day >= 0 && !link.read).length,
  newTags: ['history', 'local-first', 'sqlite'],
};
